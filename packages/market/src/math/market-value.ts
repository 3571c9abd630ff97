// Market value in the quote currency (reference §2.17): amount in native units × price per whole token / 10^decimals.
import * as fx from "./fraction.js";

/** `liquidity` (Fraction, native units) at `price` (Fraction per whole token) of a mint with `decimals`. */
export function marketValue(liquidity: bigint, price: bigint, decimals: bigint): bigint {
  return fx.divInt(fx.mul(liquidity, price), 10n ** decimals);
}
