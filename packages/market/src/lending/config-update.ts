// update_reserve_config's modes (klend's UpdateConfigMode, a Borsh enum of 52 variants in v1.12.5; reference §3.8).
// This market applies the whole-config mode and the single-field modes below; any other variant is refused.
import { structAccessors, type FieldAccessor } from "@ballast/codec";
import {
  RESERVE_CONFIG_SIZE,
  ReserveConfigStruct,
  decodeReserveConfig,
  encodeReserveConfig,
  type ReserveConfig,
} from "../state/reserve-config.js";

/** Borsh variant indexes (the Rust discriminants minus one). */
export const UpdateConfigMode = {
  UpdateLoanToValuePct: 0,
  UpdateLiquidationThresholdPct: 2,
  UpdateProtocolLiquidationFee: 3,
  UpdateProtocolTakeRate: 4,
  UpdateFeesOriginationFee: 5,
  UpdateFeesFlashLoanFee: 6,
  UpdateDepositLimit: 8,
  UpdateBorrowLimit: 9,
  UpdateTokenInfoPriceMaxAge: 17,
  UpdatePythPrice: 20,
  UpdateSwitchboardFeed: 21,
  UpdateBorrowRateCurve: 23,
  UpdateEntireReserveConfig: 24,
  UpdateHostFixedInterestRateBps: 46,
  UpdateProtocolOrderExecutionFee: 49,
  UpdateProposerAuthorityLock: 51,
} as const;

/** The modes only the global admin may use: the protocol's fees (klend's is_update_reserve_config_mode_global_admin_only). */
const GLOBAL_ADMIN_MODES: readonly number[] = [
  UpdateConfigMode.UpdateProtocolLiquidationFee,
  UpdateConfigMode.UpdateProtocolTakeRate,
  UpdateConfigMode.UpdateFeesOriginationFee,
  UpdateConfigMode.UpdateFeesFlashLoanFee,
  UpdateConfigMode.UpdateHostFixedInterestRateBps,
  UpdateConfigMode.UpdateProtocolOrderExecutionFee,
];

export function isGlobalAdminMode(mode: number): boolean {
  return GLOBAL_ADMIN_MODES.includes(mode);
}

/** Variants the Borsh enum has; indexes beyond it do not deserialize. */
export const UPDATE_CONFIG_MODE_COUNT = 52;

const config = structAccessors(ReserveConfigStruct, 0);

/**
 * The config field each single-field mode writes: its value is that field's bytes, as the config layout encodes them,
 * so sizes and encodings come from the one ReserveConfig declaration.
 */
const MODE_FIELD: Readonly<Record<number, FieldAccessor<unknown>>> = {
  [UpdateConfigMode.UpdateLoanToValuePct]: config.loanToValuePct,
  [UpdateConfigMode.UpdateLiquidationThresholdPct]: config.liquidationThresholdPct,
  [UpdateConfigMode.UpdateProtocolLiquidationFee]: config.protocolLiquidationFeePct,
  [UpdateConfigMode.UpdateProtocolTakeRate]: config.protocolTakeRatePct,
  [UpdateConfigMode.UpdateFeesOriginationFee]: config.fees.fields.originationFeeSf,
  [UpdateConfigMode.UpdateFeesFlashLoanFee]: config.fees.fields.flashLoanFeeSf,
  [UpdateConfigMode.UpdateHostFixedInterestRateBps]: config.hostFixedInterestRateBps,
  [UpdateConfigMode.UpdateProtocolOrderExecutionFee]: config.protocolOrderExecutionFeePct,
  [UpdateConfigMode.UpdateDepositLimit]: config.depositLimit,
  [UpdateConfigMode.UpdateBorrowLimit]: config.borrowLimit,
  [UpdateConfigMode.UpdateTokenInfoPriceMaxAge]: config.tokenInfo.fields.maxAgePriceSeconds,
  [UpdateConfigMode.UpdatePythPrice]: config.tokenInfo.fields.pythConfiguration.fields.price,
  [UpdateConfigMode.UpdateSwitchboardFeed]: config.tokenInfo.fields.switchboardConfiguration.fields.priceAggregator,
  [UpdateConfigMode.UpdateBorrowRateCurve]: config.borrowRateCurve,
  [UpdateConfigMode.UpdateProposerAuthorityLock]: config.proposerAuthorityLocked,
};

/** Modes whose value is a flag: above 1 is InvalidFlag (klend's check_bool). */
const FLAG_MODES: readonly number[] = [UpdateConfigMode.UpdateProposerAuthorityLock];

/** The message when `value` is not a valid flag for a flag mode, or null. */
export function configFlagProblem(mode: number, value: Buffer): string | null {
  if (!FLAG_MODES.includes(mode)) return null;
  const flag = value[0] ?? 0;
  return flag > 1 ? `A boolean flag must be 0 or 1, got ${flag}` : null;
}

/** The bytes a mode's value must hold: the field's size, or the whole config for UpdateEntireReserveConfig. */
function valueSize(mode: number): number | undefined {
  return mode === UpdateConfigMode.UpdateEntireReserveConfig ? RESERVE_CONFIG_SIZE : MODE_FIELD[mode]?.size;
}

/** Why `value` cannot be applied in `mode` (InvalidConfig), or null. */
export function configUpdateProblem(mode: number, value: Buffer): string | null {
  const size = valueSize(mode);
  if (size === undefined) return `Update config mode ${mode} is not supported by this market`;
  if (value.length < size) return `Update config mode ${mode} needs a ${size}-byte value, got ${value.length}`;
  return null;
}

/**
 * `current` with the single field `mode` names set from `value` (already checked by configUpdateProblem). The
 * whole-config mode is not a field update: the handler copies its 920 bytes verbatim.
 */
export function applyConfigUpdate(current: ReserveConfig, mode: number, value: Buffer): ReserveConfig {
  const field = MODE_FIELD[mode];
  if (field === undefined) return structuredClone(current);
  const bytes = encodeReserveConfig(current);
  value.copy(bytes, field.offset, 0, field.size);
  return decodeReserveConfig(bytes);
}
