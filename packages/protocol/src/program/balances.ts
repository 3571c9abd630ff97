// A margin account's balance slots and the share changes of one balance against its bank (reference §8.2, §17,
// §19.1, §19.3), read and written in place in the MarginfiAccount and Bank account data.
import type { BankData, MarginfiAccountData } from "../state/views.js";
import { assetAmount, assetShares, liabilityAmount, liabilityShares, SECONDS_PER_YEAR } from "../math/accrual.js";
import * as fx from "../math/i80f48.js";
import type { I80F48 } from "../math/i80f48.js";
import { withdrawAllAmount, repayAllAmount } from "../math/settlement.js";
import { BankLayout } from "../state/bank.js";
import { BankFlags } from "../state/flags.js";
import { MAX_LENDING_ACCOUNT_BALANCES, MarginfiAccountLayout } from "../state/marginfi-account.js";
import { fail } from "./errors.js";
import { U64_MAX } from "@ballast/ledger";

/** |x| < 0.0001 counts as zero in amount comparisons (ZERO_AMOUNT_THRESHOLD). */
export const ZERO_AMOUNT_THRESHOLD = fx.fromDecimal("0.0001");
/** A side with fewer than one share is empty (EMPTY_BALANCE_THRESHOLD). */
export const EMPTY_BALANCE_THRESHOLD = fx.ONE;
/** Balance timestamps older than this start accruing emissions at their first touch. */
export const MIN_EMISSIONS_START_TIME = 1_681_989_983n;

const BALANCE_SIZE = 104;
const BALANCES_OFFSET = MarginfiAccountLayout.fields.lendingAccount.offset;
const SLOTS = Array.from({ length: MAX_LENDING_ACCOUNT_BALANCES }, (_, i) =>
  MarginfiAccountLayout.fields.lendingAccount.fields.balances.at(i),
);
const bank = BankLayout.fields;

/** Slot `i`'s accessors; an index past the 16 slots is a program bug, not an account state. */
function slotAt(i: number) {
  const s = SLOTS[i];
  if (!s) throw new RangeError(`balance slot ${i} outside 0..${MAX_LENDING_ACCOUNT_BALANCES - 1}`);
  return s;
}
const SECONDS_PER_YEAR_FIXED = fx.fromInt(SECONDS_PER_YEAR);
const I32_MAX = 0x7fff_ffff;
const I32_MIN = -0x8000_0000;

export function isZeroWithTolerance(x: I80F48, tolerance: I80F48): boolean {
  return fx.cmp(fx.abs(x), tolerance) < 0;
}

export function isPositiveWithTolerance(x: I80F48, tolerance: I80F48): boolean {
  return fx.cmp(x, tolerance) > 0;
}

/** The accessors of balance slot `i`. */
export function slot(i: number) {
  return slotAt(i).fields;
}

export function isActive(account: MarginfiAccountData, i: number): boolean {
  return slotAt(i).fields.active.get(account) !== 0;
}

/** Index of the active balance in `bankKey`, or null. */
export function findBalance(account: MarginfiAccountData, bankKey: string): number | null {
  for (let i = 0; i < MAX_LENDING_ACCOUNT_BALANCES; i++) {
    if (isActive(account, i) && slotAt(i).fields.bankPk.get(account) === bankKey) return i;
  }
  return null;
}

/** The active balance in the bank, or a new one in the first free slot (6010 when all 16 are taken). */
export function findOrCreateBalance(account: MarginfiAccountData, bankKey: string, bankData: BankData, now: bigint): number {
  const existing = findBalance(account, bankKey);
  if (existing !== null) return existing;
  for (let i = 0; i < MAX_LENDING_ACCOUNT_BALANCES; i++) {
    if (isActive(account, i)) continue;
    clearBalance(account, i);
    const s = slotAt(i).fields;
    s.active.set(account, 1);
    s.bankPk.set(account, bankKey);
    s.bankAssetTag.set(account, bank.config.fields.assetTag.get(bankData));
    s.lastUpdate.set(account, now);
    return i;
  }
  return fail("LendingAccountBalanceSlotsFull");
}

/** Resets a slot to an empty, inactive balance. */
export function clearBalance(account: MarginfiAccountData, i: number): void {
  const { offset } = slotAt(i);
  account.fill(0, offset, offset + BALANCE_SIZE);
}

/**
 * Orders the slots as every state-changing instruction leaves them: active balances first, by bank key
 * descending (byte-wise), then the empty slots. Risk accounts are packed in this order.
 */
