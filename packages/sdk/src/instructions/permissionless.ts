// Cranks anyone may send: interest accrual, price and health pulses, balance sorting, fee collection and payout,
// emissions settlement and payout, and propagating global or group settings onto groups and banks.
import type { AccountMeta, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { lendingInstruction, readonlyAccount, type ProgramOptions } from "./program.js";
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
  return lendingInstruction("lending_pool_accrue_bank_interest", { accounts: { group: p.group, bank: p.bank } }, p);
}

export interface PulseBankPriceCacheParams extends BankCrankParams {
  /** The bank's oracle accounts (bankOracleKeys), not the bank itself. */
  oracles: readonly PublicKey[];
}

/** Stores the bank's current oracle price in its cache. */
export function pulseBankPriceCacheInstruction(p: PulseBankPriceCacheParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_pulse_bank_price_cache",
    { accounts: { group: p.group, bank: p.bank }, remainingAccounts: p.oracles.map(readonlyAccount) },
    p,
  );
}

export interface PulseHealthParams extends ProgramOptions {
  marginfiAccount: PublicKey;
  riskAccounts: readonly AccountMeta[];
}

/** Recomputes and stores the account's health cache; never fails on health or oracles. */
export function pulseAccountHealthInstruction(p: PulseHealthParams): TransactionInstruction {
  return lendingInstruction(
    "lending_account_pulse_health",
    { accounts: { marginfiAccount: p.marginfiAccount }, remainingAccounts: p.riskAccounts },
    p,
  );
}

export interface SortBalancesParams extends ProgramOptions {
  marginfiAccount: PublicKey;
}

/** Puts the balances in the order risk accounts are packed in (accounts last touched by older versions may not be). */
export function sortBalancesInstruction(p: SortBalancesParams): TransactionInstruction {
  return lendingInstruction("lending_account_sort_balances", { accounts: { marginfiAccount: p.marginfiAccount } }, p);
}

export interface CollectBankFeesParams extends BankCrankParams, TokenProgramOptions {
  /** The global fee wallet's associated token account for the bank's mint. */
  feeAta: PublicKey;
}

/** Moves outstanding insurance and group fees into their vaults and program fees to the global fee wallet. */
export function collectBankFeesInstruction(p: CollectBankFeesParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_collect_bank_fees",
    {
      accounts: {
        group: p.group,
        bank: p.bank,
        liquidityVaultAuthority: bankVaultAuthorityAddress(p.bank, "liquidity", p.programId),
        liquidityVault: bankVaultAddress(p.bank, "liquidity", p.programId),
        insuranceVault: bankVaultAddress(p.bank, "insurance", p.programId),
        feeVault: bankVaultAddress(p.bank, "fee", p.programId),
        feeState: feeStateAddress(p.programId),
        feeAta: p.feeAta,
        tokenProgram: tokenProgramOf(p),
      },
      remainingAccounts: mintPrefix(p),
    },
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
  return lendingInstruction(
    "lending_pool_withdraw_fees_permissionless",
    {
      accounts: {
        group: p.group,
        bank: p.bank,
        feeVault: bankVaultAddress(p.bank, "fee", p.programId),
        feeVaultAuthority: bankVaultAuthorityAddress(p.bank, "fee", p.programId),
        feesDestinationAccount: p.feesDestinationAccount,
        tokenProgram: tokenProgramOf(p),
      },
      args: { amount: p.amount },
    },
    p,
  );
}

export interface SettleEmissionsParams extends ProgramOptions {
  marginfiAccount: PublicKey;
  bank: PublicKey;
}

/** Books the balance's emissions so far into its outstanding emissions. */
export function settleEmissionsInstruction(p: SettleEmissionsParams): TransactionInstruction {
  return lendingInstruction("lending_account_settle_emissions", { accounts: { marginfiAccount: p.marginfiAccount, bank: p.bank } }, p);
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
  return lendingInstruction(
    "lending_account_withdraw_emissions_permissionless",
    {
      accounts: {
        group: p.group,
        marginfiAccount: p.marginfiAccount,
        bank: p.bank,
        emissionsMint: p.emissionsMint,
        emissionsAuth: emissionsAuthorityAddress(p.bank, p.emissionsMint, p.programId),
        emissionsVault: emissionsVaultAddress(p.bank, p.emissionsMint, p.programId),
        destinationAccount: p.destinationAccount,
        tokenProgram: tokenProgramOf(p),
      },
    },
    p,
  );
}

export interface PropagateFeeStateParams extends ProgramOptions {
  group: PublicKey;
}

/** Copies the global fee settings and panic state into the group's caches. */
export function propagateFeeStateInstruction(p: PropagateFeeStateParams): TransactionInstruction {
  return lendingInstruction("propagate_fee_state", { accounts: { feeState: feeStateAddress(p.programId), marginfiGroup: p.group } }, p);
}

export interface PropagateStakedSettingsParams extends BankCrankParams {
  /** The settings' Pyth SOL feed, needed when it differs from the bank's. */
  oracle?: PublicKey;
}

/** Copies the group's staked-collateral settings onto a staked bank. */
export function propagateStakedSettingsInstruction(p: PropagateStakedSettingsParams): TransactionInstruction {
  return lendingInstruction(
    "propagate_staked_settings",
    {
      accounts: { marginfiGroup: p.group, stakedSettings: stakedSettingsAddress(p.group, p.programId), bank: p.bank },
      remainingAccounts: p.oracle === undefined ? [] : [readonlyAccount(p.oracle)],
    },
    p,
  );
}

export interface MigrateCurveParams extends ProgramOptions {
  bank: PublicKey;
}

/** Rewrites a legacy three-parameter interest curve as the equivalent seven-point one. */
export function migrateCurveInstruction(p: MigrateCurveParams): TransactionInstruction {
  return lendingInstruction("migrate_curve", { accounts: { bank: p.bank } }, p);
}
