// The price at which a position would make its account liquidatable, all else equal: maintenance assets would meet
// maintenance liabilities. Solved on the same biased, weighted values the program uses, so the confidence interval
// (which moves with the price) is added back for assets and taken off for liabilities.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import type { AccountRisk, Position } from "./health.js";
import { isOracleFailure } from "./price.js";

/** USD price per token, or null when no price liquidates the position (or the account holds nothing it could hit). */
export function liquidationPrice(account: AccountRisk, position: Position): I80F48 | null {
  const maintenance = account.health.maintenance;
  const leg = position.bank.price.realTime;
  if (maintenance.error || isOracleFailure(leg)) return null;
  // The position's weighted native amount: its value is that × price / 10^decimals.
  const weighted = fx.mul(position.amount, position.maintWeight);
  if (weighted <= 0n) return null;
  const priceFor = (value: I80F48): I80F48 => fx.fromBits(((value * position.bank.tenPow) << 48n) / weighted);
  let price: I80F48;
  if (position.side === "assets") {
    if (maintenance.liabilities === fx.ZERO) return null;
    const otherAssets = fx.sub(maintenance.assets, position.maintValue);
    price = fx.add(priceFor(fx.sub(maintenance.liabilities, otherAssets)), leg.confidence);
  } else {
    const otherLiabilities = fx.sub(maintenance.liabilities, position.maintValue);
    price = fx.sub(priceFor(fx.sub(maintenance.assets, otherLiabilities)), leg.confidence);
  }
  return price > 0n ? price : null;
}