export function sortBalances(account: MarginfiAccountData): void {
  const start = BALANCES_OFFSET;
  const slots = Array.from({ length: MAX_LENDING_ACCOUNT_BALANCES }, (_, i) =>
    Buffer.from(account.subarray(start + i * BALANCE_SIZE, start + (i + 1) * BALANCE_SIZE)),
  );
  slots.sort((a, b) => b.readUInt8(0) - a.readUInt8(0) || Buffer.compare(b.subarray(1, 33), a.subarray(1, 33)));
  slots.forEach((s, i) => s.copy(account, start + i * BALANCE_SIZE));
}

/** Which side of the book a balance is on (≥ 1 share), as the risk engine and emissions see it. */
export type BalanceSide = "assets" | "liabilities" | null;

export function balanceSide(account: MarginfiAccountData, i: number): BalanceSide {
  const s = slotAt(i).fields;
  const liabilities = s.liabilityShares.get(account);
  const assets = s.assetShares.get(account);
  if (fx.cmp(liabilities, EMPTY_BALANCE_THRESHOLD) >= 0) {
    // The program panics on a balance holding both sides.
    if (fx.cmp(assets, EMPTY_BALANCE_THRESHOLD) >= 0) throw new Error("balance holds both assets and liabilities");
    return "liabilities";
  }
  return fx.cmp(assets, EMPTY_BALANCE_THRESHOLD) >= 0 ? "assets" : null;
}

function addCount(bankData: BankData, field: "lendingPositionCount" | "borrowingPositionCount", delta: 1 | -1): void {
  const next = bank[field].get(bankData) + delta;
  bank[field].set(bankData, Math.min(I32_MAX, Math.max(I32_MIN, next)));
}

export type IncreaseKind = "any" | "depositOnly" | "repayOnly" | "bypassDepositLimit";
export type DecreaseKind = "any" | "withdrawOnly" | "borrowOnly" | "bypassBorrowLimit";

/**
 * One balance of a margin account together with its bank: the program's BankAccountWrapper. Every change keeps
 * the bank totals in lock-step with the balance and the position counters in step with the sides (> 0.0001 share).
 */
export class BankBalance {
  private readonly s;
  constructor(
    readonly account: MarginfiAccountData,
    readonly index: number,
    readonly bankData: BankData,
  ) {
    this.s = slotAt(index).fields;
  }

  get assetShares(): I80F48 {
    return this.s.assetShares.get(this.account);
  }
  get liabilityShares(): I80F48 {
    return this.s.liabilityShares.get(this.account);
  }
  assetAmount(): I80F48 {
    return assetAmount(this.assetShares, bank.assetShareValue.get(this.bankData));
  }
  liabilityAmount(): I80F48 {
    return liabilityAmount(this.liabilityShares, bank.liabilityShareValue.get(this.bankData));
  }

  /** Accrues this balance's emissions up to now (§17); the balance timestamp moves to now either way. */
  claimEmissions(now: bigint): void {
    const flags = bank.flags.get(this.bankData);
    const side = balanceSide(this.account, this.index);
    let amount: I80F48 | null = null;
    if (side === "assets" && (flags & BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE) !== 0n) amount = this.assetAmount();
    if (side === "liabilities" && (flags & BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE) !== 0n) amount = this.liabilityAmount();
    if (amount !== null) {
      const last = this.s.lastUpdate.get(this.account);
      const start = last < MIN_EMISSIONS_START_TIME ? now : last;
      const emissions = emissionsFor(now - start, amount, bank.mintDecimals.get(this.bankData), bank.emissionsRate.get(this.bankData));
      const remaining = bank.emissionsRemaining.get(this.bankData);
      const credited = fx.cmp(emissions, remaining) < 0 ? emissions : remaining;
      if (credited !== fx.ZERO) {
        this.s.emissionsOutstanding.set(this.account, fx.add(this.s.emissionsOutstanding.get(this.account), credited));
        bank.emissionsRemaining.set(this.bankData, fx.sub(remaining, credited));
      }
    }
    this.s.lastUpdate.set(this.account, now);
  }

