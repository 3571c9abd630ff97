// Token accounts around lending actions: associated token accounts, wrapped SOL, and the instruction lists of a
// deposit that may create the margin account and of withdrawals and borrows that unwrap SOL.
import {
  NATIVE_MINT,
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createSyncNativeInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import { SystemProgram, type PublicKey, type TransactionInstruction } from "@solana/web3.js";
import { initializeAccountInstruction, initializeAccountPdaInstruction } from "./account.js";
import {
  borrowInstruction,
  depositInstruction,
  repayInstruction,
  withdrawInstruction,
  type BorrowParams,
  type DepositParams,
  type RepayParams,
  type WithdrawParams,
} from "./lending.js";
import { marginfiAccountAddress } from "./pda.js";
import { tokenProgramOf } from "./token-program.js";

/**
 * Lamports wrapped on top of the amount: headroom for what the program may charge beyond it (repay_all rounds the
 * debt up and interest accrues between building and landing), at a cost of at most this much staying wrapped.
 */
export const WRAP_SOL_BUFFER_LAMPORTS = 10_000n;

/** The owner's associated token account; PDA owners (multisigs, programs) are allowed. */
export function associatedTokenAddress(mint: PublicKey, owner: PublicKey, tokenProgram: PublicKey = TOKEN_PROGRAM_ID): PublicKey {
  return getAssociatedTokenAddressSync(mint, owner, true, tokenProgram);
}

export interface AssociatedTokenAccountParams {
  owner: PublicKey;
  mint: PublicKey;
  /** Pays the rent if the account is created; defaults to the owner. */
  payer?: PublicKey;
  tokenProgram?: PublicKey;
}

/** Creates the owner's associated token account unless it exists (then it does nothing). */
export function createAssociatedTokenAccountInstruction(p: AssociatedTokenAccountParams): TransactionInstruction {
  const tokenProgram = tokenProgramOf(p);
  return createAssociatedTokenAccountIdempotentInstruction(
    p.payer ?? p.owner,
    associatedTokenAddress(p.mint, p.owner, tokenProgram),
    p.owner,
    p.mint,
    tokenProgram,
  );
}

export interface WrapSolParams {
  owner: PublicKey;
  /** Lamports to make available as wrapped SOL; WRAP_SOL_BUFFER_LAMPORTS more are wrapped. */
  lamports: bigint;
  payer?: PublicKey;
}

/** Creates the owner's wrapped-SOL account if needed and moves native SOL into it. */
export function wrapSolInstructions(p: WrapSolParams): TransactionInstruction[] {
  const account = associatedTokenAddress(NATIVE_MINT, p.owner);
  return [
    createAssociatedTokenAccountInstruction({ owner: p.owner, mint: NATIVE_MINT, payer: p.payer }),
    SystemProgram.transfer({ fromPubkey: p.owner, toPubkey: account, lamports: p.lamports + WRAP_SOL_BUFFER_LAMPORTS }),
    createSyncNativeInstruction(account),
  ];
}

/** Closes the owner's wrapped-SOL account: its whole balance and rent return to the owner as native SOL. */
export function unwrapSolInstruction(owner: PublicKey): TransactionInstruction {
  return createCloseAccountInstruction(associatedTokenAddress(NATIVE_MINT, owner), owner, owner);
}

/** How a deposit creates a margin account that does not exist yet. */
export type NewMarginfiAccount = "keypair" | { accountIndex: number; thirdPartyId?: number };

type TokenFlow<P> = Omit<P, "signerTokenAccount" | "destinationTokenAccount" | "mint"> & {
  /** The bank's mint; the native mint makes the flow wrap or unwrap SOL. */
  mint: PublicKey;
  /** Pays for created accounts; defaults to the authority. */
  feePayer?: PublicKey;
};

export type DepositFlowParams = TokenFlow<DepositParams> & {
  /**
   * Create the margin account first, in the same transaction: "keypair" (the `marginfiAccount` keypair signs) or
   * the authority's PDA account with this index (`marginfiAccount` must be that PDA).
   */
  newAccount?: NewMarginfiAccount;
};

function createAccountInstruction(p: DepositFlowParams, newAccount: NewMarginfiAccount): TransactionInstruction {
  const { group, marginfiAccount, authority, feePayer, programId } = p;
  if (newAccount === "keypair") return initializeAccountInstruction({ group, marginfiAccount, authority, feePayer, programId });
  const expected = marginfiAccountAddress(group, authority, newAccount.accountIndex, newAccount.thirdPartyId, programId);
  if (!expected.equals(marginfiAccount)) throw new Error(`the PDA account for index ${newAccount.accountIndex} is ${expected.toBase58()}`);
  return initializeAccountPdaInstruction({ group, authority, feePayer, programId, ...newAccount });
}

/** Wraps SOL for the native mint; other tokens come from the authority's associated token account. */
function fundingInstructions(p: TokenFlow<DepositParams | RepayParams>): TransactionInstruction[] {
  return p.mint.equals(NATIVE_MINT) ? wrapSolInstructions({ owner: p.authority, lamports: p.amount, payer: p.feePayer }) : [];
}

const ownerTokenAccount = (p: TokenFlow<DepositParams | RepayParams | WithdrawParams | BorrowParams>) =>
  associatedTokenAddress(p.mint, p.authority, tokenProgramOf(p));

/** A deposit from the authority's token account (or native SOL), creating the margin account on first deposit. */
export function depositFlowInstructions(p: DepositFlowParams): TransactionInstruction[] {
  return [
    ...(p.newAccount === undefined ? [] : [createAccountInstruction(p, p.newAccount)]),
    ...fundingInstructions(p),
    depositInstruction({ ...p, signerTokenAccount: ownerTokenAccount(p) }),
  ];
}

/** A repay from the authority's token account (or native SOL). */
export function repayFlowInstructions(p: TokenFlow<RepayParams>): TransactionInstruction[] {
  return [...fundingInstructions(p), repayInstruction({ ...p, signerTokenAccount: ownerTokenAccount(p) })];
}

/** Receives into the authority's associated token account (created if needed); SOL arrives unwrapped. */
function receivingInstructions(p: TokenFlow<WithdrawParams | BorrowParams>, action: TransactionInstruction): TransactionInstruction[] {
  const native = p.mint.equals(NATIVE_MINT);
  return [
    createAssociatedTokenAccountInstruction({ owner: p.authority, mint: p.mint, payer: p.feePayer, tokenProgram: p.tokenProgram }),
    action,
    ...(native ? [unwrapSolInstruction(p.authority)] : []),
  ];
}

export function withdrawFlowInstructions(p: TokenFlow<WithdrawParams>): TransactionInstruction[] {
  return receivingInstructions(p, withdrawInstruction({ ...p, destinationTokenAccount: ownerTokenAccount(p) }));
}

export function borrowFlowInstructions(p: TokenFlow<BorrowParams>): TransactionInstruction[] {
  return receivingInstructions(p, borrowInstruction({ ...p, destinationTokenAccount: ownerTokenAccount(p) }));
}
