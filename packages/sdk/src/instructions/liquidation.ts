// Liquidation (reference §13, §14): classic liquidation, the receivership bracket and its liquidation record, the
// risk admin's deleverage bracket, and bad-debt settlement.
import type { AccountMeta, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { lendingInstruction, readonlyAccount, type ProgramOptions } from "./program.js";
import { bankVaultAddress, bankVaultAuthorityAddress, feeStateAddress, liquidationRecordAddress } from "./pda.js";
import type { LiquidationRiskAccounts } from "./risk-accounts.js";
import { mintPrefix, tokenProgramOf, type TokenProgramOptions } from "./token-program.js";

const U8_MAX = 255;

/** `tokenProgram` and `mint` are the liability bank's: its tokens move between its vaults. */
export interface LiquidateParams extends ProgramOptions, LiquidationRiskAccounts, TokenProgramOptions {
  group: PublicKey;
  assetBank: PublicKey;
  liabBank: PublicKey;
  liquidatorMarginfiAccount: PublicKey;
  /** The liquidator account's authority. */
  authority: PublicKey;
  liquidateeMarginfiAccount: PublicKey;
  /** Collateral to seize, in native units of the asset bank. */
  assetAmount: bigint;
}

function blockLength(accounts: readonly AccountMeta[], party: string): number {
  if (accounts.length > U8_MAX) throw new RangeError(`${accounts.length} ${party} risk accounts do not fit in a u8`);
  return accounts.length;
}

/**
 * The liquidator takes `assetAmount` of collateral at a discount and the matching debt. Remaining accounts: both
 * banks' oracles, then the liquidator's and the liquidatee's risk accounts (counts passed as arguments).
 */
export function liquidateInstruction(p: LiquidateParams): TransactionInstruction {
  return lendingInstruction(
    "lending_account_liquidate",
    {
      accounts: {
        group: p.group,
        assetBank: p.assetBank,
        liabBank: p.liabBank,
        liquidatorMarginfiAccount: p.liquidatorMarginfiAccount,
        authority: p.authority,
        liquidateeMarginfiAccount: p.liquidateeMarginfiAccount,
        bankLiquidityVaultAuthority: bankVaultAuthorityAddress(p.liabBank, "liquidity", p.programId),
        bankLiquidityVault: bankVaultAddress(p.liabBank, "liquidity", p.programId),
        bankInsuranceVault: bankVaultAddress(p.liabBank, "insurance", p.programId),
        tokenProgram: tokenProgramOf(p),
      },
      args: {
        assetAmount: p.assetAmount,
        liquidateeAccounts: blockLength(p.liquidateeRiskAccounts, "liquidatee"),
        liquidatorAccounts: blockLength(p.liquidatorRiskAccounts, "liquidator"),
      },
      remainingAccounts: [
        ...mintPrefix(p),
        ...p.assetBankOracles.map(readonlyAccount),
        ...p.liabBankOracles.map(readonlyAccount),
        ...p.liquidatorRiskAccounts,
        ...p.liquidateeRiskAccounts,
      ],
    },
    p,
  );
}

export interface InitLiquidationRecordParams extends ProgramOptions {
  marginfiAccount: PublicKey;
  /** Pays the record's rent (not refundable); anyone may. */
  feePayer: PublicKey;
}

/** Creates the account's liquidation record, needed before its first receivership. */
export function initLiquidationRecordInstruction(p: InitLiquidationRecordParams): TransactionInstruction {
  return lendingInstruction(
    "marginfi_account_init_liq_record",
    {
      accounts: {
        marginfiAccount: p.marginfiAccount,
        feePayer: p.feePayer,
        liquidationRecord: liquidationRecordAddress(p.marginfiAccount, p.programId),
      },
    },
    p,
  );
}

export interface StartLiquidationParams extends ProgramOptions {
  marginfiAccount: PublicKey;
  /** Whoever will sign end_liquidation. */
  liquidationReceiver: PublicKey;
  /** The liquidatee's risk accounts now. */
  riskAccounts: readonly AccountMeta[];
}

/** Opens receivership: until end_liquidation anyone may withdraw from and repay into the unhealthy account. */
export function startLiquidationInstruction(p: StartLiquidationParams): TransactionInstruction {
  return lendingInstruction(
    "start_liquidation",
    {
      accounts: {
        marginfiAccount: p.marginfiAccount,
        liquidationRecord: liquidationRecordAddress(p.marginfiAccount, p.programId),
        liquidationReceiver: p.liquidationReceiver,
      },
      remainingAccounts: p.riskAccounts,
    },
    p,
  );
}

export interface EndLiquidationParams extends ProgramOptions {
  marginfiAccount: PublicKey;
  liquidationReceiver: PublicKey;
  /** The fee state's global fee wallet, paid the flat liquidation fee. */
  globalFeeWallet: PublicKey;
  /** The liquidatee's risk accounts as the receivership leaves them. */
  riskAccounts: readonly AccountMeta[];
}

/** Closes receivership; must be the transaction's last instruction. */
export function endLiquidationInstruction(p: EndLiquidationParams): TransactionInstruction {
  return lendingInstruction(
    "end_liquidation",
    {
      accounts: {
        marginfiAccount: p.marginfiAccount,
        liquidationRecord: liquidationRecordAddress(p.marginfiAccount, p.programId),
        liquidationReceiver: p.liquidationReceiver,
        feeState: feeStateAddress(p.programId),
        globalFeeWallet: p.globalFeeWallet,
      },
      remainingAccounts: p.riskAccounts,
    },
    p,
  );
}

export interface DeleverageParams extends ProgramOptions {
  marginfiAccount: PublicKey;
  group: PublicKey;
  riskAdmin: PublicKey;
  riskAccounts: readonly AccountMeta[];
}

/** The risk admin's receivership, healthy or not. */
export function startDeleverageInstruction(p: DeleverageParams): TransactionInstruction {
  return lendingInstruction(
    "start_deleverage",
    {
      accounts: {
        marginfiAccount: p.marginfiAccount,
        liquidationRecord: liquidationRecordAddress(p.marginfiAccount, p.programId),
        group: p.group,
        riskAdmin: p.riskAdmin,
      },
      remainingAccounts: p.riskAccounts,
    },
    p,
  );
}

export function endDeleverageInstruction(p: DeleverageParams): TransactionInstruction {
  return lendingInstruction(
    "end_deleverage",
    {
      accounts: {
        marginfiAccount: p.marginfiAccount,
        liquidationRecord: liquidationRecordAddress(p.marginfiAccount, p.programId),
        group: p.group,
        riskAdmin: p.riskAdmin,
      },
      remainingAccounts: p.riskAccounts,
    },
    p,
  );
}

export interface PurgeDeleverageBalanceParams extends ProgramOptions {
  group: PublicKey;
  marginfiAccount: PublicKey;
  riskAdmin: PublicKey;
  bank: PublicKey;
}

/** After a sunset completes, drops a lender's remaining balance without moving tokens. */
export function purgeDeleverageBalanceInstruction(p: PurgeDeleverageBalanceParams): TransactionInstruction {
  return lendingInstruction(
    "purge_deleverage_balance",
    { accounts: { group: p.group, marginfiAccount: p.marginfiAccount, riskAdmin: p.riskAdmin, bank: p.bank } },
    p,
  );
}

export interface HandleBankruptcyParams extends ProgramOptions, TokenProgramOptions {
  group: PublicKey;
  /** The risk admin or group admin, or anyone for banks with permissionless bad-debt settlement. */
  signer: PublicKey;
  bank: PublicKey;
  marginfiAccount: PublicKey;
  /** The bankrupt account's risk accounts. */
  riskAccounts: readonly AccountMeta[];
}

/** Covers the account's bad debt in `bank` from insurance and socializes the rest; the account is disabled. */
export function handleBankruptcyInstruction(p: HandleBankruptcyParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_handle_bankruptcy",
    {
      accounts: {
        group: p.group,
        signer: p.signer,
        bank: p.bank,
        marginfiAccount: p.marginfiAccount,
        liquidityVault: bankVaultAddress(p.bank, "liquidity", p.programId),
        insuranceVault: bankVaultAddress(p.bank, "insurance", p.programId),
        insuranceVaultAuthority: bankVaultAuthorityAddress(p.bank, "insurance", p.programId),
        tokenProgram: tokenProgramOf(p),
      },
      remainingAccounts: [...mintPrefix(p), ...p.riskAccounts],
    },
    p,
  );
}
