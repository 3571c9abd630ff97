// Margin account lifecycle: create (keypair or PDA), close, and move the positions to a new account.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { lendingInstruction, type ProgramOptions } from "./program.js";
import { marginfiAccountAddress } from "./pda.js";

export interface InitializeAccountParams extends ProgramOptions {
  group: PublicKey;
  /** A fresh keypair's address; that keypair signs. */
  marginfiAccount: PublicKey;
  authority: PublicKey;
  /** Pays the rent; defaults to the authority. */
  feePayer?: PublicKey;
}

export function initializeAccountInstruction(p: InitializeAccountParams): TransactionInstruction {
  return lendingInstruction(
    "marginfi_account_initialize",
    {
      accounts: { marginfiGroup: p.group, marginfiAccount: p.marginfiAccount, authority: p.authority, feePayer: p.feePayer ?? p.authority },
    },
    p,
  );
}

export interface InitializeAccountPdaParams extends ProgramOptions {
  group: PublicKey;
  authority: PublicKey;
  feePayer?: PublicKey;
  /** Distinguishes the authority's accounts in the group. */
  accountIndex: number;
  /** Ids of 10,000 and above are reserved to registered programs calling through CPI. */
  thirdPartyId?: number;
}

/** Creates the account at `marginfiAccountAddress(group, authority, accountIndex, thirdPartyId)`; no extra signer. */
export function initializeAccountPdaInstruction(p: InitializeAccountPdaParams): TransactionInstruction {
  return lendingInstruction(
    "marginfi_account_initialize_pda",
    {
      accounts: {
        marginfiGroup: p.group,
        marginfiAccount: marginfiAccountAddress(p.group, p.authority, p.accountIndex, p.thirdPartyId, p.programId),
        authority: p.authority,
        feePayer: p.feePayer ?? p.authority,
      },
      args: { accountIndex: p.accountIndex, thirdPartyId: p.thirdPartyId ?? null },
    },
    p,
  );
}

export interface CloseAccountParams extends ProgramOptions {
  marginfiAccount: PublicKey;
  authority: PublicKey;
  /** Receives the rent; defaults to the authority. */
  feePayer?: PublicKey;
}

/** Closes an account whose balances are all empty. */
export function closeAccountInstruction(p: CloseAccountParams): TransactionInstruction {
  return lendingInstruction(
    "marginfi_account_close",
    { accounts: { marginfiAccount: p.marginfiAccount, authority: p.authority, feePayer: p.feePayer ?? p.authority } },
    p,
  );
}

interface TransferParams extends ProgramOptions {
  group: PublicKey;
  oldMarginfiAccount: PublicKey;
  authority: PublicKey;
  feePayer?: PublicKey;
  newAuthority: PublicKey;
  /** The group's cached global fee wallet, which receives the 0.005 SOL transfer fee. */
  globalFeeWallet: PublicKey;
}

export interface TransferToNewAccountParams extends TransferParams {
  /** A fresh keypair's address; that keypair signs. */
  newMarginfiAccount: PublicKey;
}

/** Moves every position to a new account owned by `newAuthority`; the old account is disabled. */
export function transferToNewAccountInstruction(p: TransferToNewAccountParams): TransactionInstruction {
  return lendingInstruction(
    "transfer_to_new_account",
    {
      accounts: {
        group: p.group,
        oldMarginfiAccount: p.oldMarginfiAccount,
        newMarginfiAccount: p.newMarginfiAccount,
        authority: p.authority,
        feePayer: p.feePayer ?? p.authority,
        newAuthority: p.newAuthority,
        globalFeeWallet: p.globalFeeWallet,
      },
    },
    p,
  );
}

export interface TransferToNewAccountPdaParams extends TransferParams {
  accountIndex: number;
  thirdPartyId?: number;
}

/** As transferToNewAccountInstruction, into the new authority's PDA account. */
export function transferToNewAccountPdaInstruction(p: TransferToNewAccountPdaParams): TransactionInstruction {
  return lendingInstruction(
    "transfer_to_new_account_pda",
    {
      accounts: {
        group: p.group,
        oldMarginfiAccount: p.oldMarginfiAccount,
        newMarginfiAccount: marginfiAccountAddress(p.group, p.newAuthority, p.accountIndex, p.thirdPartyId, p.programId),
        authority: p.authority,
        feePayer: p.feePayer ?? p.authority,
        newAuthority: p.newAuthority,
        globalFeeWallet: p.globalFeeWallet,
      },
      args: { accountIndex: p.accountIndex, thirdPartyId: p.thirdPartyId ?? null },
    },
    p,
  );
}
