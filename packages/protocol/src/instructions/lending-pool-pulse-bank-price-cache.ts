import { updateBankPriceCache } from "../program/bank-interest.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { checkBankOfGroup } from "../program/pool-accounts.js";
import { loadPriceFeed, PriceType } from "../risk/price-feed.js";
import { BankLayout } from "../state/bank.js";
import { MarginfiGroupLayout } from "../state/group.js";

/**
 * Permissionless: reads the bank's oracle (the remaining accounts, under the usual staleness and confidence rules)
 * and caches the unbiased real-time price, its capped confidence interval and the time.
 */
export const lendingPoolPulseBankPriceCache: InstructionHandler = {
  name: "lending_pool_pulse_bank_price_cache",
  units: 15_000,
  run(ctx, accounts) {
    const group = accounts.owned(0, "group", MarginfiGroupLayout);
    const bank = accounts.owned(1, "bank", BankLayout);
    accounts.writable(bank, "bank");
    checkBankOfGroup(bank, group);

    const data = bank.account.data;
    const now = ctx.clock.unixTimestamp;
    const { price, confidence } = loadPriceFeed(data, ctx.accounts.slice(2), now, ctx.clock.slot).priceAndConfidence(PriceType.RealTime);
    updateBankPriceCache(data, price, confidence, now);
  },
};
