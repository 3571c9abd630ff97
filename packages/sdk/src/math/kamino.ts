// Kamino positions are held in the reserve's collateral tokens; users think in the bank's token. The reserve's
// exchange rate as of its last refresh converts between them (interest since then only raises the rate), and the
// reserve's supply rate is what such a position earns.
import { borrowRate, collateralToLiquidity, exchangeRateOf, liquidityToCollateral, utilizationRate } from "@ballast/market";
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import type { KaminoReserve } from "../state/kamino.js";

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
  /** The reserve's supply APR (I80F48 fraction): utilization × curve rate × (1 − protocol take rate). */
  readonly supplyApr: I80F48;
}

/** A U68F60 Fraction as I80F48 (truncating the 12 extra fractional bits). */
const fractionToI80F48 = (sf: bigint): I80F48 => fx.fromBits(sf >> 12n);

export function kaminoCollateralView(reserve: KaminoReserve): KaminoCollateralView {
  const rate = exchangeRateOf(reserve);
  const tokensPerCollateral = fx.div(fractionToI80F48(rate.liquidity), fx.fromInt(rate.collateralSupply));
  const utilization = utilizationRate(reserve.liquidity);
  const curveRate = borrowRate(reserve.config.borrowRateCurve.points, utilization);
  const depositorsShare = fx.div(fx.fromInt(100 - reserve.config.protocolTakeRatePct), fx.fromInt(100));
  const supplyApr = fx.mul(fx.mul(fractionToI80F48(utilization), fractionToI80F48(curveRate)), depositorsShare);
  return { tokensPerCollateral, utilization: fractionToI80F48(utilization), supplyApr };
}
