// Accounts as the commands print them: decoded by the protocol's layouts (through the SDK), fixed-point values as
// exact decimals, enums by name. `sendAndReport` compares two readings to print what a transaction changed.
import { PublicKey } from "@solana/web3.js";
import {
  AssetTag,
  BankFlags,
  BankOperationalState,
  DEFAULT_PUBKEY,
  GroupFlags,
  OracleSetup,
  PauseFlags,
  RiskTier,
  decodeBank,
  decodeFeeState,
  decodeMarginfiGroup,
  i80f48,
  u32ToBasis,
  variantName,
  type Bank,
  type FeeState,
  type MarginfiGroup,
} from "@ballast/protocol";
import { feeStateAddress } from "@ballast/sdk";
import type { CliContext } from "./context.js";
import { InputError } from "./errors.js";
import type { Printable } from "./output.js";
import type { AccountReading } from "./send.js";

/** The account's data, or null when it does not exist. */
export async function accountData(ctx: CliContext, address: PublicKey): Promise<Buffer | null> {
  const info = await ctx.connection.getAccountInfo(address, ctx.commitment);
  return info?.data ?? null;
}

/** An account that must exist and be of the program's kind, decoded; otherwise one line of bad input. */
export async function requireAccount<T>(ctx: CliContext, address: PublicKey, kind: string, decode: (data: Buffer) => T): Promise<T> {
  const data = await accountData(ctx, address);
  if (data === null) throw new InputError(`${kind} ${address.toBase58()} not found on ${ctx.rpcUrl}`);
  try {
    return decode(data);
  } catch {
    throw new InputError(`${address.toBase58()} is not a ${kind} account`);
  }
}

export const fetchGroupAccount = (ctx: CliContext, group: PublicKey): Promise<MarginfiGroup> =>
  requireAccount(ctx, group, "group", decodeMarginfiGroup);

export const fetchFeeState = (ctx: CliContext): Promise<FeeState> =>
  requireAccount(ctx, feeStateAddress(ctx.programId), "fee state", decodeFeeState);

/** A leverage stored in the program's basis encoding (u32 share of 100), as a decimal. */
const leverage = (stored: number) => i80f48.toDecimal(u32ToBasis(stored));

export function groupRoles(group: MarginfiGroup): Record<string, Printable> {
  return {
    admin: group.admin,
    emodeAdmin: group.emodeAdmin,
    curveAdmin: group.delegateCurveAdmin,
    limitAdmin: group.delegateLimitAdmin,
    emissionsAdmin: group.delegateEmissionsAdmin,
    metadataAdmin: group.metadataAdmin,
    riskAdmin: group.riskAdmin,
  };
}

export function groupReading(group: MarginfiGroup): Record<string, Printable> {
  return {
    ...groupRoles(group),
    banks: group.banks,
    programFeesEnabled: (group.groupFlags & GroupFlags.PROGRAM_FEES_ENABLED) !== 0n,
    emodeMaxInitLeverage: leverage(group.emodeMaxInitLeverage),
    emodeMaxMaintLeverage: leverage(group.emodeMaxMaintLeverage),
    deleverageDailyLimitUsd: group.deleverageWithdrawWindowCache.dailyLimit,
    paused: (group.panicStateCache.pauseFlags & PauseFlags.FLAG_PAUSED) !== 0,
    feeWallet: group.feeStateCache.globalFeeWallet,
    programFeeFixed: i80f48.toDecimal(group.feeStateCache.programFeeFixed),
    programFeeRate: i80f48.toDecimal(group.feeStateCache.programFeeRate),
  };
}

export function feeStateReading(fees: FeeState): Record<string, Printable> {
  return {
    globalFeeAdmin: fees.globalFeeAdmin,
    globalFeeWallet: fees.globalFeeWallet,
    bankInitFlatSolFee: fees.bankInitFlatSolFee,
    liquidationFlatSolFee: fees.liquidationFlatSolFee,
    programFeeFixed: i80f48.toDecimal(fees.programFeeFixed),
    programFeeRate: i80f48.toDecimal(fees.programFeeRate),
    liquidationMaxFee: i80f48.toDecimal(fees.liquidationMaxFee),
    paused: (fees.panicState.pauseFlags & PauseFlags.FLAG_PAUSED) !== 0,
    pauseStartTimestamp: fees.panicState.pauseStartTimestamp,
    dailyPauseCount: fees.panicState.dailyPauseCount,
    consecutivePauseCount: fees.panicState.consecutivePauseCount,
  };
}

/** A reader for sendAndReport: the account decoded and shown, or null while it does not exist. */
export function reader<T>(ctx: CliContext, address: PublicKey, decode: (data: Buffer) => T, show: (value: T) => Record<string, Printable>) {
  return async (): Promise<AccountReading> => {
    const data = await accountData(ctx, address);
    return data === null ? null : show(decode(data));
  };
}

