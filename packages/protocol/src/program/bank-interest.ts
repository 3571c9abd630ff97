// Interest accrual and the bank cache, applied in place to a Bank account (reference §8.5, §8.7): the fields the
// math reads are read at their offsets, the pure functions of math/accrual.ts compute, changed fields are written.
import type { BankAccount, BankData, MarginfiGroupData, MarginfiGroupAccount } from "../state/views.js";
import { accrueInterest, updateBankCache, type BankInterestState, type InterestRateStateChanges } from "../math/accrual.js";
import { programFeesOf, type ProgramFees } from "../math/interest-rates.js";
import { InterestMathError } from "../math/interest-curve.js";
import type { I80F48 } from "../math/i80f48.js";
import { BankLayout } from "../state/bank.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { fail } from "./errors.js";
import { emitEvent } from "./events.js";
import { toF64 } from "../math/value.js";
import type { InstructionContext } from "@ballast/ledger";

const b = BankLayout.fields;
const cache = b.cache.fields;

/** The group's program fees (flag and cached rates), read in place. */
export function groupProgramFees(group: MarginfiGroupData): ProgramFees {
  const g = MarginfiGroupLayout.fields;
  return programFeesOf({
    groupFlags: g.groupFlags.get(group),
    feeStateCache: {
      programFeeRate: g.feeStateCache.fields.programFeeRate.get(group),
      programFeeFixed: g.feeStateCache.fields.programFeeFixed.get(group),
    },
  });
}

function readInterestState(bank: BankData): BankInterestState {
  return {
    assetShareValue: b.assetShareValue.get(bank),
    liabilityShareValue: b.liabilityShareValue.get(bank),
    totalAssetShares: b.totalAssetShares.get(bank),
    totalLiabilityShares: b.totalLiabilityShares.get(bank),
    collectedInsuranceFeesOutstanding: b.collectedInsuranceFeesOutstanding.get(bank),
    collectedGroupFeesOutstanding: b.collectedGroupFeesOutstanding.get(bank),
    collectedProgramFeesOutstanding: b.collectedProgramFeesOutstanding.get(bank),
    lastUpdate: b.lastUpdate.get(bank),
    cache: {
      baseRate: cache.baseRate.get(bank),
      lendingRate: cache.lendingRate.get(bank),
      borrowingRate: cache.borrowingRate.get(bank),
      interestAccumulatedFor: cache.interestAccumulatedFor.get(bank),
      accumulatedSinceLastUpdate: cache.accumulatedSinceLastUpdate.get(bank),
    },
    config: { interestRateConfig: b.config.fields.interestRateConfig.get(bank) },
  };
}

/** Interest math that the program would abort on (a decreasing curve, a clock going back) fails as MathError. */
function checkedMath<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof InterestMathError) fail("MathError");
    throw e;
  }
}

export interface Accrual {
  /** Seconds since the previous accrual. */
  readonly timeDelta: bigint;
  /** Present when interest accrued (dt > 0 and both totals non-zero). */
  readonly changes?: InterestRateStateChanges;
}

/** `Bank::accrue_interest(now)` on the account data. */
function accrueBankInterest(bank: BankData, group: MarginfiGroupData, now: bigint): Accrual {
  const { bank: next, timeDelta, changes } = checkedMath(() => accrueInterest(readInterestState(bank), now, groupProgramFees(group)));
  b.lastUpdate.set(bank, next.lastUpdate);
  if (changes) {
    b.assetShareValue.set(bank, next.assetShareValue);
    b.liabilityShareValue.set(bank, next.liabilityShareValue);
    b.collectedGroupFeesOutstanding.set(bank, next.collectedGroupFeesOutstanding);
    b.collectedInsuranceFeesOutstanding.set(bank, next.collectedInsuranceFeesOutstanding);
    b.collectedProgramFeesOutstanding.set(bank, next.collectedProgramFeesOutstanding);
    cache.accumulatedSinceLastUpdate.set(bank, next.cache.accumulatedSinceLastUpdate);
    cache.interestAccumulatedFor.set(bank, next.cache.interestAccumulatedFor);
  }
  return { timeDelta, changes };
}

/**
 * Accrues the bank's interest and reports it as the program's `accrue_interest` does: every instruction that
 * accrues emits LendingPoolBankAccrueInterestEvent for a non-empty period (with zero fees when a side is empty).
 */
export function accrueAndReport(
  ctx: Pick<InstructionContext, "clock" | "logData">,
  bank: BankAccount,
  group: MarginfiGroupAccount,
): Accrual {
  const accrual = accrueBankInterest(bank.data, group.data, ctx.clock.unixTimestamp);
  if (accrual.timeDelta > 0n) {
    emitEvent(ctx, "LendingPoolBankAccrueInterestEvent", {
      header: { signer: null, marginfiGroup: group.key },
      bank: bank.key,
      mint: b.mint.get(bank.data),
      delta: accrual.timeDelta,
      feesCollected: accrual.changes ? toF64(accrual.changes.groupFeesCollected) : 0,
      insuranceCollected: accrual.changes ? toF64(accrual.changes.insuranceFeesCollected) : 0,
    });
  }
  return accrual;
}

/** `update_bank_cache`: current rates (and last_update) when both totals are non-zero, else a reset keeping the price. */
export function updateBankRateCache(bank: BankData, group: MarginfiGroupData, now: bigint): void {
  const next = checkedMath(() => updateBankCache(readInterestState(bank), now, groupProgramFees(group)));
  b.lastUpdate.set(bank, next.lastUpdate);
  cache.baseRate.set(bank, next.cache.baseRate);
  cache.lendingRate.set(bank, next.cache.lendingRate);
  cache.borrowingRate.set(bank, next.cache.borrowingRate);
  cache.interestAccumulatedFor.set(bank, next.cache.interestAccumulatedFor);
  cache.accumulatedSinceLastUpdate.set(bank, next.cache.accumulatedSinceLastUpdate);
}

/** `update_cache_price`: the unbiased real-time price and its capped confidence, stamped now. */
export function updateBankPriceCache(bank: BankData, price: I80F48, confidence: I80F48, now: bigint): void {
  cache.lastOraclePrice.set(bank, price);
  cache.lastOraclePriceConfidence.set(bank, confidence);
  cache.lastOraclePriceTimestamp.set(bank, now);
}
