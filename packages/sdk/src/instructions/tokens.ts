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
  type BalanceActionAccounts,
  type BorrowParams,
  type DepositParams,
  type RepayParams,
  type WithdrawParams,
} from "./lending.js";
import { marginfiAccountAddress } from "./pda.js";
import { tokenProgramOf, type TokenProgramOptions } from "./token-program.js";
import { BallastSdkError } from "../errors.js";

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

/** What every token flow knows: the balance's accounts, the bank's mint and who pays. */
export type TokenFlowAccounts = TokenFlow<BalanceActionAccounts & TokenProgramOptions>;

export type DepositFlowParams = TokenFlow<DepositParams> & {
  /**
   * Create the margin account first, in the same transaction: "keypair" (the `marginfiAccount` keypair signs) or
   * the authority's PDA account with this index (`marginfiAccount` must be that PDA).
   */
  newAccount?: NewMarginfiAccount;
};

/** A flow paying tokens in: native units, and the account to create on a first deposit. */
export type FundingFlowParams = TokenFlowAccounts & { amount: bigint; newAccount?: NewMarginfiAccount };

function createAccountInstruction(p: TokenFlowAccounts, newAccount: NewMarginfiAccount): TransactionInstruction {
  const { group, marginfiAccount, authority, feePayer, programId } = p;
  if (newAccount === "keypair") return initializeAccountInstruction({ group, marginfiAccount, authority, feePayer, programId });
  const expected = marginfiAccountAddress(group, authority, newAccount.accountIndex, newAccount.thirdPartyId, programId);
  if (!expected.equals(marginfiAccount))
    throw new BallastSdkError("PDA_ACCOUNT_MISMATCH", { accountIndex: newAccount.accountIndex, expected: expected.toBase58() });
  return initializeAccountPdaInstruction({ group, authority, feePayer, programId, ...newAccount });
}

const ownerTokenAccount = (p: TokenFlowAccounts) => associatedTokenAddress(p.mint, p.authority, tokenProgramOf(p));

/**
 * An instruction paying tokens from the authority's token account, after the margin account's creation (on a first
 * deposit) and, for the native mint, the wrapping of the amount.
 */
export function fundingFlow(
  p: FundingFlowParams,
  action: (signerTokenAccount: PublicKey) => TransactionInstruction,
): TransactionInstruction[] {
  return [
    ...(p.newAccount === undefined ? [] : [createAccountInstruction(p, p.newAccount)]),
    ...(p.mint.equals(NATIVE_MINT) ? wrapSolInstructions({ owner: p.authority, lamports: p.amount, payer: p.feePayer }) : []),
    action(ownerTokenAccount(p)),
  ];
}

/** An instruction paying into the authority's associated token account (created if needed); SOL arrives unwrapped. */
export function receivingFlow(
  p: TokenFlowAccounts,
  action: (destinationTokenAccount: PublicKey) => TransactionInstruction,
): TransactionInstruction[] {
  return [
    createAssociatedTokenAccountInstruction({ owner: p.authority, mint: p.mint, payer: p.feePayer, tokenProgram: p.tokenProgram }),
    action(ownerTokenAccount(p)),
    ...(p.mint.equals(NATIVE_MINT) ? [unwrapSolInstruction(p.authority)] : []),
  ];
}

/** A deposit from the authority's token account (or native SOL), creating the margin account on first deposit. */
export function depositFlowInstructions(p: DepositFlowParams): TransactionInstruction[] {
  return fundingFlow(p, (signerTokenAccount) => depositInstruction({ ...p, signerTokenAccount }));
}

/** A repay from the authority's token account (or native SOL). */
export function repayFlowInstructions(p: TokenFlow<RepayParams>): TransactionInstruction[] {
  return fundingFlow(p, (signerTokenAccount) => repayInstruction({ ...p, signerTokenAccount }));
}

export function withdrawFlowInstructions(p: TokenFlow<WithdrawParams>): TransactionInstruction[] {
  return receivingFlow(p, (destinationTokenAccount) => withdrawInstruction({ ...p, destinationTokenAccount }));
}

export function borrowFlowInstructions(p: TokenFlow<BorrowParams>): TransactionInstruction[] {
  return receivingFlow(p, (destinationTokenAccount) => borrowInstruction({ ...p, destinationTokenAccount }));
}
