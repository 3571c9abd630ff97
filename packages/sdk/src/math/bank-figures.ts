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

/** The reserve behind a Kamino bank: its whole supply and borrows in native tokens and US dollars (null without a price). */
export interface KaminoReserveTotals {
  readonly supply: I80F48;
  readonly borrowed: I80F48;
  readonly usd: { readonly supply: I80F48; readonly borrowed: I80F48 } | null;
}

/** The totals of the reserve a Kamino bank lends into (its utilization is theirs); null for the program's own banks. */
export function kaminoReserveTotals(bank: PricedBank): KaminoReserveTotals | null {
  if (bank.kamino === null) return null;
  const { reserveSupply: supply, reserveBorrowed: borrowed } = bank.kamino;
  const price = midPrice(bank.price);
  const usd =
    price === null ? null : { supply: calcValue(supply, price, bank.decimals), borrowed: calcValue(borrowed, price, bank.decimals) };
  return { supply, borrowed, usd };
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
