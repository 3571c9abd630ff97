// The authority's own actions on a margin account: deposit, withdraw, borrow, repay, close a balance, emissions.
import type { AccountMeta, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, type ProgramOptions } from "./coder.js";
import { u64 } from "./coder-values.js";
import { bankVaultAddress, bankVaultAuthorityAddress, emissionsAuthorityAddress, emissionsVaultAddress } from "./pda.js";
import { mintPrefix, tokenProgramOf, type TokenProgramOptions } from "./token-program.js";

/** The accounts every balance action names. */
export interface BalanceActionAccounts extends ProgramOptions {
  group: PublicKey;
  marginfiAccount: PublicKey;
  /** The account's authority (or the group admin for a frozen account, or anyone in receivership). */
  authority: PublicKey;
  bank: PublicKey;
}

const balanceAccounts = (p: BalanceActionAccounts) => ({
  group: p.group,
  marginfi_account: p.marginfiAccount,
  authority: p.authority,
  bank: p.bank,
});

export interface DepositParams extends BalanceActionAccounts, TokenProgramOptions {
  /** The authority's token account the tokens come from. */
  signerTokenAccount: PublicKey;
  /** Native units. */
  amount: bigint;
  /** Deposit only what the bank's deposit limit still allows (possibly nothing) instead of failing. */
  depositUpToLimit?: boolean;
}

export function depositInstruction(p: DepositParams): TransactionInstruction {
  return buildInstruction(
    "lending_account_deposit",
    {
      ...balanceAccounts(p),
      signer_token_account: p.signerTokenAccount,
      liquidity_vault: bankVaultAddress(p.bank, "liquidity", p.programId),
      token_program: tokenProgramOf(p),
    },
    { amount: u64(p.amount), deposit_up_to_limit: p.depositUpToLimit ?? null },
    mintPrefix(p),
    p,
  );
}

export interface RepayParams extends BalanceActionAccounts, TokenProgramOptions {
  signerTokenAccount: PublicKey;
  /** Native units; ignored with repayAll, which charges the debt rounded up. */
  amount: bigint;
  /** Repay the whole debt and close the balance. */
  repayAll?: boolean;
}

export function repayInstruction(p: RepayParams): TransactionInstruction {
  return buildInstruction(
    "lending_account_repay",
    {
      ...balanceAccounts(p),
      signer_token_account: p.signerTokenAccount,
      liquidity_vault: bankVaultAddress(p.bank, "liquidity", p.programId),
      token_program: tokenProgramOf(p),
    },
    { amount: u64(p.amount), repay_all: p.repayAll ?? null },
    mintPrefix(p),
    p,
  );
}

export interface WithdrawParams extends BalanceActionAccounts, TokenProgramOptions {
  destinationTokenAccount: PublicKey;
  /** Native units; ignored with withdrawAll, which pays out the deposit rounded down. */
  amount: bigint;
  /** Withdraw the whole deposit and close the balance. */
  withdrawAll?: boolean;
  /** From withdrawRiskAccounts. */
  riskAccounts: readonly AccountMeta[];
}

export function withdrawInstruction(p: WithdrawParams): TransactionInstruction {
  return buildInstruction(
    "lending_account_withdraw",
    {
      ...balanceAccounts(p),
      destination_token_account: p.destinationTokenAccount,
      bank_liquidity_vault_authority: bankVaultAuthorityAddress(p.bank, "liquidity", p.programId),
      liquidity_vault: bankVaultAddress(p.bank, "liquidity", p.programId),
      token_program: tokenProgramOf(p),
    },
    { amount: u64(p.amount), withdraw_all: p.withdrawAll ?? null },
    [...mintPrefix(p), ...p.riskAccounts],
    p,
  );
}

export interface BorrowParams extends BalanceActionAccounts, TokenProgramOptions {
  destinationTokenAccount: PublicKey;
  /** Native units received; an origination fee, if any, is added to the debt. */
  amount: bigint;
  /** From borrowRiskAccounts. */
  riskAccounts: readonly AccountMeta[];
}

export function borrowInstruction(p: BorrowParams): TransactionInstruction {
  return buildInstruction(
    "lending_account_borrow",
    {
      ...balanceAccounts(p),
      destination_token_account: p.destinationTokenAccount,
      bank_liquidity_vault_authority: bankVaultAuthorityAddress(p.bank, "liquidity", p.programId),
      liquidity_vault: bankVaultAddress(p.bank, "liquidity", p.programId),
      token_program: tokenProgramOf(p),
    },
    { amount: u64(p.amount) },
    [...mintPrefix(p), ...p.riskAccounts],
    p,
  );
}

/** Frees the slot of a balance with no deposit, no debt and no unclaimed emissions. */
export function closeBalanceInstruction(p: BalanceActionAccounts): TransactionInstruction {
  return buildInstruction("lending_account_close_balance", balanceAccounts(p), {}, [], p);
}

export interface WithdrawEmissionsParams extends BalanceActionAccounts {
  emissionsMint: PublicKey;
  /** A token account of the emissions mint. */
  destinationAccount: PublicKey;
  /** The emissions mint's token program; defaults to SPL Token. */
  tokenProgram?: PublicKey;
}

/** Settles the balance's emissions and pays the whole units out. */
export function withdrawEmissionsInstruction(p: WithdrawEmissionsParams): TransactionInstruction {
  return buildInstruction(
    "lending_account_withdraw_emissions",
    {
      ...balanceAccounts(p),
      emissions_mint: p.emissionsMint,
      emissions_auth: emissionsAuthorityAddress(p.bank, p.emissionsMint, p.programId),
      emissions_vault: emissionsVaultAddress(p.bank, p.emissionsMint, p.programId),
      destination_account: p.destinationAccount,
      token_program: tokenProgramOf(p),
    },
    {},
    [],
    p,
  );
}

export interface UpdateEmissionsDestinationParams extends ProgramOptions {
  marginfiAccount: PublicKey;
  authority: PublicKey;
  /** The wallet whose associated token accounts receive permissionless emissions withdrawals. */
  destinationAccount: PublicKey;
}

export function updateEmissionsDestinationInstruction(p: UpdateEmissionsDestinationParams): TransactionInstruction {
  return buildInstruction(
    "marginfi_account_update_emissions_destination_account",
    { marginfi_account: p.marginfiAccount, authority: p.authority, destination_account: p.destinationAccount },
    {},
    [],
    p,
  );
}
