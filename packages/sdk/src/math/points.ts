// The points boost an estimated token valuation earns.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";

const BOOST_SHARE = fx.fromDecimal("0.2");
const DAYS_PER_YEAR = fx.fromInt(365);

/** 0.2 × amount × (multiplier − 1) / divisor × 365. */
export function pointsBoost(amount: I80F48, multiplier: I80F48, divisor: I80F48): I80F48 {
  const boosted = fx.mul(fx.mul(BOOST_SHARE, amount), fx.sub(multiplier, fx.ONE));
  return fx.mul(fx.div(boosted, divisor), DAYS_PER_YEAR);
}
