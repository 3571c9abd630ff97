// A market obligation valued the way klend's refresh_obligation values it (market reference §2.9), at prices the
// caller supplies: watchers need to know which obligations a price move makes liquidatable before refreshing anything
// on chain. Debt is grown to each reserve's borrow index as of its last refresh; interest since then only adds debt,
// so a watcher keeps a margin. The liquidation plan follows the program's priority rules and sizes (§2.14) with the
// market's own liquidation math.
import {
  fraction as fx,
  exchangeRateOf,
  fractionCollateralToLiquidity,
  liquidationBonus,
  marketValue,
  maxLiquidatableBorrowedAmount,
  readReservePrice,
  type LendingMarket,
  type OracleAccounts,
} from "@ballast/market";
import type { KaminoObligation, KaminoReserve } from "../state/kamino.js";

/** Market prices by reserve address: Fractions (60 fractional bits) of the quote currency per whole token. */
export type KaminoReservePrices = ReadonlyMap<string, bigint>;

/** One collateral position valued (Fractions of the quote currency unless said). */
export interface KaminoDepositValue {
  readonly reserve: string;
  /** cTokens held. */
  readonly depositedAmount: bigint;
  readonly marketValue: bigint;
  /** The liquidation threshold it counts with (its elevation group's inside one), percent. */
  readonly liquidationThresholdPct: number;
}

/** One debt position valued. */
export interface KaminoBorrowValue {
  readonly reserve: string;
  /** Debt in native units (Fraction), grown to the reserve's index. */
  readonly borrowedAmount: bigint;
  readonly marketValue: bigint;
  /** The borrow factor it counts with (1 inside an elevation group). */
  readonly borrowFactor: bigint;
}

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
  readonly deposits: readonly KaminoDepositValue[];
  readonly borrows: readonly KaminoBorrowValue[];
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

const sum = (values: readonly bigint[]) => values.reduce((total, v) => fx.add(total, v), 0n);

