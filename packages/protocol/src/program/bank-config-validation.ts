// BankConfig::validate (reference §8.9), the interest-curve rules (§8.3) and the emode re-check that
// configure_bank runs against the group's leverage caps (§11.3), all read in place from a Bank account.
import type { BankData, MarginfiGroupData } from "../state/views.js";
import { u32ToBasis } from "../math/conversions.js";
import { ONE, ZERO, cmp, div, fromInt, sub, type I80F48 } from "../math/i80f48.js";
import { BankLayout } from "../state/bank.js";
import { EMODE_TAG_EMPTY } from "../state/emode-settings.js";
import { InterestCurveType, RiskTier } from "../state/enums.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { fail } from "./errors.js";

/** Minimum configurable oracle_max_age, in seconds (ORACLE_MIN_AGE). */
export const ORACLE_MIN_AGE = 10;

const TWO = fromInt(2);
const config = BankLayout.fields.config.fields;
const rates = config.interestRateConfig.fields;

/** InterestRateConfig::validate for the stored curve type; 6015 InvalidConfig on any violation. */
export function validateInterestRateConfig(bank: BankData): void {
  const curve = rates.curveType.get(bank);
  if (curve === InterestCurveType.Legacy) {
    const optimal = rates.optimalUtilizationRate.get(bank);
    const plateau = rates.plateauInterestRate.get(bank);
    const max = rates.maxInterestRate.get(bank);
    if (!(cmp(optimal, ZERO) > 0 && cmp(optimal, ONE) < 0)) fail("InvalidConfig");
    if (cmp(plateau, ZERO) <= 0) fail("InvalidConfig");
    if (cmp(max, ZERO) <= 0) fail("InvalidConfig");
    if (cmp(plateau, max) >= 0) fail("InvalidConfig");
    return;
  }
  if (curve !== InterestCurveType.SevenPoint) throw new Error(`unsupported interest curve type ${curve}`);
  const zero = rates.zeroUtilRate.get(bank);
  const hundred = rates.hundredUtilRate.get(bank);
  if (zero > hundred) fail("InvalidConfig");
  let padding = false;
  let previous: { util: number; rate: number } | null = null;
  for (const point of rates.points.get(bank)) {
    if (point.util === 0) {
      if (point.rate !== 0) fail("InvalidConfig");
      padding = true;
      continue;
    }
    // A used point after padding is a hole in the curve.
    if (padding) fail("InvalidConfig");
    if (previous && (point.util <= previous.util || point.rate < previous.rate)) fail("InvalidConfig");
    if (point.rate < zero || point.rate > hundred) fail("InvalidConfig");
    previous = point;
  }
}

/** BankConfig::validate: weights, interest curve, isolated-tier weights (6015), then oracle_max_age (6025). */
export function validateBankConfig(bank: BankData): void {
  const assetInit = config.assetWeightInit.get(bank);
  const assetMaint = config.assetWeightMaint.get(bank);
  const liabInit = config.liabilityWeightInit.get(bank);
  const liabMaint = config.liabilityWeightMaint.get(bank);
  if (cmp(assetInit, ZERO) < 0 || cmp(assetInit, ONE) > 0) fail("InvalidConfig");
  if (cmp(assetMaint, TWO) > 0) fail("InvalidConfig");
  if (cmp(assetMaint, assetInit) < 0) fail("InvalidConfig");
  if (cmp(liabInit, ONE) < 0) fail("InvalidConfig");
  if (cmp(liabMaint, ONE) < 0 || cmp(liabMaint, liabInit) > 0) fail("InvalidConfig");
  validateInterestRateConfig(bank);
  if (config.riskTier.get(bank) === RiskTier.Isolated && (assetInit !== ZERO || assetMaint !== ZERO)) fail("InvalidConfig");
  if (config.oracleMaxAge.get(bank) < ORACLE_MIN_AGE) fail("InvalidOracleSetup");
}

function leverageWithinCap(collateralWeight: I80F48, liabilityWeight: I80F48, capStored: number): boolean {
  if (cmp(liabilityWeight, ZERO) <= 0 || cmp(collateralWeight, liabilityWeight) >= 0) return false;
  const leverage = div(ONE, sub(ONE, div(collateralWeight, liabilityWeight)));
  return cmp(leverage, u32ToBasis(capStored)) <= 0;
}

/** The bank's emode entries against its own liability weights and the group's leverage caps (6075 BadEmodeConfig). */
export function validateBankEmode(bank: BankData, group: MarginfiGroupData): void {
  const liabInit = config.liabilityWeightInit.get(bank);
  const liabMaint = config.liabilityWeightMaint.get(bank);
  const capInit = MarginfiGroupLayout.fields.emodeMaxInitLeverage.get(group);
  const capMaint = MarginfiGroupLayout.fields.emodeMaxMaintLeverage.get(group);
  const seen = new Set<number>();
  for (const entry of BankLayout.fields.emode.fields.emodeConfig.fields.entries.get(bank)) {
    if (entry.collateralBankEmodeTag === EMODE_TAG_EMPTY) continue;
    if (seen.has(entry.collateralBankEmodeTag)) fail("BadEmodeConfig");
    seen.add(entry.collateralBankEmodeTag);
    if (cmp(entry.assetWeightInit, ZERO) < 0 || cmp(entry.assetWeightMaint, entry.assetWeightInit) < 0) fail("BadEmodeConfig");
    if (!leverageWithinCap(entry.assetWeightInit, liabInit, capInit)) fail("BadEmodeConfig");
    if (!leverageWithinCap(entry.assetWeightMaint, liabMaint, capMaint)) fail("BadEmodeConfig");
  }
}
