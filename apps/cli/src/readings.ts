// Accounts as the commands print them: decoded by the protocol's layouts (through the SDK), fixed-point values as
// exact decimals, enums by name. `sendAndReport` compares two readings to print what a transaction changed.
import { PublicKey } from "@solana/web3.js";
import {
  GroupFlags,
  PauseFlags,
  decodeFeeState,
  decodeMarginfiGroup,
  i80f48,
  u32ToBasis,
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
