// update_lending_market's effect (klend's handler_update_lending_market, reference SML §2.6): the mode's value is read
// from the start of the 72 value bytes as the field's type, validated, logged before and after, and written. The
// Borsh forms of these fields are their bytes in the account, so a field is written by copying its bytes.
import { DISCRIMINATOR_SIZE } from "@ballast/codec";
import { PublicKey } from "@solana/web3.js";
import { fail } from "../errors.js";
import { fractionDisplay } from "../math/fraction.js";
import { ElevationGroupStruct, LendingMarketLayout } from "../state/lending-market.js";
import { ELEVATION_GROUP_NONE, elevationGroupConfigProblem, elevationGroupIndex } from "./elevation-groups.js";
import type { UpdateLendingMarketModeName } from "./lending-market-modes.js";
import type { Log } from "./preconditions.js";

const FIELDS = LendingMarketLayout.struct.fields;
type MarketField = keyof typeof FIELDS;

/** How a field's value reads in the logs. */
type Rendering = "integer" | "pubkey" | "fraction" | "name";

type Check = (value: bigint, log: Log) => void;

const checkBool: Check = (value, log) => {
  if (value <= 1n) return;
  log(`A boolean flag must be 0 or 1, got ${value}`);
  fail("InvalidFlag");
};

const checkNotZero: Check = (value, log) => {
  if (value !== 0n) return;
  log("Value cannot be 0");
  fail("InvalidConfig");
};

const checkInRange =
  (min: bigint, max: bigint): Check =>
  (value, log) => {
    if (value >= min && value <= max) return;
    log(`Value must be in range ${min}..=${max}, got ${value}`);
    fail("InvalidConfig");
  };

const checkAtLeast =
  (min: bigint): Check =>
  (value, log) => {
    if (value >= min) return;
    log(`Value cannot be lower than ${min}, got ${value}`);
    fail("InvalidConfig");
  };

interface FieldMode {
  /** klend's field name, as the logs give it. */
  name: string;
  field: MarketField;
  rendering: Rendering;
  check?: Check;
}

const field = (name: string, key: MarketField, rendering: Rendering, check?: Check): FieldMode => ({ name, field: key, rendering, check });

/** The modes that do more or less than set one field. */
type SpecialModeName =
  "UpdateElevationGroup" | "UpdatePaddingFields" | "DeprecatedUpdateGlobalUnhealthyBorrow" | "DeprecatedUpdateMultiplierPoints";
type FieldModeName = Exclude<UpdateLendingMarketModeName, SpecialModeName>;

/** The modes that set one field. */
const FIELD_MODES: Record<FieldModeName, FieldMode> = {
  UpdateOwner: field("lending_market_owner_cached", "lendingMarketOwnerCached", "pubkey"),
  UpdateEmergencyMode: field("emergency_mode", "emergencyMode", "integer", checkBool),
  UpdateLiquidationCloseFactor: field(
    "liquidation_max_debt_close_factor_pct",
    "liquidationMaxDebtCloseFactorPct",
    "integer",
    checkInRange(5n, 100n),
  ),
  UpdateLiquidationMaxValue: field(
    "max_liquidatable_debt_market_value_at_once",
    "maxLiquidatableDebtMarketValueAtOnce",
    "integer",
    checkNotZero,
  ),
  UpdateGlobalAllowedBorrow: field("global_allowed_borrow_value", "globalAllowedBorrowValue", "integer"),
  UpdateRiskCouncil: field("risk_council", "riskCouncil", "pubkey"),
  UpdateMinFullLiquidationThreshold: field(
    "min_full_liquidation_value_threshold",
    "minFullLiquidationValueThreshold",
    "integer",
    checkNotZero,
  ),
  UpdateInsolvencyRiskLtv: field("insolvency_risk_unhealthy_ltv_pct", "insolvencyRiskUnhealthyLtvPct", "integer", checkInRange(5n, 100n)),
  UpdateReferralFeeBps: field("referral_fee_bps", "referralFeeBps", "integer", checkInRange(0n, 10_000n)),
  UpdatePriceRefreshTriggerToMaxAgePct: field(
    "price_refresh_trigger_to_max_age_pct",
    "priceRefreshTriggerToMaxAgePct",
    "integer",
    checkInRange(0n, 100n),
  ),
  UpdateAutodeleverageEnabled: field("autodeleverage_enabled", "autodeleverageEnabled", "integer", checkBool),
  UpdateBorrowingDisabled: field("borrow_disabled", "borrowDisabled", "integer", checkBool),
  UpdateMinNetValueObligationPostAction: field("min_net_value_in_obligation_sf", "minNetValueInObligationSf", "fraction"),
  UpdateMinValueLtvSkipPriorityLiqCheck: field("min_value_skip_liquidation_ltv_checks", "minValueSkipLiquidationLtvChecks", "integer"),
  UpdateMinValueBfSkipPriorityLiqCheck: field("min_value_skip_liquidation_bf_checks", "minValueSkipLiquidationBfChecks", "integer"),
  UpdateName: field("name", "name", "name"),
  UpdateIndividualAutodeleverageMarginCallPeriodSecs: field(
    "individual_autodeleverage_margin_call_period_secs",
    "individualAutodeleverageMarginCallPeriodSecs",
    "integer",
    checkNotZero,
  ),
  UpdateInitialDepositAmount: field("min_initial_deposit_amount", "minInitialDepositAmount", "integer", checkAtLeast(1_000n)),
  UpdateObligationOrderExecutionEnabled: field(
    "obligation_order_execution_enabled",
    "obligationOrderExecutionEnabled",
    "integer",
    checkBool,
  ),
  UpdateImmutableFlag: field("immutable", "immutable", "integer", checkBool),
  UpdateObligationOrderCreationEnabled: field("obligation_order_creation_enabled", "obligationOrderCreationEnabled", "integer", checkBool),
  UpdateProposerAuthority: field("proposer_authority", "proposerAuthority", "pubkey"),
  UpdatePriceTriggeredLiquidationDisabled: field(
    "price_triggered_liquidation_disabled",
    "priceTriggeredLiquidationDisabled",
    "integer",
    checkBool,
  ),
};