/** A u32 share the program stores (of 100% for utilization, of 1000% for rates) as a percentage to 4 places. */
function percent(stored: number, scale: 1 | 10): string {
  const [integer = "0", fraction = ""] = i80f48.toDecimal(i80f48.mul(u32ToBasis(stored), i80f48.fromInt(scale))).split(".");
  const digits = fraction.slice(0, 4).replace(/0+$/, "");
  return `${integer}${digits ? `.${digits}` : ""}%`;
}

const name = (table: Readonly<Record<string, number>>, value: number) => variantName(table, value) ?? `unknown (${value})`;

export function bankReading(bank: Bank): Record<string, Printable> {
  const c = bank.config;
  const ir = c.interestRateConfig;
  const fixed = c.oracleSetup === OracleSetup.Fixed;
  return {
    group: bank.group,
    mint: bank.mint,
    mintDecimals: bank.mintDecimals,
    operationalState: name(BankOperationalState, c.operationalState),
    riskTier: name(RiskTier, c.riskTier),
    assetTag: name(AssetTag, c.assetTag),
    assetWeightInit: i80f48.toDecimal(c.assetWeightInit),
    assetWeightMaint: i80f48.toDecimal(c.assetWeightMaint),
    liabilityWeightInit: i80f48.toDecimal(c.liabilityWeightInit),
    liabilityWeightMaint: i80f48.toDecimal(c.liabilityWeightMaint),
    depositLimit: c.depositLimit,
    borrowLimit: c.borrowLimit,
    totalAssetValueInitLimit: c.totalAssetValueInitLimit,
    oracle: {
      setup: name(OracleSetup, c.oracleSetup),
      keys: c.oracleKeys.filter((k) => k !== DEFAULT_PUBKEY).join(" ") || null,
      fixedPrice: fixed ? i80f48.toDecimal(c.fixedPrice) : null,
      maxAge: c.oracleMaxAge,
      maxConfidence: c.oracleMaxConfidence === 0 ? "default (10%)" : percent(c.oracleMaxConfidence, 1),
    },
    interestRate: {
      zeroUtilRate: percent(ir.zeroUtilRate, 10),
      hundredUtilRate: percent(ir.hundredUtilRate, 10),
      points: ir.points
        .filter((p) => p.util !== 0 || p.rate !== 0)
        .map((p) => `${percent(p.util, 1)}→${percent(p.rate, 10)}`)
        .join(" "),
      insuranceFeeFixedApr: i80f48.toDecimal(ir.insuranceFeeFixedApr),
      insuranceIrFee: i80f48.toDecimal(ir.insuranceIrFee),
      protocolFixedFeeApr: i80f48.toDecimal(ir.protocolFixedFeeApr),
      protocolIrFee: i80f48.toDecimal(ir.protocolIrFee),
      protocolOriginationFee: i80f48.toDecimal(ir.protocolOriginationFee),
    },
    emode: {
      tag: bank.emode.emodeTag,
      entries: bank.emode.emodeConfig.entries
        .filter((e) => e.collateralBankEmodeTag !== 0)
        .map((e) => `${e.collateralBankEmodeTag}:${i80f48.toDecimal(e.assetWeightInit)}:${i80f48.toDecimal(e.assetWeightMaint)}`)
        .join(" "),
    },
    flags: {
      permissionlessBadDebtSettlement: (bank.flags & BankFlags.PERMISSIONLESS_BAD_DEBT_SETTLEMENT_FLAG) !== 0n,
      freezeSettings: (bank.flags & BankFlags.FREEZE_SETTINGS) !== 0n,
      tokenlessRepaymentsAllowed: (bank.flags & BankFlags.TOKENLESS_REPAYMENTS_ALLOWED) !== 0n,
    },
    totalAssetShares: i80f48.toDecimal(bank.totalAssetShares),
    totalLiabilityShares: i80f48.toDecimal(bank.totalLiabilityShares),
    collectedInsuranceFeesOutstanding: i80f48.toDecimal(bank.collectedInsuranceFeesOutstanding),
    collectedGroupFeesOutstanding: i80f48.toDecimal(bank.collectedGroupFeesOutstanding),
    collectedProgramFeesOutstanding: i80f48.toDecimal(bank.collectedProgramFeesOutstanding),
    kaminoReserve: bank.integrationAcc1 === DEFAULT_PUBKEY ? null : bank.integrationAcc1,
  };
}

export const fetchBankAccount = (ctx: CliContext, bank: PublicKey): Promise<Bank> => requireAccount(ctx, bank, "bank", decodeBank);
