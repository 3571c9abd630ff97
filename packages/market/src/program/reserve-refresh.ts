// What refresh_reserve and refresh_reserves_batch do to each reserve (MO §2.8): a new oracle price when the stored one
// is old enough to need it, interest accrued, the slot recorded, then the deposit and borrow limit timestamps.
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import { type OracleAccount, checkOracleAccounts } from "../lending/oracle-config.js";
import { getPrice } from "../lending/oracle-prices.js";
import { isPriceRefreshNeeded, refreshLimitTimestamps, refreshReserve } from "../lending/reserve-operations.js";
import { fractionDisplay } from "../math/fraction.js";
import type { LendingMarket } from "../state/lending-market.js";
import type { Reserve } from "../state/reserve.js";

/** The four oracle slots, null where the caller passed none. */
export interface OracleSlots {
  pyth: InstructionAccount | null;
  switchboardPrice: InstructionAccount | null;
  switchboardTwap: InstructionAccount | null;
  scope: InstructionAccount | null;
}

function oracle(account: InstructionAccount | null): OracleAccount | null {
  return account && { key: account.key, owner: account.account.owner, data: account.account.data };
}

/** Refreshes `reserve`; without `slots` (a batch skipping prices) no price is read and none is logged. */
export function refreshReserveFromOracles(
  ctx: InstructionContext,
  reserve: Reserve,
  market: LendingMarket,
  slots: OracleSlots | null,
): void {
  const log = (message: string) => ctx.log(message);
  let price = null;
  if (slots && isPriceRefreshNeeded(reserve, market, ctx.clock.unixTimestamp)) {
    const oracles = {
      pyth: oracle(slots.pyth),
      switchboardPrice: oracle(slots.switchboardPrice),
      switchboardTwap: oracle(slots.switchboardTwap),
      scope: oracle(slots.scope),
    };
    checkOracleAccounts(reserve.config.tokenInfo, oracles, log);
    price = getPrice(reserve.config.tokenInfo, oracles, ctx.clock, log);
  }
  refreshReserve(reserve, ctx.clock, price, market.referralFeeBps);
  refreshLimitTimestamps(reserve, ctx.clock.unixTimestamp);
  if (slots) log(`Token: ${reserve.config.tokenInfo.name} Price: ${fractionDisplay(reserve.liquidity.marketPriceSf)}`);
}
