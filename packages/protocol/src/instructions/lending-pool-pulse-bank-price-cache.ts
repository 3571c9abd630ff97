import { declareAccounts } from "@ballast/anchor";
import { bankAccount, groupAccount } from "../program/account-kinds.js";
import { updateBankPriceCache } from "../program/bank-interest.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { checkBankOfGroup } from "../program/pool-accounts.js";
import { loadPriceFeed, PriceType } from "../risk/price-feed.js";

const PulseBankPriceCacheAccounts = declareAccounts({ group: groupAccount(), bank: bankAccount({ mut: "constraint" }) }, (a) => ({
  bank: () => checkBankOfGroup(a.bank, a.group),
}));

/**
 * Permissionless: reads the bank's oracle (the remaining accounts, under the usual staleness and confidence rules)
 * and caches the unbiased real-time price, its capped confidence interval and the time.
 */
export const lendingPoolPulseBankPriceCache: InstructionHandler = {
  name: "lending_pool_pulse_bank_price_cache",
  units: 15_000,
  accounts: PulseBankPriceCacheAccounts,
  run(ctx) {
    const {
      accounts: { bank },
      remaining,
    } = PulseBankPriceCacheAccounts.load(ctx);
    const data = bank.data;
    const now = ctx.clock.unixTimestamp;
    const { price, confidence } = loadPriceFeed(data, remaining, now, ctx.clock.slot).priceAndConfidence(PriceType.RealTime);
    updateBankPriceCache(data, price, confidence, now);
  },
};
