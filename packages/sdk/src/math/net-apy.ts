// The account's net APY: what its positions earn minus what they cost in a year, over its net worth, from the same
// per-bank APYs the markets table shows (bankApy). A one-bank account's net APY is that bank's APY, and its parts
// (interest, emissions, staking yield) add up to the total.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import type { BankApy } from "./bank-rates.js";
import type { AccountRisk } from "./health.js";
import type { PricedBank } from "./priced-bank.js";
import { positionUsdValue } from "./positions.js";

export interface NetApy {
  /** Interest earned on deposits less interest paid on debts. */
  readonly interest: I80F48;
  /** Emissions earned on either side. */
  readonly emissions: I80F48;
  /** Staking yield earned on LST deposits less that owed on LST debts. */
  readonly stakingYield: I80F48;
  /** interest + emissions + staking yield. */
  readonly total: I80F48;
}

const ZERO_NET_APY: NetApy = { interest: fx.ZERO, emissions: fx.ZERO, stakingYield: fx.ZERO, total: fx.ZERO };

/**
 * Σ (lending APY part × asset value) − Σ (borrowing APY part × liability value), over assets − liabilities, values
 * unweighted at real-time prices (a zero net worth counts as 1); emissions count as income on both sides. Positions
 * without a price are left out.
 */
export function accountNetApy(account: AccountRisk, apyOf: (bank: PricedBank) => BankApy): NetApy {
  let interest = fx.ZERO;
  let emissions = fx.ZERO;
  let stakingYield = fx.ZERO;
  let netWorth = fx.ZERO;
  for (const p of account.positions) {
    const usd = positionUsdValue(p);
    if (usd === null) continue;
    const apy = apyOf(p.bank);
    if (p.side === "assets") {
      interest = fx.add(interest, fx.mul(apy.lending.interest, usd));
      emissions = fx.add(emissions, fx.mul(apy.lending.emissions, usd));
      stakingYield = fx.add(stakingYield, fx.mul(apy.lending.stakingYield, usd));
      netWorth = fx.add(netWorth, usd);
    } else {
      interest = fx.sub(interest, fx.mul(apy.borrowing.interest, usd));
      emissions = fx.add(emissions, fx.mul(apy.borrowing.emissions, usd));
      stakingYield = fx.sub(stakingYield, fx.mul(apy.borrowing.stakingYield, usd));
      netWorth = fx.sub(netWorth, usd);
    }
  }
  if (account.positions.length === 0) return ZERO_NET_APY;
  const over = netWorth === fx.ZERO ? fx.ONE : netWorth;
  const parts = { interest: fx.div(interest, over), emissions: fx.div(emissions, over), stakingYield: fx.div(stakingYield, over) };
  return { ...parts, total: fx.add(fx.add(parts.interest, parts.emissions), parts.stakingYield) };
}
