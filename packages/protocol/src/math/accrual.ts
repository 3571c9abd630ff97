// Share accounting (reference §8.2), interest accrual per accrual event (§8.5) and the bank cache
// update at the end of an action (§8.7). Pure functions: they take plain typed values (or any
// object with the decoded Bank field names) and return new values; nothing is mutated.
import * as fx from "./i80f48.js";
import type { I80F48 } from "./i80f48.js";
import { milliToU32 } from "./conversions.js";
import { InterestMathError, U32_MAX } from "./interest-curve.js";
import {
  NO_PROGRAM_FEES,
  computeInterestRates,
  utilization,
  type ComputedInterestRates,
  type InterestRateInputs,
  type ProgramFees,
} from "./interest-rates.js";
import { U64_MAX } from "@ballast/ledger";

/** SECONDS_PER_YEAR (365 days). */
export const SECONDS_PER_YEAR = 31_536_000n;
const SECONDS_PER_YEAR_FIXED = fx.fromInt(SECONDS_PER_YEAR);

// ---- §8.2 share accounting -------------------------------------------------------------------

/** Token amount of asset shares: shares × asset share value. */
export function assetAmount(shares: I80F48, assetShareValue: I80F48): I80F48 {
  return fx.mul(shares, assetShareValue);
}

/** Token amount of liability shares: shares × liability share value. */
export function liabilityAmount(shares: I80F48, liabilityShareValue: I80F48): I80F48 {
  return fx.mul(shares, liabilityShareValue);
}

/** Asset shares for a token amount: amount / asset share value, or 0 when the share value is 0. */
export function assetShares(amount: I80F48, assetShareValue: I80F48): I80F48 {
  if (assetShareValue === fx.ZERO) return fx.ZERO;
  return fx.div(amount, assetShareValue);
}

/** Liability shares for a token amount: amount / liability share value. */
export function liabilityShares(amount: I80F48, liabilityShareValue: I80F48): I80F48 {
  return fx.div(amount, liabilityShareValue);
}

// ---- §8.5 accrual ----------------------------------------------------------------------------

function timeDeltaFixed(timeDelta: bigint): I80F48 {
  if (timeDelta < 0n || timeDelta > U64_MAX) {
    throw new InterestMathError("negative-time-delta", `accrual: time delta ${timeDelta} is not a u64`);
  }
  return fx.fromInt(timeDelta);
}

/** A principal (share value) after one accrual period: value × (1 + apr × dt / SECONDS_PER_YEAR). */
export function accruedValue(apr: I80F48, timeDelta: bigint, value: I80F48): I80F48 {
  const perPeriod = fx.div(fx.mul(apr, timeDeltaFixed(timeDelta)), SECONDS_PER_YEAR_FIXED);
  return fx.mul(value, fx.add(fx.ONE, perPeriod));
}

/** The interest on a principal for one period: value × apr × dt / SECONDS_PER_YEAR; 0 when apr is 0. */
export function interestPaymentForPeriod(apr: I80F48, timeDelta: bigint, value: I80F48): I80F48 {
  if (apr === fx.ZERO) return fx.ZERO;
  return fx.div(fx.mul(fx.mul(value, apr), timeDeltaFixed(timeDelta)), SECONDS_PER_YEAR_FIXED);
}

export interface InterestRateStateChanges {
  readonly utilization: I80F48;
  readonly rates: ComputedInterestRates;
  readonly newAssetShareValue: I80F48;
  readonly newLiabilityShareValue: I80F48;
  readonly insuranceFeesCollected: I80F48;
  readonly groupFeesCollected: I80F48;
  readonly programFeesCollected: I80F48;
}

/** The program's `calc_interest_rate_accrual_state_changes` over totals already known to be non-zero. */
export function accrualStateChanges(
  timeDelta: bigint,
  totalAssets: I80F48,
  totalLiabilities: I80F48,
  config: InterestRateInputs,
  assetShareValue: I80F48,
  liabilityShareValue: I80F48,
  programFees: ProgramFees = NO_PROGRAM_FEES,
): InterestRateStateChanges {
  const ur = utilization(totalAssets, totalLiabilities);
  const rates = computeInterestRates(config, ur, programFees);
  return {
    utilization: ur,
    rates,
    newAssetShareValue: accruedValue(rates.lendingRate, timeDelta, assetShareValue),
    newLiabilityShareValue: accruedValue(rates.borrowingRate, timeDelta, liabilityShareValue),
    insuranceFeesCollected: interestPaymentForPeriod(rates.insuranceFeeApr, timeDelta, totalLiabilities),
    groupFeesCollected: interestPaymentForPeriod(rates.groupFeeApr, timeDelta, totalLiabilities),
    programFeesCollected: interestPaymentForPeriod(rates.programFeeApr, timeDelta, totalLiabilities),
  };
}

/** The interest fields of BankCache (decoded names). */
export interface BankCacheInterest {
  readonly baseRate: number;
  readonly lendingRate: number;
  readonly borrowingRate: number;
  readonly interestAccumulatedFor: number;
  readonly accumulatedSinceLastUpdate: I80F48;
}

/** The Bank fields accrual and the cache update read and write (decoded names); a decoded Bank fits. */
export interface BankInterestState {
  readonly assetShareValue: I80F48;
  readonly liabilityShareValue: I80F48;
  readonly totalAssetShares: I80F48;
  readonly totalLiabilityShares: I80F48;
  readonly collectedInsuranceFeesOutstanding: I80F48;
  readonly collectedGroupFeesOutstanding: I80F48;
  readonly collectedProgramFeesOutstanding: I80F48;
  /** Unix seconds (i64). */
  readonly lastUpdate: bigint;
  readonly cache: BankCacheInterest;
  readonly config: { readonly interestRateConfig: InterestRateInputs };
}

