// update_lending_market_owner(): the second step of an ownership handover. The key staged by update_lending_market's
// UpdateOwner mode signs and becomes the owner, unless the market is immutable.
import { declareAccounts, signer } from "@ballast/anchor";
import { fail } from "../errors.js";
import { checkHasOne, lendingMarketAccount } from "../program/account-kinds.js";
import type { MarketInstruction } from "./types.js";

const UpdateLendingMarketOwnerAccounts = declareAccounts(
  {
    lendingMarketOwnerCached: signer(),
    lendingMarket: lendingMarketAccount({ mut: "load" }),
  },
  (a) => ({
    lendingMarket: () => checkHasOne(a.lendingMarket, a.lendingMarket.state.lendingMarketOwnerCached, a.lendingMarketOwnerCached),
  }),
);

export const updateLendingMarketOwner: MarketInstruction = {
  name: "update_lending_market_owner",
  units: 5_000,
  accounts: UpdateLendingMarketOwnerAccounts,
  run(ctx) {
    const { lendingMarket: market } = UpdateLendingMarketOwnerAccounts.load(ctx).accounts;
    if (market.state.immutable !== 0) fail("OperationNotPermittedMarketImmutable");
    market.state.lendingMarketOwner = market.state.lendingMarketOwnerCached;
    market.save();
  },
};
