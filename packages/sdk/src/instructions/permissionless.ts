// Cranks anyone may send: interest accrual, price and health pulses, balance sorting, fee collection and payout,
// emissions settlement and payout, and propagating global or group settings onto groups and banks.
import type { AccountMeta, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, readonlyAccount, type ProgramOptions } from "./coder.js";
import { u64 } from "./coder-values.js";
import {
  bankVaultAddress,
  bankVaultAuthorityAddress,
  emissionsAuthorityAddress,
  emissionsVaultAddress,
  feeStateAddress,
  stakedSettingsAddress,
} from "./pda.js";
import { mintPrefix, tokenProgramOf, type TokenProgramOptions } from "./token-program.js";

export interface BankCrankParams extends ProgramOptions {
  group: PublicKey;
  bank: PublicKey;
}

export function accrueBankInterestInstruction(p: BankCrankParams): TransactionInstruction {
  return buildInstruction("lending_pool_accrue_bank_interest", { group: p.group, bank: p.bank }, {}, [], p);
}

export interface PulseBankPriceCacheParams extends BankCrankParams {
  /** The bank's oracle accounts (bankOracleKeys), not the bank itself. */
  oracles: readonly PublicKey[];
}

/** Stores the bank's current oracle price in its cache. */
export function pulseBankPriceCacheInstruction(p: PulseBankPriceCacheParams): TransactionInstruction {
  return buildInstruction("lending_pool_pulse_bank_price_cache", { group: p.group, bank: p.bank }, {}, p.oracles.map(readonlyAccount), p);
}

export interface PulseHealthParams extends ProgramOptions {
  marginfiAccount: PublicKey;
  riskAccounts: readonly AccountMeta[];
}

/** Recomputes and stores the account's health cache; never fails on health or oracles. */
export function pulseAccountHealthInstruction(p: PulseHealthParams): TransactionInstruction {
  return buildInstruction("lending_account_pulse_health", { marginfi_account: p.marginfiAccount }, {}, p.riskAccounts, p);
}

export interface SortBalancesParams extends ProgramOptions {
  marginfiAccount: PublicKey;
}

/** Puts the balances in the order risk accounts are packed in (accounts last touched by older versions may not be). */
export function sortBalancesInstruction(p: SortBalancesParams): TransactionInstruction {
  return buildInstruction("lending_account_sort_balances", { marginfi_account: p.marginfiAccount }, {}, [], p);
}

export interface CollectBankFeesParams extends BankCrankParams, TokenProgramOptions {
  /** The global fee wallet's associated token account for the bank's mint. */
  feeAta: PublicKey;
}

/** Moves outstanding insurance and group fees into their vaults and program fees to the global fee wallet. */
export function collectBankFeesInstruction(p: CollectBankFeesParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_collect_bank_fees",
    {
      group: p.group,
      bank: p.bank,
      liquidity_vault_authority: bankVaultAuthorityAddress(p.bank, "liquidity", p.programId),
      liquidity_vault: bankVaultAddress(p.bank, "liquidity", p.programId),
      insurance_vault: bankVaultAddress(p.bank, "insurance", p.programId),
      fee_vault: bankVaultAddress(p.bank, "fee", p.programId),
      fee_state: feeStateAddress(p.programId),
      fee_ata: p.feeAta,
      token_program: tokenProgramOf(p),
    },
    {},
    mintPrefix(p),
    p,
  );
}

export interface WithdrawFeesPermissionlessParams extends BankCrankParams {
  /** The bank's configured fees destination account. */
  feesDestinationAccount: PublicKey;
  /** Native units; the program pays at most what the fee vault holds. */
  amount: bigint;
  tokenProgram?: PublicKey;
}

export function withdrawFeesPermissionlessInstruction(p: WithdrawFeesPermissionlessParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_withdraw_fees_permissionless",
    {
      group: p.group,
      bank: p.bank,
      fee_vault: bankVaultAddress(p.bank, "fee", p.programId),
      fee_vault_authority: bankVaultAuthorityAddress(p.bank, "fee", p.programId),
      fees_destination_account: p.feesDestinationAccount,
      token_program: tokenProgramOf(p),
    },
    { amount: u64(p.amount) },
    [],
    p,
  );
}

export interface SettleEmissionsParams extends ProgramOptions {
  marginfiAccount: PublicKey;
  bank: PublicKey;
}

/** Books the balance's emissions so far into its outstanding emissions. */
export function settleEmissionsInstruction(p: SettleEmissionsParams): TransactionInstruction {
  return buildInstruction("lending_account_settle_emissions", { marginfi_account: p.marginfiAccount, bank: p.bank }, {}, [], p);
}

export interface WithdrawEmissionsPermissionlessParams extends BankCrankParams {
  marginfiAccount: PublicKey;
  emissionsMint: PublicKey;
  /** The associated token account of the account's emissions destination for the emissions mint. */
  destinationAccount: PublicKey;
  tokenProgram?: PublicKey;
}

/** Pays an opted-in account's emissions to its emissions destination. */
export function withdrawEmissionsPermissionlessInstruction(p: WithdrawEmissionsPermissionlessParams): TransactionInstruction {
  return buildInstruction(
    "lending_account_withdraw_emissions_permissionless",
    {
      group: p.group,
      marginfi_account: p.marginfiAccount,
      bank: p.bank,
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

export interface PropagateFeeStateParams extends ProgramOptions {
  group: PublicKey;
}

/** Copies the global fee settings and panic state into the group's caches. */
export function propagateFeeStateInstruction(p: PropagateFeeStateParams): TransactionInstruction {
  return buildInstruction("propagate_fee_state", { fee_state: feeStateAddress(p.programId), marginfi_group: p.group }, {}, [], p);
}

export interface PropagateStakedSettingsParams extends BankCrankParams {
  /** The settings' Pyth SOL feed, needed when it differs from the bank's. */
  oracle?: PublicKey;
}

/** Copies the group's staked-collateral settings onto a staked bank. */
export function propagateStakedSettingsInstruction(p: PropagateStakedSettingsParams): TransactionInstruction {
  return buildInstruction(
    "propagate_staked_settings",
    { marginfi_group: p.group, staked_settings: stakedSettingsAddress(p.group, p.programId), bank: p.bank },
    {},
    p.oracle === undefined ? [] : [readonlyAccount(p.oracle)],
    p,
  );
}

export interface MigrateCurveParams extends ProgramOptions {
  bank: PublicKey;
}

/** Rewrites a legacy three-parameter interest curve as the equivalent seven-point one. */
export function migrateCurveInstruction(p: MigrateCurveParams): TransactionInstruction {
  return buildInstruction("migrate_curve", { bank: p.bank }, {}, [], p);
}