/** Bytes read as an unsigned little-endian integer. */
function unsignedLe(bytes: Buffer): bigint {
  return bytes.reduceRight((acc, byte) => (acc << 8n) | BigInt(byte), 0n);
}

function render(bytes: Buffer, rendering: Rendering): string {
  switch (rendering) {
    case "integer":
      return unsignedLe(bytes).toString();
    case "pubkey":
      return new PublicKey(bytes).toBase58();
    case "fraction":
      return fractionDisplay(unsignedLe(bytes));
    case "name":
      return bytes.toString("utf8").replace(/\0+$/, "");
  }
}

/** Account-data offset of a LendingMarket field. */
function offsetOf(key: MarketField): number {
  return DISCRIMINATOR_SIZE + FIELDS[key][0];
}

function isFieldMode(mode: UpdateLendingMarketModeName): mode is FieldModeName {
  return mode in FIELD_MODES;
}

/** Deprecated modes panic in klend: the instruction fails without an error code. */
class DeprecatedModePanic extends Error {}

/** Applies `mode` with `value` to the market's account data in place. */
export function applyLendingMarketUpdate(data: Buffer, mode: UpdateLendingMarketModeName, value: Buffer, log: Log): void {
  if (isFieldMode(mode)) {
    const fieldMode = FIELD_MODES[mode];
    const { size } = FIELDS[fieldMode.field][1];
    const next = value.subarray(0, size);
    fieldMode.check?.(unsignedLe(next), log);
    const offset = offsetOf(fieldMode.field);
    log(`Prv value: ${fieldMode.name} = ${render(data.subarray(offset, offset + size), fieldMode.rendering)}`);
    log(`New value: ${fieldMode.name} = ${render(next, fieldMode.rendering)}`);
    next.copy(data, offset);
    return;
  }
  switch (mode) {
    case "UpdateElevationGroup":
      return updateElevationGroup(data, value, log);
    case "UpdatePaddingFields":
      for (const key of ["reserved0", "reserved1"] as const) data.fill(0, offsetOf(key), offsetOf(key) + FIELDS[key][1].size);
      return;
    case "DeprecatedUpdateGlobalUnhealthyBorrow":
    case "DeprecatedUpdateMultiplierPoints":
      log("panicked at 'Deprecated field'");
      throw new DeprecatedModePanic(`update_lending_market mode ${mode} is deprecated`);
  }
}

function updateElevationGroup(data: Buffer, value: Buffer, log: Log): void {
  const group = ElevationGroupStruct.read(value, 0);
  const problem = elevationGroupConfigProblem(group);
  if (problem) {
    log(problem);
    fail("InvalidElevationGroupConfig");
  }
  // Group 0 passes the rules but has no slot: klend's setter refuses it.
  if (group.id === ELEVATION_GROUP_NONE) fail("InvalidElevationGroupConfig");
  const offset = offsetOf("elevationGroups") + elevationGroupIndex(group.id) * ElevationGroupStruct.size;
  log(
    `New value: elevation_group ${group.id} = ltv ${group.ltvPct}%, liquidation threshold ${group.liquidationThresholdPct}%, ` +
      `max bonus ${group.maxLiquidationBonusBps} bps, debt reserve ${group.debtReserve}, ` +
      `max collateral reserves ${group.maxReservesAsCollateral}, new loans ${group.allowNewLoans === 0 ? "disabled" : "allowed"}`,
  );
  value.copy(data, offset, 0, ElevationGroupStruct.size);
}
