// refresh_reserve()
//   0 reserve                   writable, has_one lending_market
//   1 lending_market
//   2 pyth_oracle               optional: the configured PriceUpdateV2 account, or the program id for none
//   3 switchboard_price_oracle  optional: the configured pull feed
//   4 switchboard_twap_oracle   optional: the configured TWAP pull feed (read when TWAP checks are on)
//   5 scope_prices              optional: always none (Scope is not offered)
// No further accounts. Accrues interest, then takes a new oracle price when the stored one is old enough to need it
// (reference §2.8), and marks the reserve fresh in this slot.
import { fail } from "../errors.js";
import { fractionDisplay } from "../math/fraction.js";
import { PROGRAM_VERSION } from "../constants.js";
import { type OracleAccount, checkOracleAccounts } from "../lending/oracle-config.js";
import { getPrice } from "../lending/oracle-prices.js";
import { isPriceRefreshNeeded, refreshLimitTimestamps, refreshReserve as refresh } from "../lending/reserve-operations.js";
import { checkEmergencyMode } from "../program/guards.js";
import type { MarketAccounts } from "../program/accounts.js";
import type { MarketInstruction } from "./types.js";

/** The reserve, the market and the four oracle slots; nothing may follow them. */
const NAMED_ACCOUNTS = 6;

function oracleAt(accounts: MarketAccounts, index: number): OracleAccount | null {
  const account = accounts.optional(index);
  return account && { key: account.key, owner: account.account.owner, data: account.account.data };
}

export const refreshReserve: MarketInstruction = {
  name: "refresh_reserve",
  units: 12_000,
  run(ctx, accounts) {
    const market = accounts.lendingMarket(1);
    const reserve = accounts.reserve(0, "reserve", market, true);
    const oracles = {
      pyth: oracleAt(accounts, 2),
      switchboardPrice: oracleAt(accounts, 3),
      switchboardTwap: oracleAt(accounts, 4),
      scope: oracleAt(accounts, 5),
    };
    checkEmergencyMode(market.state);
    if (accounts.remaining(NAMED_ACCOUNTS).length > 0) fail("InvalidAccountInput");
    const r = reserve.state;
    if (r.version !== PROGRAM_VERSION) fail("ReserveDeprecated");

    const log = (message: string) => ctx.log(message);
    let price = null;
    if (isPriceRefreshNeeded(r, market.state, ctx.clock.unixTimestamp)) {
      checkOracleAccounts(r.config.tokenInfo, oracles, log);
      price = getPrice(r.config.tokenInfo, oracles, ctx.clock, log);
    }
    refresh(r, ctx.clock, price, market.state.referralFeeBps);
    refreshLimitTimestamps(r, ctx.clock.unixTimestamp);
    ctx.log(`Token: ${r.config.tokenInfo.name} Price: ${fractionDisplay(r.liquidity.marketPriceSf)}`);
    reserve.save();
  },
};
