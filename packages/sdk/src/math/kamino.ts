// Kamino positions are held in the reserve's collateral tokens; users think in the bank's token. The reserve's
// exchange rate as of its last refresh converts between them (interest since then only raises the rate), and the
// reserve's supply rate is what such a position earns.
import {
  borrowRate,
  collateralToLiquidity,
  exchangeRateOf,
  fraction,
  liquidityToCollateral,
  totalSupply,
  utilizationRate,
} from "@ballast/market";
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import type { KaminoCurvePoint, KaminoReserve } from "../state/kamino.js";
import type { CurvePoint } from "./rates.js";

/** Collateral tokens a withdrawal of `amount` native tokens redeems: rounded down, so it never pays out more than asked at that rate. */
export function kaminoCollateralForTokens(reserve: KaminoReserve, amount: bigint): bigint {
  return liquidityToCollateral(exchangeRateOf(reserve), amount);
}

/** Native tokens `collateral` collateral tokens redeem for: rounded down, as the market pays. */
export function kaminoTokensForCollateral(reserve: KaminoReserve, collateral: bigint): bigint {
  return collateralToLiquidity(exchangeRateOf(reserve), collateral);
}

/** What a Kamino bank's client math reads from its reserve, as of the reserve's last refresh. */
export interface KaminoCollateralView {
  /** Tokens one collateral token redeems for (I80F48); 1 until the reserve earns interest. */
  readonly tokensPerCollateral: I80F48;
  /** Borrowed over total supply of the reserve (I80F48 fraction). */
  readonly utilization: I80F48;
  /** The reserve's whole supply and what its borrowers owe, in native tokens (I80F48): the totals behind utilization. */
  readonly reserveSupply: I80F48;
  readonly reserveBorrowed: I80F48;
  /** The reserve's supply APR (I80F48 fraction): utilization × curve rate × (1 − protocol take rate). */
  readonly supplyApr: I80F48;
  /** The reserve's 11-point borrow-rate curve and the share of interest the market keeps, for its rate chart. */
  readonly borrowRateCurve: readonly KaminoCurvePoint[];
  readonly protocolTakeRatePct: number;
}

/** A U68F60 Fraction as I80F48 (truncating the 12 extra fractional bits). */
const fractionToI80F48 = (sf: bigint): I80F48 => fx.fromBits(sf >> 12n);

/** The reserve's borrow and supply APRs at `utilization` (a U68F60 Fraction). */
function reserveRates(curve: readonly KaminoCurvePoint[], protocolTakeRatePct: number, utilization: bigint) {
  const borrowing = fractionToI80F48(borrowRate(curve, utilization));
  const depositorsShare = fx.div(fx.fromInt(100 - protocolTakeRatePct), fx.fromInt(100));
  return { borrowing, lending: fx.mul(fx.mul(fractionToI80F48(utilization), borrowing), depositorsShare) };
}

export function kaminoCollateralView(reserve: KaminoReserve): KaminoCollateralView {
  const rate = exchangeRateOf(reserve);
  const tokensPerCollateral = fx.div(fractionToI80F48(rate.liquidity), fx.fromInt(rate.collateralSupply));
  const utilization = utilizationRate(reserve.liquidity);
  const borrowRateCurve = reserve.config.borrowRateCurve.points;
  const protocolTakeRatePct = reserve.config.protocolTakeRatePct;
  const supplyApr = reserveRates(borrowRateCurve, protocolTakeRatePct, utilization).lending;
  return {
    tokensPerCollateral,
    utilization: fractionToI80F48(utilization),
    reserveSupply: fractionToI80F48(totalSupply(reserve.liquidity)),
    reserveBorrowed: fractionToI80F48(reserve.liquidity.borrowedAmountSf),
    supplyApr,
    borrowRateCurve,
    protocolTakeRatePct,
  };
}

/** The reserve's APR curve at every whole percent of utilization (101 points), as the bank's rate chart. */
export function kaminoUtilizationCurve(view: KaminoCollateralView): CurvePoint[] {
  return Array.from({ length: 101 }, (_, percent) => {
    const rates = reserveRates(view.borrowRateCurve, view.protocolTakeRatePct, fraction.fromPercent(percent));
    const utilization = fx.div(fx.fromInt(percent), fx.fromInt(100));
    return { utilization, baseRate: rates.borrowing, lendingRate: rates.lending, borrowingRate: rates.borrowing };
  });
}
