// The risk council's instructions (reference §3.6, SML §2.4): forgiving the debt an obligation has left once its
// collateral is gone, depositors absorbing it, and marking an obligation for individual deleveraging.
import { NO_DELEVERAGING_MARKER, PriceStatus } from "../constants.js";
import { fail } from "../errors.js";
import * as fx from "../math/fraction.js";
import { totalSupply } from "../math/reserve-liquidity.js";
import type { LendingMarket } from "../state/lending-market.js";
import type { Obligation } from "../state/obligation.js";
import { type MarketClock, markStale } from "./last-update.js";
import { reduceDebtTrackers } from "./liquidation.js";
import { borrowIndex, borrowSlot, borrowsEmpty, depositsEmpty, repayToBorrow, updateHasDebt } from "./obligation-positions.js";
import type { ReserveRef } from "./obligation-refresh.js";
import { removeAllOrders } from "./orders.js";
import { type Log, priceStatusBits, requireFresh } from "./preconditions.js";

/** A reserve version no instruction accepts: the reserve lost more than its depositors own. */
const DEPRECATED_VERSION = fx.U64_MAX;

/** Forgives up to `amount` of the debt in `reserve` of an obligation without collateral; returns what was forgiven. */
export function socializeLoss(
  reserve: ReserveRef,
  obligation: Obligation,
  amount: bigint,
  clock: MarketClock,
  depositReserves: readonly ReserveRef[],
  log: Log,
): bigint {
  const r = reserve.reserve;
  const stale = "is stale and must be refreshed in the current slot, price status:";
  requireFresh(
    r.lastUpdate,
    clock,
    PriceStatus.ALL_CHECKS,
    "ReserveStale",
    `Reserve ${stale} ${priceStatusBits(r.lastUpdate.priceStatus)}`,
    log,
  );
  const obligationBits = priceStatusBits(obligation.lastUpdate.priceStatus);
  requireFresh(obligation.lastUpdate, clock, PriceStatus.ALL_CHECKS, "ObligationStale", `Obligation ${stale} ${obligationBits}`, log);
  if (!depositsEmpty(obligation)) {
    log("Obligation hasn't been fully liquidated!");
    fail("CannotSocializeObligationWithCollateral");
  }
  if (borrowsEmpty(obligation)) {
    log("Obligation has no deposits or borrows");
    fail("ObligationEmpty");
  }
  const index = borrowIndex(obligation, reserve.key, log);
  const forgiven = fx.minOf(fx.fromInt(amount), borrowSlot(obligation, index).borrowedAmountSf);
  if (forgiven >= totalSupply(r.liquidity)) {
    log("Reserve becomes deprecated");
    r.version = DEPRECATED_VERSION;
  }
  log(`Forgiving debt amount ${fx.fractionDisplay(forgiven)}`);
  reduceDebtTrackers(obligation, index, r, depositReserves, fx.toCeil(forgiven));
  r.liquidity.borrowedAmountSf = fx.sub(r.liquidity.borrowedAmountSf, forgiven);
  markStale(r.lastUpdate);
  repayToBorrow(obligation, index, forgiven);
  updateHasDebt(obligation);
  if (obligation.hasDebt === 0 && removeAllOrders(obligation)) {
    log("Socializing loss has left the obligation with no debt; removing all its orders");
  }
  markStale(obligation.lastUpdate);
  return forgiven;
}

/**
 * Marks the obligation for deleveraging towards `targetLtvPct` from now on, or unmarks it for NO_DELEVERAGING_MARKER;
 * the market must have a margin-call period.
 */
export function markObligationForDeleveraging(
  market: LendingMarket,
  obligation: Obligation,
  targetLtvPct: number,
  timestamp: bigint,
  log: Log,
): void {
  const marked = obligation.autodeleverageMarginCallStartedTimestamp !== 0n;
  if (targetLtvPct === NO_DELEVERAGING_MARKER) {
    if (marked) {
      log(
        `Unmarking deleveraged obligation (was started at timestamp ${obligation.autodeleverageMarginCallStartedTimestamp} with target LTV ${obligation.autodeleverageTargetLtvPct}%)`,
      );
      obligation.autodeleverageMarginCallStartedTimestamp = 0n;
      obligation.autodeleverageTargetLtvPct = 0;
    } else {
      log("No-op unmarking of not-currently-marked obligation");
    }
    return;
  }
  if (targetLtvPct > 100) {
    log(`Percentage outside valid range: ${targetLtvPct}`);
    fail("InvalidConfig");
  }
  if (marked) {
    log(`Obligation marked for deleveraging since ${obligation.autodeleverageMarginCallStartedTimestamp}`);
    fail("ObligationCurrentlyMarkedForDeleveraging");
  }
  if (market.individualAutodeleverageMarginCallPeriodSecs === 0n) {
    log("Lending market is missing the `individual_autodeleverage_margin_call_period_secs` configuration");
    fail("InvalidConfig");
  }
  log(`Marking obligation for deleveraging with target LTV ${targetLtvPct}%`);
  obligation.autodeleverageMarginCallStartedTimestamp = timestamp;
  obligation.autodeleverageTargetLtvPct = targetLtvPct;
}
