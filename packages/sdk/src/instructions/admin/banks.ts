// Banks: creation with their vaults, configuration (full, interest-only, limits-only), sunset and closing.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, type ProgramOptions } from "../coder.js";
import { option, u64 } from "../coder-values.js";
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
    marginfi_group: p.group,
    admin: p.admin,
    fee_payer: p.feePayer ?? p.admin,
    fee_state: feeStateAddress(p.programId),
    global_fee_wallet: p.globalFeeWallet,
    bank_mint: p.bankMint,
    bank,
    ...bankVaultAccounts(bank, p.programId),
    token_program: tokenProgramOf(p),
  };
}

export interface AddBankParams extends AddBankCommon {
  /** A fresh keypair's address; that keypair signs. */
  bank: PublicKey;
}

/** Creates a bank and its vaults; its oracle is set afterwards (configureBankOracle or setFixedOraclePrice). */
export function addBankInstruction(p: AddBankParams): TransactionInstruction {
  return buildInstruction("lending_pool_add_bank", addBankAccounts(p, p.bank), { bank_config: bankConfigArgs(p.config) }, [], p);
}

export interface AddBankWithSeedParams extends AddBankCommon {
  /** The bank is the PDA bankAddressWithSeed(group, bankMint, bankSeed). */
  bankSeed: bigint;
}

export function addBankWithSeedInstruction(p: AddBankWithSeedParams): TransactionInstruction {
  const bank = bankAddressWithSeed(p.group, p.bankMint, p.bankSeed, p.programId);
  return buildInstruction(
    "lending_pool_add_bank_with_seed",
    addBankAccounts(p, bank),
    { bank_config: bankConfigArgs(p.config), bank_seed: u64(p.bankSeed) },
    [],
    p,
  );
}

export interface ConfigureBankParams extends BankAdminParams {
  admin: PublicKey;
  changes: BankConfigChanges;
}

export function configureBankInstruction(p: ConfigureBankParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_configure_bank",
    { group: p.group, admin: p.admin, bank: p.bank },
    { bank_config_opt: bankConfigChangesArgs(p.changes) },
    [],
    p,
  );
}

export interface ConfigureBankInterestParams extends BankAdminParams {
  curveAdmin: PublicKey;
  changes: InterestRateChanges;
}

/** The curve admin's interest-only change. */
export function configureBankInterestInstruction(p: ConfigureBankInterestParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_configure_bank_interest_only",
    { group: p.group, delegate_curve_admin: p.curveAdmin, bank: p.bank },
    { interest_rate_config: interestRateChangesArgs(p.changes) },
    [],
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
  return buildInstruction(
    "lending_pool_configure_bank_limits_only",
    { group: p.group, delegate_limit_admin: p.limitAdmin, bank: p.bank },
    {
      deposit_limit: option(p.depositLimit, u64),
      borrow_limit: option(p.borrowLimit, u64),
      total_asset_value_init_limit: option(p.totalAssetValueInitLimit, u64),
    },
    [],
    p,
  );
}

export interface ForceTokenlessRepayCompleteParams extends BankAdminParams {
  riskAdmin: PublicKey;
}

/** Ends a sunset bank's tokenless-repayment phase, so lenders withdraw what the vault holds. */
export function forceTokenlessRepayCompleteInstruction(p: ForceTokenlessRepayCompleteParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_force_tokenless_repay_complete",
    { group: p.group, risk_admin: p.riskAdmin, bank: p.bank },
    {},
    [],
    p,
  );
}

export interface CloseBankParams extends BankAdminParams {
  /** Receives the rent. */
  admin: PublicKey;
}

/** Closes a bank without positions, shares or emissions left. */
export function closeBankInstruction(p: CloseBankParams): TransactionInstruction {
  return buildInstruction("lending_pool_close_bank", { group: p.group, bank: p.bank, admin: p.admin }, {}, [], p);
}
