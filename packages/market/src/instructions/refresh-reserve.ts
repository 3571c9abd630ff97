// refresh_reserve(): accrues interest, then takes a new oracle price when the stored one is old enough to need it
// (reference §2.8), and marks the reserve fresh in this slot. The four oracle slots are optional (the program id for
// none): the configured Pyth PriceUpdateV2 account, Switchboard pull feed and TWAP pull feed (read when TWAP checks
// are on), and Scope prices, always none (Scope is not offered). No further accounts.
import { declareAccounts } from "@ballast/anchor";
import { fail } from "../errors.js";
import { PROGRAM_VERSION } from "../constants.js";
import { checkHasOne, lendingMarketAccount, optionalAccount, present, reserveAccount } from "../program/account-kinds.js";
import { checkEmergencyMode } from "../program/guards.js";
import { refreshReserveFromOracles } from "../program/reserve-refresh.js";
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

export const refreshReserve: MarketInstruction = {
  name: "refresh_reserve",
  units: 12_000,
  accounts: RefreshReserveAccounts,
  run(ctx) {
    const { accounts: a, remaining } = RefreshReserveAccounts.load(ctx);
    const { lendingMarket: market, reserve } = a;
    const slots = {
      pyth: present(ctx, a.pythOracle),
      switchboardPrice: present(ctx, a.switchboardPriceOracle),
      switchboardTwap: present(ctx, a.switchboardTwapOracle),
      scope: present(ctx, a.scopePrices),
    };
    checkEmergencyMode(market.state);
    if (remaining.length > 0) fail("InvalidAccountInput");
    if (reserve.state.version !== PROGRAM_VERSION) fail("ReserveDeprecated");
    refreshReserveFromOracles(ctx, reserve.state, market.state, slots);
    reserve.save();
  },
};
