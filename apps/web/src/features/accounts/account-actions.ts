// Account lifecycle actions beyond the SDK's one-call actions: creating an empty account and moving one to a new
// authority. Both need a fresh keypair for the new account, which co-signs the transaction.
import { Keypair, PublicKey } from "@solana/web3.js";
import {
  initializeAccountInstruction,
  sendInstructions,
  transferToNewAccountInstruction,
  walletKey,
  type ActionContext,
  type BroadcastResult,
} from "@ballast/sdk";

export const ADDRESS_ERRORS = {
  invalid: "Enter a valid wallet address",
  same: "The new authority must be a different wallet",
} as const;

/** Null when `text` is a wallet address other than `current`; else why not. */
export function newAuthorityError(text: string, current: string): string | null {
  let key: PublicKey;
  try {
    key = new PublicKey(text.trim());
  } catch {
    return ADDRESS_ERRORS.invalid;
  }
  if (key.toBase58() !== text.trim()) return ADDRESS_ERRORS.invalid;
  return key.toBase58() === current ? ADDRESS_ERRORS.same : null;
}

/** Creates an empty margin account in `group` at a fresh keypair's address; returns that address. */
export async function createAccount(context: ActionContext, group: string): Promise<{ account: string; result: BroadcastResult }> {
  const keypair = Keypair.generate();
  const instruction = initializeAccountInstruction({
    group: new PublicKey(group),
    marginfiAccount: keypair.publicKey,
    authority: walletKey(context.wallet),
    programId: context.programId,
  });
  const result = await sendInstructions(context, [instruction], [keypair]);
  return { account: keypair.publicKey.toBase58(), result };
}

export interface TransferAccountParams {
  readonly group: string;
  readonly account: string;
  readonly newAuthority: string;
  /** The group's cached global fee wallet (it receives the transfer fee). */
  readonly globalFeeWallet: string;
}

/** Moves every position of `account` to a new account owned by `newAuthority`; returns the new account's address. */
export async function transferAccount(
  context: ActionContext,
  p: TransferAccountParams,
): Promise<{ account: string; result: BroadcastResult }> {
  const keypair = Keypair.generate();
  const instruction = transferToNewAccountInstruction({
    group: new PublicKey(p.group),
    oldMarginfiAccount: new PublicKey(p.account),
    newMarginfiAccount: keypair.publicKey,
    authority: walletKey(context.wallet),
    newAuthority: new PublicKey(p.newAuthority),
    globalFeeWallet: new PublicKey(p.globalFeeWallet),
    programId: context.programId,
  });
  const result = await sendInstructions(context, [instruction], [keypair]);
  return { account: keypair.publicKey.toBase58(), result };
}
