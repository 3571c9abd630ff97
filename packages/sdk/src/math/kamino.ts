// Kamino positions are held in the reserve's collateral tokens; users think in the bank's token. The reserve's
// exchange rate as of its last refresh converts between them (interest since then only raises the rate).
import { collateralToLiquidity, exchangeRateOf, liquidityToCollateral } from "@ballast/market";
import type { KaminoReserve } from "../state/kamino.js";

/** Collateral tokens a withdrawal of `amount` native tokens redeems: rounded down, so it never pays out more than asked at that rate. */
export function kaminoCollateralForTokens(reserve: KaminoReserve, amount: bigint): bigint {
  return liquidityToCollateral(exchangeRateOf(reserve), amount);
}

/** Native tokens `collateral` collateral tokens redeem for: rounded down, as the market pays. */
export function kaminoTokensForCollateral(reserve: KaminoReserve, collateral: bigint): bigint {
  return collateralToLiquidity(exchangeRateOf(reserve), collateral);
}
