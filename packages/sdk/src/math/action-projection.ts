// An account's balances after one deposit, repay, withdraw or borrow, as the program books it: adding tokens repays
// debt first and lends the rest, taking tokens withdraws first and borrows the rest, and the "all" variants close the
// balance. A bank without a balance takes the first inactive slot. Feed the result to accountRisk for the preview.
import { DEFAULT_PUBKEY, assetAmount, assetShares, i80f48 as fx, liabilityAmount, liabilityShares, type I80F48 } from "@ballast/protocol";
import type { BalanceLike } from "./health.js";
import type { PricedBank } from "./priced-bank.js";
import { BallastSdkError } from "../errors.js";

export type BalanceActionKind = "deposit" | "repay" | "withdraw" | "borrow";

export interface BalanceActionChange {
  readonly kind: BalanceActionKind;
  /** Native units. */
  readonly amount: bigint;
  /** Withdraw-all / repay-all: the balance closes whatever `amount` says. */
  readonly all?: boolean;
}

function closed(): BalanceLike {
  return { active: false, bankPk: DEFAULT_PUBKEY, assetShares: fx.ZERO, liabilityShares: fx.ZERO };
}

/** Adding tokens (deposit, repay) or taking them (withdraw, borrow), of any I80F48 amount (a liquidation books fractions). */
export type BookingDirection = "increase" | "decrease";

function changed(balance: BalanceLike, bank: PricedBank, change: BalanceActionChange): BalanceLike {
  if (change.all) return closed();
  const direction = change.kind === "deposit" || change.kind === "repay" ? "increase" : "decrease";
  return booked(balance, bank, direction, fx.fromInt(change.amount));
}

function booked(balance: BalanceLike, bank: PricedBank, direction: BookingDirection, amount: I80F48): BalanceLike {
  const { assetShareValue } = bank;
  const { liabilityShareValue } = bank.bank;
  const assets = assetAmount(balance.assetShares, assetShareValue);
  const debt = liabilityAmount(balance.liabilityShares, liabilityShareValue);
  const min = (a: I80F48, b: I80F48): I80F48 => (fx.cmp(a, b) < 0 ? a : b);
  const rest = (a: I80F48, b: I80F48): I80F48 => (fx.cmp(a, b) > 0 ? fx.sub(a, b) : fx.ZERO);
  if (direction === "increase") {
    return {
      ...balance,
      assetShares: fx.add(balance.assetShares, assetShares(rest(amount, debt), assetShareValue)),
      liabilityShares: fx.sub(balance.liabilityShares, liabilityShares(min(debt, amount), liabilityShareValue)),
    };
  }
  return {
    ...balance,
    assetShares: fx.sub(balance.assetShares, assetShares(min(assets, amount), assetShareValue)),
    liabilityShares: fx.add(balance.liabilityShares, liabilityShares(rest(amount, assets), liabilityShareValue)),
  };
}

/** The balances after `change` on `bank`; throws "No inactive balance found" when a new balance has no free slot. */
export function balancesAfterAction(balances: readonly BalanceLike[], bank: PricedBank, change: BalanceActionChange): BalanceLike[] {
  const opens = change.kind === "deposit" || change.kind === "borrow";
  return withBalance(balances, bank, opens, (balance) => changed(balance, bank, change));
}

/**
 * The balances after the program's increase / decrease of `amount` in `bank` (the liquidation's book entries, which
 * move fractional amounts and open the balance when `opens`).
 */
export function balancesAfterBooking(
  balances: readonly BalanceLike[],
  bank: PricedBank,
  direction: BookingDirection,
  amount: I80F48,
  opens: boolean,
): BalanceLike[] {
  return withBalance(balances, bank, opens, (balance) => booked(balance, bank, direction, amount));
}

function withBalance(
  balances: readonly BalanceLike[],
  bank: PricedBank,
  opens: boolean,
  change: (balance: BalanceLike) => BalanceLike,
): BalanceLike[] {
  const index = balances.findIndex((b) => Boolean(b.active) && b.bankPk === bank.address);
  if (index !== -1) return balances.map((b, i) => (i === index ? change(b) : b));
  if (!opens) throw new BallastSdkError("BALANCE_NOT_ACTIVE");
  const free = balances.findIndex((b) => !b.active);
  if (free === -1) throw new BallastSdkError("NO_INACTIVE_BALANCE");
  const opened: BalanceLike = { active: true, bankPk: bank.address, assetShares: fx.ZERO, liabilityShares: fx.ZERO };
  return balances.map((b, i) => (i === free ? change(opened) : b));
}
