// Writes market accounts' fields directly on the ledger, for state no instruction of this market sets yet (the
// lending market's referral share and emergency switch belong to update_lending_market).
import type { PublicKey } from "@solana/web3.js";
import { type LendingMarket, decodeLendingMarket, encodeLendingMarketInto } from "../../src/index.js";
import type { MarketHarness } from "./harness.js";

/** Rewrites the lending market account with `change` applied to its decoded state. */
export function patchLendingMarket(h: MarketHarness, market: PublicKey, change: (m: LendingMarket) => void): void {
  const account = h.ledger.getAccount(market.toBase58());
  if (!account) throw new Error(`no lending market at ${market.toBase58()}`);
  const data = Buffer.from(account.data);
  const state = decodeLendingMarket(data);
  change(state);
  encodeLendingMarketInto(data, state);
  h.ledger.setAccounts([[market.toBase58(), { ...account, data }]]);
}
