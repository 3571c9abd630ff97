// The collateral exchange rate between a reserve's liquidity and its cTokens (reference §2.7): the pair
// (cToken supply, total liquidity supply), 1:1 while either is zero. Deposits mint floor(cTokens) and charge the
// ceiling of the liquidity those cTokens are worth, so the rate never moves against existing holders.
import { failMath } from "./math-errors.js";
import { bigDiv, bigDivInt, bigMul, bigToFraction } from "./big-fraction.js";
import * as fx from "./fraction.js";
import { type LiquidityAmounts, totalSupply } from "./reserve-liquidity.js";

export interface CollateralExchangeRate {
  /** cToken supply (integer). */
  readonly collateralSupply: bigint;
  /** Total liquidity supply (Fraction). */
  readonly liquidity: bigint;
}

export const INITIAL_EXCHANGE_RATE: CollateralExchangeRate = { collateralSupply: 1n, liquidity: fx.ONE };

export function collateralExchangeRate(mintTotalSupply: bigint, totalLiquiditySupply: bigint): CollateralExchangeRate {
  if (mintTotalSupply === 0n || totalLiquiditySupply === 0n) return INITIAL_EXCHANGE_RATE;
  return { collateralSupply: mintTotalSupply, liquidity: totalLiquiditySupply };
}

/** What the rate reads from a reserve: its cToken supply and its liquidity amounts. */
export interface ReserveSupplies {
  readonly collateral: { readonly mintTotalSupply: bigint };
  readonly liquidity: LiquidityAmounts;
}

/** The reserve's current rate: cToken supply against liquidity owned by depositors. */
export function exchangeRateOf(reserve: ReserveSupplies): CollateralExchangeRate {
  return collateralExchangeRate(reserve.collateral.mintTotalSupply, totalSupply(reserve.liquidity));
}

/** Liquidity worth `collateral` cTokens (both Fractions). */
export function fractionCollateralToLiquidity(rate: CollateralExchangeRate, collateral: bigint): bigint {
  return bigToFraction(bigDivInt(bigMul(collateral, rate.liquidity), rate.collateralSupply));
}

/** Liquidity a redemption of `collateral` cTokens pays: rounded down. */
export function collateralToLiquidity(rate: CollateralExchangeRate, collateral: bigint): bigint {
  return fx.toFloor(fractionCollateralToLiquidity(rate, fx.fromInt(collateral)));
}

/** Liquidity `collateral` cTokens cost: rounded up. */
export function collateralToLiquidityCeil(rate: CollateralExchangeRate, collateral: bigint): bigint {
  const bits = (collateral * rate.liquidity + rate.collateralSupply - 1n) / rate.collateralSupply;
  return fx.toCeil(bigToFraction(bits));
}

/** cTokens `liquidity` buys: rounded down. */
export function liquidityToCollateral(rate: CollateralExchangeRate, liquidity: bigint): bigint {
  // BigFraction::from_num(supply × liquidity) / total liquidity, narrowed to a Fraction.
  const collateral = bigToFraction(bigDiv((rate.collateralSupply * liquidity) << 60n, rate.liquidity));
  return fx.toFloor(collateral);
}

export interface DepositAmounts {
  /** cTokens minted. */
  collateral: bigint;
  /** Liquidity actually taken for them (at most the amount offered). */
  liquidity: bigint;
}

/** What a deposit of `liquidity` mints and charges. */
export function depositAmounts(rate: CollateralExchangeRate, liquidity: bigint): DepositAmounts {
  const collateral = liquidityToCollateral(rate, liquidity);
  const charged = collateralToLiquidityCeil(rate, collateral);
  if (charged > liquidity) failMath("MathOverflow");
  return { collateral, liquidity: charged };
}
