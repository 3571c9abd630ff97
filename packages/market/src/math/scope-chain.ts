// A Scope price chain's product (reference §5, klend utils/prices/scope.rs): up to four Scope prices, each an integer
// value with a count of decimals, multiplied into one (e.g. JitoSOL/SOL × SOL/USD). The running product is a U256;
// when the next factor would take the decimals past 36, both the product and the factor are first truncated to 18
// decimals, which keeps the product inside U256 at about 18 digits of precision.
import { U256_MAX } from "./big-fraction.js";
import { failMath } from "./math-errors.js";

/** value / 10^exp. */
export interface DecimalPrice {
  value: bigint;
  exp: bigint;
}

/** klend's MAX_PRICE_DECIMALS_U256. */
export const MAX_CHAIN_PRICE_DECIMALS = 36n;
/** klend's TARGET_PRICE_DECIMALS: where both sides are truncated to before a multiplication that would pass 36. */
export const TARGET_CHAIN_PRICE_DECIMALS = 18n;

/**
 * Truncates to at most `decimals` decimals (reduce_exp_lossy); a price with fewer is left as it is. klend's powers of
 * ten stop at 10^36 (a larger step panics there); here it is MathOverflow.
 */
export function reducePriceDecimals(price: DecimalPrice, decimals: bigint): DecimalPrice {
  if (price.exp <= decimals) return price;
  if (price.exp - decimals > MAX_CHAIN_PRICE_DECIMALS) failMath("MathOverflow");
  return { value: price.value / 10n ** (price.exp - decimals), exp: decimals };
}

/** The product of the chain's prices, from 1 with no decimals; MathOverflow when a product passes U256. */
export function multiplyPriceChain(chain: readonly DecimalPrice[]): DecimalPrice {
  return chain.reduce<DecimalPrice>(
    (product, factor) => {
      const [a, b] =
        product.exp + factor.exp > MAX_CHAIN_PRICE_DECIMALS
          ? [reducePriceDecimals(product, TARGET_CHAIN_PRICE_DECIMALS), reducePriceDecimals(factor, TARGET_CHAIN_PRICE_DECIMALS)]
          : [product, factor];
      const value = a.value * b.value;
      if (value > U256_MAX) failMath("MathOverflow");
      return { value, exp: a.exp + b.exp };
    },
    { value: 1n, exp: 0n },
  );
}
