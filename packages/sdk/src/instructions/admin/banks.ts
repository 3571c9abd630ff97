// Banks: creation with their vaults, configuration (full, interest-only, limits-only), sunset and closing.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { lendingInstruction, type ProgramOptions } from "../program.js";
import {
  bankConfigArgs,
  bankConfigChangesArgs,
  interestRateChangesArgs,
  type BankConfigChanges,
  type BankConfigParams,
  type InterestRateChanges,
} from "../config-args.js";
import { bankAddressWithSeed, feeStateAddress } from "../pda.js";
import { tokenProgramOf } from "../token-program.js";
import { bankVaultAccounts, type BankAdminParams } from "./bank-admin.js";

interface AddBankCommon extends ProgramOptions {
  group: PublicKey;
  admin: PublicKey;
  /** Pays rent and the flat bank fee; defaults to the admin. */
  feePayer?: PublicKey;
  /** The fee state's global fee wallet. */
  globalFeeWallet: PublicKey;
  bankMint: PublicKey;
  config: BankConfigParams;
  /** The mint's token program; defaults to SPL Token. */
  tokenProgram?: PublicKey;
}

function addBankAccounts(p: AddBankCommon, bank: PublicKey) {
  return {
    marginfiGroup: p.group,
    admin: p.admin,
    feePayer: p.feePayer ?? p.admin,
    feeState: feeStateAddress(p.programId),
    globalFeeWallet: p.globalFeeWallet,
    bankMint: p.bankMint,
    bank,
    ...bankVaultAccounts(bank, p.programId),
    tokenProgram: tokenProgramOf(p),
  };
}

export interface AddBankParams extends AddBankCommon {
  /** A fresh keypair's address; that keypair signs. */
  bank: PublicKey;
}

/** Creates a bank and its vaults; its oracle is set afterwards (configureBankOracle or setFixedOraclePrice). */
export function addBankInstruction(p: AddBankParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_add_bank",
    { accounts: addBankAccounts(p, p.bank), args: { bankConfig: bankConfigArgs(p.config) } },
    p,
  );
}

export interface AddBankWithSeedParams extends AddBankCommon {
  /** The bank is the PDA bankAddressWithSeed(group, bankMint, bankSeed). */
  bankSeed: bigint;
}

export function addBankWithSeedInstruction(p: AddBankWithSeedParams): TransactionInstruction {
  const bank = bankAddressWithSeed(p.group, p.bankMint, p.bankSeed, p.programId);
  return lendingInstruction(
    "lending_pool_add_bank_with_seed",
    { accounts: addBankAccounts(p, bank), args: { bankConfig: bankConfigArgs(p.config), bankSeed: p.bankSeed } },
    p,
  );
}

export interface ConfigureBankParams extends BankAdminParams {
  admin: PublicKey;
  changes: BankConfigChanges;
}

export function configureBankInstruction(p: ConfigureBankParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_configure_bank",
    { accounts: { group: p.group, admin: p.admin, bank: p.bank }, args: { bankConfigOpt: bankConfigChangesArgs(p.changes) } },
    p,
  );
}

export interface ConfigureBankInterestParams extends BankAdminParams {
  curveAdmin: PublicKey;
  changes: InterestRateChanges;
}

/** The curve admin's interest-only change. */
export function configureBankInterestInstruction(p: ConfigureBankInterestParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_configure_bank_interest_only",
    {
      accounts: { group: p.group, delegateCurveAdmin: p.curveAdmin, bank: p.bank },
      args: { interestRateConfig: interestRateChangesArgs(p.changes) },
    },
    p,
  );
}

export interface ConfigureBankLimitsParams extends BankAdminParams {
  limitAdmin: PublicKey;
  depositLimit?: bigint;
  borrowLimit?: bigint;
  totalAssetValueInitLimit?: bigint;
}

/** The limit admin's limits-only change; limits left out keep their value. */
export function configureBankLimitsInstruction(p: ConfigureBankLimitsParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_configure_bank_limits_only",
    {
      accounts: { group: p.group, delegateLimitAdmin: p.limitAdmin, bank: p.bank },
      args: {
        depositLimit: p.depositLimit ?? null,
        borrowLimit: p.borrowLimit ?? null,
        totalAssetValueInitLimit: p.totalAssetValueInitLimit ?? null,
      },
    },
    p,
  );
}

export interface ForceTokenlessRepayCompleteParams extends BankAdminParams {
  riskAdmin: PublicKey;
}

/** Ends a sunset bank's tokenless-repayment phase, so lenders withdraw what the vault holds. */
export function forceTokenlessRepayCompleteInstruction(p: ForceTokenlessRepayCompleteParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_force_tokenless_repay_complete",
    { accounts: { group: p.group, riskAdmin: p.riskAdmin, bank: p.bank } },
    p,
  );
}

export interface CloseBankParams extends BankAdminParams {
  /** Receives the rent. */
  admin: PublicKey;
}

/** Closes a bank without positions, shares or emissions left. */
export function closeBankInstruction(p: CloseBankParams): TransactionInstruction {
  return lendingInstruction("lending_pool_close_bank", { accounts: { group: p.group, bank: p.bank, admin: p.admin } }, p);
}
