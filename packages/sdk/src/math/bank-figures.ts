// A bank's headline figures as the markets table shows them: loan-to-value, what can still be borrowed, and the
// totals in US dollars at the unbiased real-time price.
import { calcValue, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { midPrice } from "./price.js";
import type { PricedBank } from "./priced-bank.js";

/** LTV = 1 / Initial liability weight: how much can be borrowed against a dollar of weighted collateral. */
export function loanToValue(bank: PricedBank): I80F48 {
  return fx.div(fx.ONE, bank.bank.config.liabilityWeightInit);
}

/** Whole native units that can be borrowed now: the liquidity, within the remaining borrow capacity. */
export function borrowableNative(bank: PricedBank): bigint {
  const capacity = bank.borrowCapacity;
  return capacity === null || capacity > bank.liquidity ? bank.liquidity : capacity;
}

/** Total deposits and borrows in US dollars (unweighted); null without a price. */
export function bankTotalsUsd(bank: PricedBank): { readonly deposits: I80F48; readonly borrows: I80F48 } | null {
  const price = midPrice(bank.price);
  if (price === null) return null;
  return {
    deposits: calcValue(bank.totalAssets, price, bank.decimals),
    borrows: calcValue(bank.totalLiabilities, price, bank.decimals),
  };
}
