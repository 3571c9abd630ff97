// update_reserve_config's modes (klend's UpdateConfigMode, a Borsh enum of 52 variants in v1.12.5; reference §3.8).
// This market applies the whole-config mode and the single-field modes below; any other variant is refused.
import type { ReserveConfig } from "../state/reserve-config.js";
import bs58 from "bs58";

/** Borsh variant indexes (the Rust discriminants minus one). */
export const UpdateConfigMode = {
  UpdateLoanToValuePct: 0,
  UpdateLiquidationThresholdPct: 2,
  UpdateProtocolTakeRate: 4,
  UpdateDepositLimit: 8,
  UpdateBorrowLimit: 9,
  UpdateTokenInfoPriceMaxAge: 17,
  UpdatePythPrice: 20,
  UpdateSwitchboardFeed: 21,
  UpdateBorrowRateCurve: 23,
  UpdateEntireReserveConfig: 24,
} as const;

/** Variants the Borsh enum has; indexes beyond it do not deserialize. */
export const UPDATE_CONFIG_MODE_COUNT = 52;

const VALUE_SIZE: Record<number, number> = {
  [UpdateConfigMode.UpdateLoanToValuePct]: 1,
  [UpdateConfigMode.UpdateLiquidationThresholdPct]: 1,
  [UpdateConfigMode.UpdateProtocolTakeRate]: 1,
  [UpdateConfigMode.UpdateDepositLimit]: 8,
  [UpdateConfigMode.UpdateBorrowLimit]: 8,
  [UpdateConfigMode.UpdateTokenInfoPriceMaxAge]: 8,
  [UpdateConfigMode.UpdatePythPrice]: 32,
  [UpdateConfigMode.UpdateSwitchboardFeed]: 32,
  [UpdateConfigMode.UpdateBorrowRateCurve]: 88,
  [UpdateConfigMode.UpdateEntireReserveConfig]: 920,
};

/** Why `value` cannot be applied in `mode` (InvalidConfig), or null. */
export function configUpdateProblem(mode: number, value: Buffer): string | null {
  const size = VALUE_SIZE[mode];
  if (size === undefined) return `Update config mode ${mode} is not supported by this market`;
  if (value.length < size) return `Update config mode ${mode} needs a ${size}-byte value, got ${value.length}`;
  return null;
}

/**
 * `config` with the single field `mode` names set from `value` (already checked by configUpdateProblem). The whole-config
 * mode is not a field update: the handler copies its 920 bytes verbatim.
 */
export function applyConfigUpdate(config: ReserveConfig, mode: number, value: Buffer): ReserveConfig {
  const next = structuredClone(config);
  switch (mode) {
    case UpdateConfigMode.UpdateLoanToValuePct:
      next.loanToValuePct = value.readUInt8(0);
      break;
    case UpdateConfigMode.UpdateLiquidationThresholdPct:
      next.liquidationThresholdPct = value.readUInt8(0);
      break;
    case UpdateConfigMode.UpdateProtocolTakeRate:
      next.protocolTakeRatePct = value.readUInt8(0);
      break;
    case UpdateConfigMode.UpdateDepositLimit:
      next.depositLimit = value.readBigUInt64LE(0);
      break;
    case UpdateConfigMode.UpdateBorrowLimit:
      next.borrowLimit = value.readBigUInt64LE(0);
      break;
    case UpdateConfigMode.UpdateTokenInfoPriceMaxAge:
      next.tokenInfo.maxAgePriceSeconds = value.readBigUInt64LE(0);
      break;
    case UpdateConfigMode.UpdatePythPrice:
      next.tokenInfo.pythConfiguration.price = bs58.encode(value.subarray(0, 32));
      break;
    case UpdateConfigMode.UpdateSwitchboardFeed:
      next.tokenInfo.switchboardConfiguration.priceAggregator = bs58.encode(value.subarray(0, 32));
      break;
    case UpdateConfigMode.UpdateBorrowRateCurve:
      next.borrowRateCurve.points = Array.from({ length: 11 }, (_, i) => ({
        utilizationRateBps: value.readUInt32LE(i * 8),
        borrowRateBps: value.readUInt32LE(i * 8 + 4),
      }));
      break;
  }
  return next;
}
