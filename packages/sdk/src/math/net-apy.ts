// The account's net APY: interest earned minus interest paid over its net worth, compounded like any rate.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import type { AccountRisk } from "./health.js";
import type { PricedBank } from "./priced-bank.js";
import { positionUsdValue } from "./positions.js";
import { aprToApy } from "./rates.js";

/** APR on top of interest (emissions, staking yield), per bank and side. */
export type ExtraApr = (bank: PricedBank) => { readonly lending: I80F48; readonly borrowing: I80F48 };

const APR_LIMIT = fx.fromInt(50);

/**
 * netAPR = Σ (lending APR × asset value − borrowing APR × liability value) / (assets − liabilities), values unweighted
 * at real-time prices (a zero net worth counts as 1), then compounded. Positions without a price are left out.
 */
export function netApy(account: AccountRisk, extraApr?: ExtraApr): I80F48 {
  let income = fx.ZERO;
  let netWorth = fx.ZERO;
  for (const p of account.positions) {
    const usd = positionUsdValue(p);
    if (usd === null) continue;
    const extra = extraApr?.(p.bank);
    if (p.side === "assets") {
      const apr = extra ? fx.add(p.bank.rates.lendingRate, extra.lending) : p.bank.rates.lendingRate;
      income = fx.add(income, fx.mul(apr, usd));
      netWorth = fx.add(netWorth, usd);
    } else {
      const apr = extra ? fx.sub(p.bank.rates.borrowingRate, extra.borrowing) : p.bank.rates.borrowingRate;
      income = fx.sub(income, fx.mul(apr, usd));
      netWorth = fx.sub(netWorth, usd);
    }
  }
  const apr = fx.div(income, netWorth === fx.ZERO ? fx.ONE : netWorth);
  // A near-zero net worth can blow the ratio up; past ±5000% APR the compounding says nothing more.
  const bounded = fx.cmp(apr, APR_LIMIT) > 0 ? APR_LIMIT : fx.cmp(apr, fx.neg(APR_LIMIT)) < 0 ? fx.neg(APR_LIMIT) : apr;
  return aprToApy(bounded);
}