/** The obligation valued at `prices`, with every reserve it uses in `reserves`. */
export function kaminoObligationValue(
  obligation: KaminoObligation,
  market: LendingMarket,
  reserves: ReadonlyMap<string, KaminoReserve>,
  prices: KaminoReservePrices,
): KaminoObligationValue {
  const group = groupRatios(obligation, market);
  const deposits: (KaminoDepositValue & { ltvPct: number })[] = [];
  for (const deposit of obligation.deposits) {
    if (deposit.depositReserve === ZERO_KEY || deposit.depositedAmount === 0n) continue;
    const reserve = reserveOf(reserves, deposit.depositReserve);
    const liquidity = fractionCollateralToLiquidity(exchangeRateOf(reserve), fx.fromInt(deposit.depositedAmount));
    deposits.push({
      reserve: deposit.depositReserve,
      depositedAmount: deposit.depositedAmount,
      marketValue: marketValue(liquidity, priceOf(prices, deposit.depositReserve), reserve.liquidity.mintDecimals),
      liquidationThresholdPct: group?.liquidationThresholdPct ?? reserve.config.liquidationThresholdPct,
      ltvPct: group?.ltvPct ?? reserve.config.loanToValuePct,
    });
  }
  const borrows: KaminoBorrowValue[] = [];
  for (const borrow of obligation.borrows) {
    if (borrow.borrowReserve === ZERO_KEY || borrow.borrowedAmountSf === 0n) continue;
    const reserve = reserveOf(reserves, borrow.borrowReserve);
    const index = reserve.liquidity.cumulativeBorrowRateBsf;
    // Debt grows with the reserve's index since the position last accrued; the index only rises.
    const owed =
      index > borrow.cumulativeBorrowRateBsf ? (borrow.borrowedAmountSf * index) / borrow.cumulativeBorrowRateBsf : borrow.borrowedAmountSf;
    borrows.push({
      reserve: borrow.borrowReserve,
      borrowedAmount: owed,
      marketValue: marketValue(owed, priceOf(prices, borrow.borrowReserve), reserve.liquidity.mintDecimals),
      borrowFactor: group ? fx.ONE : fx.maxOf(fx.ONE, fx.fromPercent(reserve.config.borrowFactorPct)),
    });
  }
  return {
    depositedValue: sum(deposits.map((d) => d.marketValue)),
    borrowedValue: sum(borrows.map((b) => b.marketValue)),
    borrowFactorAdjustedDebtValue: sum(borrows.map((b) => fx.mul(b.marketValue, b.borrowFactor))),
    unhealthyBorrowValue: sum(deposits.map((d) => fx.mul(d.marketValue, fx.fromPercent(d.liquidationThresholdPct)))),
    allowedBorrowValue: fx.minOf(
      sum(deposits.map((d) => fx.mul(d.marketValue, fx.fromPercent(d.ltvPct)))),
      fx.fromInt(market.globalAllowedBorrowValue),
    ),
    deposits: deposits.map(({ ltvPct: _ltv, ...rest }) => rest),
    borrows,
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

/** An LTV liquidation of a market obligation as the program would take it. */
export interface KaminoLiquidationPlan {
  /** The debt repaid: the one with the highest borrow factor (the larger on a tie), as the program requires. */
  readonly repayReserve: string;
  /** The collateral seized: the one with the lowest liquidation threshold (the larger on a tie). */
  readonly withdrawReserve: string;
  /** The most of that debt one liquidation may repay, native units, rounded down. */
  readonly maxRepay: bigint;
  /** The liquidation bonus (Fraction). */
  readonly bonus: bigint;
}

const compareBigint = (a: bigint, b: bigint) => (a === b ? 0 : a < b ? -1 : 1);
const largerFirst = (a: { marketValue: bigint }, b: { marketValue: bigint }) => compareBigint(b.marketValue, a.marketValue);
const first = <T>(items: readonly T[], compare: (a: T, b: T) => number): T | undefined => [...items].sort(compare)[0];

/**
 * The liquidation the program would accept for an obligation that is liquidatable by LTV at `prices`, or null when it
 * is not (or has nothing to seize). Positions worth less than the market's skip thresholds do not take part in the
 * priority rules, as on chain.
 */
export function kaminoLiquidationPlan(
  obligation: KaminoObligation,
  market: LendingMarket,
  reserves: ReadonlyMap<string, KaminoReserve>,
  prices: KaminoReservePrices,
): KaminoLiquidationPlan | null {
  if (market.priceTriggeredLiquidationDisabled !== 0) return null;
  const value = kaminoObligationValue(obligation, market, reserves, prices);
  if (!isKaminoObligationLiquidatable(value)) return null;
  // Positions below the market's skip values do not rank: among the rest, the highest borrow factor and the lowest
  // liquidation threshold must be chosen; with none above them, any position may be (the largest is).
  const borrowSkip = fx.fromInt(market.minValueSkipLiquidationBfChecks);
  const rankedDebts = value.borrows.filter((b) => b.marketValue >= borrowSkip);
  const repay = first(
    rankedDebts.length > 0 ? rankedDebts : value.borrows,
    rankedDebts.length > 0 ? (a, b) => compareBigint(b.borrowFactor, a.borrowFactor) || largerFirst(a, b) : largerFirst,
  );
  const ltvSkip = fx.fromInt(market.minValueSkipLiquidationLtvChecks);
  const seizable = value.deposits.filter((d) => d.liquidationThresholdPct > 0);
  const rankedCollateral = seizable.filter((d) => d.marketValue >= ltvSkip);
  const withdraw = first(
    rankedCollateral.length > 0 ? rankedCollateral : seizable,
    rankedCollateral.length > 0 ? (a, b) => a.liquidationThresholdPct - b.liquidationThresholdPct || largerFirst(a, b) : largerFirst,
  );
  if (!repay || !withdraw || value.depositedValue === 0n) return null;
  const ltv = fx.div(value.borrowFactorAdjustedDebtValue, value.depositedValue);
  const unhealthyLtv = fx.div(value.unhealthyBorrowValue, value.depositedValue);
  const noBfLtv = fx.div(value.borrowedValue, value.depositedValue);
  const collateralConfig = reserveOf(reserves, withdraw.reserve).config;
  const debtConfig = reserveOf(reserves, repay.reserve).config;
  const group = obligation.elevationGroup === 0 ? undefined : market.elevationGroups[obligation.elevationGroup - 1];
  const groupCap =
    group &&
    group.maxLiquidationBonusBps !== 0 &&
    collateralConfig.elevationGroups.includes(obligation.elevationGroup) &&
    debtConfig.elevationGroups.includes(obligation.elevationGroup) &&
    group.maxLiquidationBonusBps <= collateralConfig.maxLiquidationBonusBps &&
    group.maxLiquidationBonusBps <= debtConfig.maxLiquidationBonusBps
      ? group.maxLiquidationBonusBps
      : Number.MAX_SAFE_INTEGER;
  const bonus = liquidationBonus(collateralConfig, debtConfig, unhealthyLtv, ltv, noBfLtv, groupCap);
  const maxRepay = maxLiquidatableBorrowedAmount({
    userLtv: ltv,
    totalDebtValue: value.borrowedValue,
    debtValue: repay.marketValue,
    borrowedAmount: repay.borrowedAmount,
    closeFactorPct: market.liquidationMaxDebtCloseFactorPct,
    insolvencyRiskLtvPct: market.insolvencyRiskUnhealthyLtvPct,
    maxLiquidatableValueAtOnce: market.maxLiquidatableDebtMarketValueAtOnce,
  });
  return { repayReserve: repay.reserve, withdrawReserve: withdraw.reserve, maxRepay: fx.toFloor(maxRepay), bonus };
}

/**
 * Liquidity of the withdraw reserve's token worth `repay` native units of the repay reserve's token at `prices`
 * (rounded down): what a liquidation repaying `repay` must at least return to break even before its bonus.
 */
export function kaminoRepayWorthInCollateral(
  repay: bigint,
  repayReserve: KaminoReserve,
  withdrawReserve: KaminoReserve,
  prices: { repay: bigint; withdraw: bigint },
): bigint {
  const value = marketValue(fx.fromInt(repay), prices.repay, repayReserve.liquidity.mintDecimals);
  return fx.toFloor(fx.div(fx.mulInt(value, 10n ** withdrawReserve.liquidity.mintDecimals), prices.withdraw));
}

/**
 * What a liquidation repaying `repay` native units under `plan` earns at `prices`, in the quote currency (Fraction):
 * the bonus on the repaid value, less the withdraw reserve's protocol share of it.
 */
export function kaminoLiquidationProfit(
  plan: KaminoLiquidationPlan,
  repay: bigint,
  reserves: ReadonlyMap<string, KaminoReserve>,
  prices: KaminoReservePrices,
): bigint {
  const repayReserve = reserveOf(reserves, plan.repayReserve);
  const value = marketValue(fx.fromInt(repay), priceOf(prices, plan.repayReserve), repayReserve.liquidity.mintDecimals);
  const protocolShare = fx.fromPercent(reserveOf(reserves, plan.withdrawReserve).config.protocolLiquidationFeePct);
  return fx.mul(fx.mul(value, plan.bonus), fx.sub(fx.ONE, protocolShare));
}