export interface AccrualResult<B extends BankInterestState> {
  /** The bank after accrual (the input itself when dt == 0). */
  readonly bank: B;
  readonly timeDelta: bigint;
  /** Present when interest actually accrued (dt > 0 and both totals non-zero). */
  readonly changes?: InterestRateStateChanges;
}

/** Total asset and liability token amounts of a bank at its current share values. */
export function bankTotals(bank: BankInterestState): { totalAssets: I80F48; totalLiabilities: I80F48 } {
  return {
    totalAssets: assetAmount(bank.totalAssetShares, bank.assetShareValue),
    totalLiabilities: liabilityAmount(bank.totalLiabilityShares, bank.liabilityShareValue),
  };
}

/**
 * `Bank::accrue_interest(now)`: simple interest over dt = now − last_update, compounded per event.
 * dt == 0 → unchanged. Otherwise last_update = now; if either total is 0 nothing else changes;
 * else the share values grow, the cache records the accrual and positive fees are added to the
 * three outstanding counters.
 */
export function accrueInterest<B extends BankInterestState>(
  bank: B,
  now: bigint,
  programFees: ProgramFees = NO_PROGRAM_FEES,
): AccrualResult<B> {
  const timeDelta = now - bank.lastUpdate;
  if (timeDelta < 0n) {
    throw new InterestMathError("negative-time-delta", `accrual: now ${now} is before last_update ${bank.lastUpdate}`);
  }
  if (timeDelta === 0n) return { bank, timeDelta };

  const { totalAssets, totalLiabilities } = bankTotals(bank);
  if (totalAssets === fx.ZERO || totalLiabilities === fx.ZERO) {
    return { bank: { ...bank, lastUpdate: now }, timeDelta };
  }

  const changes = accrualStateChanges(
    timeDelta,
    totalAssets,
    totalLiabilities,
    bank.config.interestRateConfig,
    bank.assetShareValue,
    bank.liabilityShareValue,
    programFees,
  );

  const accumulatedSinceLastUpdate = fx.mul(fx.sub(changes.newAssetShareValue, bank.assetShareValue), bank.totalAssetShares);
  const interestAccumulatedFor = Number(timeDelta < BigInt(U32_MAX) ? timeDelta : BigInt(U32_MAX));

  const addFee = (fee: I80F48, outstanding: I80F48): I80F48 => (fee > 0n ? fx.add(fee, outstanding) : outstanding);

  return {
    bank: {
      ...bank,
      lastUpdate: now,
      assetShareValue: changes.newAssetShareValue,
      liabilityShareValue: changes.newLiabilityShareValue,
      collectedGroupFeesOutstanding: addFee(changes.groupFeesCollected, bank.collectedGroupFeesOutstanding),
      collectedInsuranceFeesOutstanding: addFee(changes.insuranceFeesCollected, bank.collectedInsuranceFeesOutstanding),
      collectedProgramFeesOutstanding: addFee(changes.programFeesCollected, bank.collectedProgramFeesOutstanding),
      cache: { ...bank.cache, accumulatedSinceLastUpdate, interestAccumulatedFor },
    },
    timeDelta,
    changes,
  };
}

// ---- §8.7 bank cache -------------------------------------------------------------------------

/** The cache fields the reset keeps: the last oracle price, its timestamp and its confidence. */
const ORACLE_CACHE_FIELDS = new Set(["lastOraclePrice", "lastOraclePriceTimestamp", "lastOraclePriceConfidence"]);

function resetCachePreservingOracle<C extends BankCacheInterest>(cache: C): C {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(cache)) {
    if (ORACLE_CACHE_FIELDS.has(key)) out[key] = value;
    // A copy of the same class (Buffer or Uint8Array), zero-filled; the input is not touched.
    else if (value instanceof Uint8Array) out[key] = Uint8Array.prototype.slice.call(value).fill(0);
    else if (typeof value === "bigint") out[key] = 0n;
    else if (typeof value === "number") out[key] = 0;
    else out[key] = value;
  }
  return out as C;
}

/** The rates as the cache stores them: u32 fractions of 1000% APR, clamped to [0, 1000%]. */
export function cachedRates(rates: ComputedInterestRates): Pick<BankCacheInterest, "baseRate" | "lendingRate" | "borrowingRate"> {
  return {
    baseRate: milliToU32(rates.baseRate),
    lendingRate: milliToU32(rates.lendingRate),
    borrowingRate: milliToU32(rates.borrowingRate),
  };
}

/**
 * `update_bank_cache`, run at the end of deposit/repay/withdraw/borrow/liquidate/bankruptcy/
 * close_balance/accrue: with either total 0 the cache is reset except its last_oracle_* fields
 * and last_update is left alone; otherwise the rates at the current utilization are stored and
 * last_update = now.
 */
export function updateBankCache<B extends BankInterestState>(bank: B, now: bigint, programFees: ProgramFees = NO_PROGRAM_FEES): B {
  const { totalAssets, totalLiabilities } = bankTotals(bank);
  if (totalAssets === fx.ZERO || totalLiabilities === fx.ZERO) {
    return { ...bank, cache: resetCachePreservingOracle(bank.cache) };
  }
  const rates = computeInterestRates(bank.config.interestRateConfig, utilization(totalAssets, totalLiabilities), programFees);
  return { ...bank, lastUpdate: now, cache: { ...bank.cache, ...cachedRates(rates) } };
}