  private changeAssetShares(delta: I80F48, bypassDepositLimit: boolean): void {
    if (delta === fx.ZERO) return;
    const before = this.assetShares;
    const after = fx.add(before, delta);
    this.s.assetShares.set(this.account, after);
    this.trackSide("lendingPositionCount", before, after);
    const total = fx.add(bank.totalAssetShares.get(this.bankData), delta);
    bank.totalAssetShares.set(this.bankData, total);
    const limit = bank.config.fields.depositLimit.get(this.bankData);
    if (delta > 0n && limit !== U64_MAX && !bypassDepositLimit) {
      const deposits = assetAmount(total, bank.assetShareValue.get(this.bankData));
      if (fx.cmp(deposits, fx.fromInt(limit)) >= 0) fail("BankAssetCapacityExceeded");
    }
  }

  private changeLiabilityShares(delta: I80F48, bypassBorrowLimit: boolean): void {
    if (delta === fx.ZERO) return;
    const before = this.liabilityShares;
    const after = fx.add(before, delta);
    this.s.liabilityShares.set(this.account, after);
    this.trackSide("borrowingPositionCount", before, after);
    const total = fx.add(bank.totalLiabilityShares.get(this.bankData), delta);
    bank.totalLiabilityShares.set(this.bankData, total);
    const limit = bank.config.fields.borrowLimit.get(this.bankData);
    if (delta > 0n && limit !== U64_MAX && !bypassBorrowLimit) {
      const borrows = liabilityAmount(total, bank.liabilityShareValue.get(this.bankData));
      if (fx.cmp(borrows, fx.fromInt(limit)) >= 0) fail("BankLiabilityCapacityExceeded");
    }
  }

  private trackSide(counter: "lendingPositionCount" | "borrowingPositionCount", before: I80F48, after: I80F48): void {
    const was = isPositiveWithTolerance(before, ZERO_AMOUNT_THRESHOLD);
    const is = isPositiveWithTolerance(after, ZERO_AMOUNT_THRESHOLD);
    if (!was && is) addCount(this.bankData, counter, 1);
    if (was && !is) addCount(this.bankData, counter, -1);
  }

  /** Adds `amount` tokens: first repays any liability, the rest becomes assets. */
  increase(amount: I80F48, kind: IncreaseKind): void {
    const liability = this.liabilityAmount();
    const liabilityDecrease = fx.cmp(liability, amount) < 0 ? liability : amount;
    const assetIncrease = fx.cmp(amount, liability) > 0 ? fx.sub(amount, liability) : fx.ZERO;
    if (kind === "repayOnly" && !isZeroWithTolerance(assetIncrease, ZERO_AMOUNT_THRESHOLD)) fail("OperationRepayOnly");
    if (kind === "depositOnly" && !isZeroWithTolerance(liabilityDecrease, ZERO_AMOUNT_THRESHOLD)) fail("OperationDepositOnly");
    this.changeAssetShares(assetShares(assetIncrease, bank.assetShareValue.get(this.bankData)), kind === "bypassDepositLimit");
    this.changeLiabilityShares(fx.neg(liabilityShares(liabilityDecrease, bank.liabilityShareValue.get(this.bankData))), true);
  }

  /** Removes `amount` tokens: first from the assets, the rest becomes a liability. */
  decrease(amount: I80F48, kind: DecreaseKind): void {
    const asset = this.assetAmount();
    const assetDecrease = fx.cmp(asset, amount) < 0 ? asset : amount;
    const liabilityIncrease = fx.cmp(amount, asset) > 0 ? fx.sub(amount, asset) : fx.ZERO;
    if (kind === "withdrawOnly" && !isZeroWithTolerance(liabilityIncrease, ZERO_AMOUNT_THRESHOLD)) fail("OperationWithdrawOnly");
    if (kind === "borrowOnly" && !isZeroWithTolerance(assetDecrease, ZERO_AMOUNT_THRESHOLD)) fail("OperationBorrowOnly");
    this.changeAssetShares(fx.neg(assetShares(assetDecrease, bank.assetShareValue.get(this.bankData))), false);
    this.changeLiabilityShares(
      liabilityShares(liabilityIncrease, bank.liabilityShareValue.get(this.bankData)),
      kind === "bypassBorrowLimit",
    );
  }

  private requireNoOutstandingEmissions(): void {
    if (fx.cmp(this.s.emissionsOutstanding.get(this.account), fx.ONE) >= 0) fail("CannotCloseOutstandingEmissions");
  }

