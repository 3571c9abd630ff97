// refresh_reserve(): accrues interest, then takes a new oracle price when the stored one is old enough to need it
// (reference §2.8), and marks the reserve fresh in this slot. The four oracle slots are optional (the program id for
// none): the configured Pyth PriceUpdateV2 account, Switchboard pull feed and TWAP pull feed (read when TWAP checks
// are on), and Scope prices, always none (Scope is not offered). No further accounts.
import { declareAccounts } from "@ballast/anchor";
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import { fail } from "../errors.js";
import { fractionDisplay } from "../math/fraction.js";
import { PROGRAM_VERSION } from "../constants.js";
import { type OracleAccount, checkOracleAccounts } from "../lending/oracle-config.js";
import { getPrice } from "../lending/oracle-prices.js";
import { isPriceRefreshNeeded, refreshLimitTimestamps, refreshReserve as refresh } from "../lending/reserve-operations.js";
import { checkHasOne, lendingMarketAccount, optionalAccount, present, reserveAccount } from "../program/account-kinds.js";
import { checkEmergencyMode } from "../program/guards.js";
import type { MarketInstruction } from "./types.js";

const RefreshReserveAccounts = declareAccounts(
  {
    reserve: reserveAccount({ mut: "load" }),
    lendingMarket: lendingMarketAccount(),
    pythOracle: optionalAccount(),
    switchboardPriceOracle: optionalAccount(),
    switchboardTwapOracle: optionalAccount(),
    scopePrices: optionalAccount(),
  },
  (a) => ({
    reserve: () => checkHasOne(a.reserve, a.reserve.state.lendingMarket, a.lendingMarket),
  }),
);

function oracle(ctx: InstructionContext, account: InstructionAccount): OracleAccount | null {
  const given = present(ctx, account);
  return given && { key: given.key, owner: given.account.owner, data: given.account.data };
}

export const refreshReserve: MarketInstruction = {
  name: "refresh_reserve",
  units: 12_000,
  accounts: RefreshReserveAccounts,
  run(ctx) {
    const { accounts: a, remaining } = RefreshReserveAccounts.load(ctx);
    const { lendingMarket: market, reserve } = a;
    const oracles = {
      pyth: oracle(ctx, a.pythOracle),
      switchboardPrice: oracle(ctx, a.switchboardPriceOracle),
      switchboardTwap: oracle(ctx, a.switchboardTwapOracle),
      scope: oracle(ctx, a.scopePrices),
    };
    checkEmergencyMode(market.state);
    if (remaining.length > 0) fail("InvalidAccountInput");
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
