// A market obligation valued the way klend's refresh_obligation values it (market reference §2.9), at prices the
// caller supplies: watchers need to know which obligations a price move makes liquidatable before refreshing anything
// on chain. Debt is grown to each reserve's borrow index as of its last refresh; interest since then only adds debt,
// so a watcher keeps a margin.
import {
  fraction as fx,
  exchangeRateOf,
  fractionCollateralToLiquidity,
  readReservePrice,
  marketValue,
  type LendingMarket,
  type OracleAccounts,
} from "@ballast/market";
import type { KaminoObligation, KaminoReserve } from "../state/kamino.js";

/** Market prices by reserve address: Fractions (60 fractional bits) of the quote currency per whole token. */
export type KaminoReservePrices = ReadonlyMap<string, bigint>;

/** An obligation's totals as refresh_obligation would write them (Fractions of the quote currency). */
export interface KaminoObligationValue {
  readonly depositedValue: bigint;
  /** Debt at market value, without borrow factors. */
  readonly borrowedValue: bigint;
  /** Debt weighted by each reserve's borrow factor (1 inside an elevation group): what liquidation compares. */
  readonly borrowFactorAdjustedDebtValue: bigint;
  /** Σ collateral value × liquidation threshold: debt at or above it makes the obligation liquidatable. */
  readonly unhealthyBorrowValue: bigint;
  /** Σ collateral value × LTV. */
  readonly allowedBorrowValue: bigint;
}

const ZERO_KEY = "11111111111111111111111111111111";

function reserveOf(reserves: ReadonlyMap<string, KaminoReserve>, address: string): KaminoReserve {
  const reserve = reserves.get(address);
  if (!reserve) throw new Error(`market reserve ${address} is not loaded`);
  return reserve;
}

function priceOf(prices: KaminoReservePrices, address: string): bigint {
  const price = prices.get(address);
  if (price === undefined) throw new Error(`market reserve ${address} has no price`);
  return price;
}

/** The obligation's elevation group's LTV and liquidation threshold (percent), or null outside groups. */
function groupRatios(obligation: KaminoObligation, market: LendingMarket): { ltvPct: number; liquidationThresholdPct: number } | null {
  if (obligation.elevationGroup === 0) return null;
  const group = market.elevationGroups[obligation.elevationGroup - 1];
  if (!group) throw new Error(`elevation group ${obligation.elevationGroup} does not exist`);
  return { ltvPct: group.ltvPct, liquidationThresholdPct: group.liquidationThresholdPct };
}

/** The obligation valued at `prices`, with every reserve it uses in `reserves`. */
export function kaminoObligationValue(
  obligation: KaminoObligation,
  market: LendingMarket,
  reserves: ReadonlyMap<string, KaminoReserve>,
  prices: KaminoReservePrices,
): KaminoObligationValue {
  const group = groupRatios(obligation, market);
  let depositedValue = 0n;
  let allowedBorrowValue = 0n;
  let unhealthyBorrowValue = 0n;
  for (const deposit of obligation.deposits) {
    if (deposit.depositReserve === ZERO_KEY || deposit.depositedAmount === 0n) continue;
    const reserve = reserveOf(reserves, deposit.depositReserve);
    const liquidity = fractionCollateralToLiquidity(exchangeRateOf(reserve), fx.fromInt(deposit.depositedAmount));
    const value = marketValue(liquidity, priceOf(prices, deposit.depositReserve), reserve.liquidity.mintDecimals);
    depositedValue = fx.add(depositedValue, value);
    allowedBorrowValue = fx.add(allowedBorrowValue, fx.mul(value, fx.fromPercent(group?.ltvPct ?? reserve.config.loanToValuePct)));
    unhealthyBorrowValue = fx.add(
      unhealthyBorrowValue,
      fx.mul(value, fx.fromPercent(group?.liquidationThresholdPct ?? reserve.config.liquidationThresholdPct)),
    );
  }
  let borrowedValue = 0n;
  let borrowFactorAdjustedDebtValue = 0n;
  for (const borrow of obligation.borrows) {
    if (borrow.borrowReserve === ZERO_KEY || borrow.borrowedAmountSf === 0n) continue;
    const reserve = reserveOf(reserves, borrow.borrowReserve);
    const index = reserve.liquidity.cumulativeBorrowRateBsf;
    // Debt grows with the reserve's index since the position last accrued; the index only rises.
    const owed =
      index > borrow.cumulativeBorrowRateBsf ? (borrow.borrowedAmountSf * index) / borrow.cumulativeBorrowRateBsf : borrow.borrowedAmountSf;
    const value = marketValue(owed, priceOf(prices, borrow.borrowReserve), reserve.liquidity.mintDecimals);
    const borrowFactor = group ? fx.ONE : fx.maxOf(fx.ONE, fx.fromPercent(reserve.config.borrowFactorPct));
    borrowedValue = fx.add(borrowedValue, value);
    borrowFactorAdjustedDebtValue = fx.add(borrowFactorAdjustedDebtValue, fx.mul(value, borrowFactor));
  }
  const globalCap = fx.fromInt(market.globalAllowedBorrowValue);
  return {
    depositedValue,
    borrowedValue,
    borrowFactorAdjustedDebtValue,
    unhealthyBorrowValue,
    allowedBorrowValue: fx.minOf(allowedBorrowValue, globalCap),
  };
}

/** klend's liquidation test: borrow-factor-adjusted debt at or above the unhealthy borrow value, with debt to repay. */
export function isKaminoObligationLiquidatable(value: KaminoObligationValue): boolean {
  return value.borrowFactorAdjustedDebtValue > 0n && value.borrowFactorAdjustedDebtValue >= value.unhealthyBorrowValue;
}

/** Borrow-factor-adjusted LTV (debt over deposits) as a Fraction; null without deposits. */
export function kaminoObligationLtv(value: KaminoObligationValue): bigint | null {
  return value.depositedValue === 0n ? null : fx.div(value.borrowFactorAdjustedDebtValue, value.depositedValue);
}

/**
 * The price refresh_reserve would set for `reserve` from its oracle accounts at `unixTimestamp`, or null when its
 * sources give no usable price (too old, out of its heuristic, blocked: the refresh would leave the reserve unusable).
 */
export function kaminoReservePrice(reserve: KaminoReserve, oracles: OracleAccounts, slot: bigint, unixTimestamp: bigint): bigint | null {
  return readReservePrice(reserve.config.tokenInfo, oracles, { slot, unixTimestamp })?.price ?? null;
}