  /** withdraw_all (§19.3): closes the balance; returns the whole tokens to send (the fraction goes to insurance). */
  withdrawAll(now: bigint): bigint {
    this.claimEmissions(now);
    const amount = this.assetAmount();
    if (!isPositiveWithTolerance(amount, ZERO_AMOUNT_THRESHOLD) || !isZeroWithTolerance(this.liabilityAmount(), ZERO_AMOUNT_THRESHOLD)) {
      fail("NoAssetFound");
    }
    this.requireNoOutstandingEmissions();
    const shares = this.assetShares;
    clearBalance(this.account, this.index);
    addCount(this.bankData, "lendingPositionCount", -1);
    bank.totalAssetShares.set(this.bankData, fx.sub(bank.totalAssetShares.get(this.bankData), shares));
    const { transfer, remainderToInsurance } = withdrawAllAmount(amount);
    addInsuranceOutstanding(this.bankData, remainderToInsurance);
    return transfer;
  }

  /** repay_all (§19.3): closes the balance; returns the whole tokens to charge (the excess goes to insurance). */
  repayAll(now: bigint): bigint {
    this.claimEmissions(now);
    const amount = this.liabilityAmount();
    if (!isPositiveWithTolerance(amount, ZERO_AMOUNT_THRESHOLD) || !isZeroWithTolerance(this.assetAmount(), ZERO_AMOUNT_THRESHOLD)) {
      fail("NoLiabilityFound");
    }
    this.requireNoOutstandingEmissions();
    const shares = this.liabilityShares;
    clearBalance(this.account, this.index);
    addCount(this.bankData, "borrowingPositionCount", -1);
    bank.totalLiabilityShares.set(this.bankData, fx.sub(bank.totalLiabilityShares.get(this.bankData), shares));
    const { charge, excessToInsurance } = repayAllAmount(amount);
    addInsuranceOutstanding(this.bankData, excessToInsurance);
    return charge;
  }

  /** purge_deleverage_balance: a sunset bank's leftover deposit is written off, no tokens and no emissions check. */
  purge(): void {
    if (isPositiveWithTolerance(fx.abs(this.liabilityShares), ZERO_AMOUNT_THRESHOLD)) fail("OperationWithdrawOnly");
    const shares = this.assetShares;
    clearBalance(this.account, this.index);
    addCount(this.bankData, "lendingPositionCount", -1);
    bank.totalAssetShares.set(this.bankData, fx.sub(bank.totalAssetShares.get(this.bankData), shares));
  }

  /** close_balance: only a balance with nothing on either side and under one unit of emissions may go. */
  close(now: bigint, log: (message: string) => void): void {
    this.claimEmissions(now);
    if (!isZeroWithTolerance(this.liabilityAmount(), ZERO_AMOUNT_THRESHOLD)) {
      log("Balance has existing debt");
      fail("IllegalBalanceState");
    }
    if (!isZeroWithTolerance(this.assetAmount(), ZERO_AMOUNT_THRESHOLD)) {
      log("Balance has existing assets");
      fail("IllegalBalanceState");
    }
    this.requireNoOutstandingEmissions();
    clearBalance(this.account, this.index);
  }
}

/** The account's existing balance in the bank, with the bank: actions that never open a balance fail 6018 without one. */
export function existingBalance(account: MarginfiAccountData, bankKey: string, bankData: BankData): BankBalance {
  const index = findBalance(account, bankKey);
  if (index === null) return fail("BankAccountNotFound");
  return new BankBalance(account, index, bankData);
}

function addInsuranceOutstanding(bankData: BankData, amount: I80F48): void {
  bank.collectedInsuranceFeesOutstanding.set(bankData, fx.add(bank.collectedInsuranceFeesOutstanding.get(bankData), amount));
}

/** Emission units earned: period × (amount / 10^decimals) / SECONDS_PER_YEAR × rate. */
export function emissionsFor(period: bigint, amount: I80F48, decimals: number, rate: bigint): I80F48 {
  const ui = fx.div(amount, fx.fromInt(10n ** BigInt(decimals)));
  return fx.mul(fx.div(fx.mul(fx.fromInt(period), ui), SECONDS_PER_YEAR_FIXED), fx.fromInt(rate));
}

/** The bank's utilization guard after a withdraw or borrow: booked assets must cover booked liabilities (6026). */
export function checkUtilizationRatio(bankData: BankData): void {
  const assets = assetAmount(bank.totalAssetShares.get(bankData), bank.assetShareValue.get(bankData));
  const liabilities = liabilityAmount(bank.totalLiabilityShares.get(bankData), bank.liabilityShareValue.get(bankData));
  if (fx.cmp(assets, liabilities) < 0) fail("IllegalUtilizationRatio");
}
