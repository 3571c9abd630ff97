// Emissions: the yearly reward rate of a bank's lenders or borrowers as an APR in bank-token terms, and the emissions a
// balance has earned so far, the latter exactly as the program's claim computes them.
import {
  BankFlags,
  EMPTY_BALANCE_THRESHOLD,
  MIN_EMISSIONS_START_TIME,
  emissionsFor,
  i80f48 as fx,
  tenPow,
  type Bank,
  type I80F48,
} from "@ballast/protocol";
import type { BalanceLike } from "./health.js";

/** What an emissions rate is worth: the reward token's decimals and USD price. */
export interface EmissionsToken {
  readonly decimals: number;
  readonly price: I80F48;
}

/**
 * emissions_rate is reward-token native units per UI bank token per year, so its APR is
 * rate / 10^reward decimals × reward price / bank token price.
 */
export function emissionsApr(emissionsRate: bigint, reward: EmissionsToken, bankTokenPrice: I80F48): I80F48 {
  const perToken = fx.div(fx.fromInt(emissionsRate), tenPow(reward.decimals));
  return fx.div(fx.mul(perToken, reward.price), bankTokenPrice);
}

export interface EmissionsRates {
  readonly lending: I80F48;
  readonly borrowing: I80F48;
}

/** The bank's emissions APR on each side where its flag is on; zero elsewhere. */
export function emissionsRates(bank: Bank, reward: EmissionsToken, bankTokenPrice: I80F48): EmissionsRates {
  const on = (flag: bigint) => (bank.flags & flag) !== 0n;
  const lendingOn = on(BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE);
  const borrowingOn = on(BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE);
  const apr = lendingOn || borrowingOn ? emissionsApr(bank.emissionsRate, reward, bankTokenPrice) : fx.ZERO;
  return { lending: lendingOn ? apr : fx.ZERO, borrowing: borrowingOn ? apr : fx.ZERO };
}

/** A balance's emissions fields besides the position itself; a decoded Balance fits. */
export interface EmissionsBalance extends BalanceLike {
  readonly emissionsOutstanding: I80F48;
  readonly lastUpdate: bigint;
}

/**
 * What claiming at `now` would leave in emissions_outstanding (reward native units): the stored outstanding plus the
 * accrual since the balance's last update on the side whose flag is on, capped at the bank's emissions remaining.
 */
export function pendingEmissions(balance: EmissionsBalance, bank: Bank, now: bigint): I80F48 {
  const outstanding = balance.emissionsOutstanding;
  const on = (flag: bigint) => (bank.flags & flag) !== 0n;
  let amount: I80F48 | null = null;
  if (balance.liabilityShares >= EMPTY_BALANCE_THRESHOLD) {
    if (on(BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE)) amount = fx.mul(balance.liabilityShares, bank.liabilityShareValue);
  } else if (balance.assetShares >= EMPTY_BALANCE_THRESHOLD && on(BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE)) {
    amount = fx.mul(balance.assetShares, bank.assetShareValue);
  }
  if (amount === null) return outstanding;
  const start = balance.lastUpdate < MIN_EMISSIONS_START_TIME ? now : balance.lastUpdate;
  const earned = emissionsFor(now - start, amount, bank.mintDecimals, bank.emissionsRate);
  const credited = fx.cmp(earned, bank.emissionsRemaining) < 0 ? earned : bank.emissionsRemaining;
  return fx.add(outstanding, credited);
}
