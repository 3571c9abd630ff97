// An obligation's slots and health figures (klend's Obligation methods): finding and adding collateral and debt
// positions, clearing them when emptied, accruing a debt position to its reserve's index, and the values borrowing
// and withdrawing are measured against.
import { EMPTY_ASSET_TIER } from "../constants.js";
import { fail } from "../errors.js";
import * as fx from "../math/fraction.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import {
  type Obligation,
  type ObligationCollateral,
  type ObligationLiquidity,
  emptyCollateral,
  emptyLiquidity,
} from "../state/obligation.js";
import type { Log } from "./preconditions.js";

export function depositsEmpty(obligation: Obligation): boolean {
  return obligation.deposits.every((d) => d.depositReserve === ZERO_PUBKEY);
}

export function borrowsEmpty(obligation: Obligation): boolean {
  return obligation.borrows.every((b) => b.borrowReserve === ZERO_PUBKEY);
}

/** The deposit slot at `index`, an index this obligation's slots gave. */
export function depositSlot(obligation: Obligation, index: number): ObligationCollateral {
  const slot = obligation.deposits[index];
  if (!slot) throw new RangeError(`deposit slot ${index} outside 0..${obligation.deposits.length - 1}`);
  return slot;
}

/** The borrow slot at `index`, an index this obligation's slots gave. */
export function borrowSlot(obligation: Obligation, index: number): ObligationLiquidity {
  const slot = obligation.borrows[index];
  if (!slot) throw new RangeError(`borrow slot ${index} outside 0..${obligation.borrows.length - 1}`);
  return slot;
}

/** The slot of `reserve` among the deposits. */
export function depositIndex(obligation: Obligation, reserve: string, log: Log): number {
  if (depositsEmpty(obligation)) {
    log("Obligation has no deposits");
    fail("ObligationDepositsEmpty");
  }
  const index = obligation.deposits.findIndex((d) => d.depositReserve === reserve);
  if (index < 0) fail("InvalidObligationCollateral");
  return index;
}

/** The slot of `reserve` among the borrows. */
export function borrowIndex(obligation: Obligation, reserve: string, log: Log): number {
  if (borrowsEmpty(obligation)) {
    log("Obligation has no borrows");
    fail("ObligationBorrowsEmpty");
  }
  const index = obligation.borrows.findIndex((b) => b.borrowReserve === reserve);
  if (index < 0) fail("InvalidObligationLiquidity");
  return index;
}

/** The deposit slot of `reserve`, taking the first empty one for a new reserve. */
export function findOrAddDeposit(obligation: Obligation, reserve: string, assetTier: number, log: Log): ObligationCollateral {
  const existing = obligation.deposits.find((d) => d.depositReserve === reserve);
  if (existing) return existing;
  const index = obligation.deposits.findIndex((d) => d.depositReserve === ZERO_PUBKEY);
  if (index < 0) {
    log("Obligation has no empty deposits");
    fail("ObligationReserveLimit");
  }
  const slot = { ...emptyCollateral(), depositReserve: reserve };
  obligation.deposits[index] = slot;
  obligation.depositsAssetTiers[index] = assetTier;
  return slot;
}

/** The borrow slot of `reserve`, a new one starting at the reserve's current index. */
export function findOrAddBorrow(
  obligation: Obligation,
  reserve: string,
  cumulativeBorrowRate: bigint,
  assetTier: number,
  log: Log,
): { liquidity: ObligationLiquidity; index: number } {
  const existing = obligation.borrows.findIndex((b) => b.borrowReserve === reserve);
  if (existing >= 0) return { liquidity: borrowSlot(obligation, existing), index: existing };
  const index = obligation.borrows.findIndex((b) => b.borrowReserve === ZERO_PUBKEY);
  if (index < 0) {
    log("Obligation has no empty borrows");
    fail("ObligationReserveLimit");
  }
  const liquidity = { ...emptyLiquidity(), borrowReserve: reserve, cumulativeBorrowRateBsf: cumulativeBorrowRate };
  obligation.borrows[index] = liquidity;
  obligation.borrowsAssetTiers[index] = assetTier;
  return { liquidity, index };
}

/** Takes `amount` cTokens out of a deposit slot, clearing it when nothing is left. */
export function withdrawFromDeposit(obligation: Obligation, index: number, amount: bigint): void {
  const collateral = depositSlot(obligation, index);
  if (amount === collateral.depositedAmount) {
    obligation.deposits[index] = emptyCollateral();
    obligation.depositsAssetTiers[index] = EMPTY_ASSET_TIER;
  } else {
    if (amount > collateral.depositedAmount) fail("MathOverflow");
    collateral.depositedAmount -= amount;
  }
}

/** Settles `settle` (Fraction) of a borrow slot, clearing it when the whole debt is settled. */
export function repayToBorrow(obligation: Obligation, index: number, settle: bigint): void {
  const liquidity = borrowSlot(obligation, index);
  if (settle === liquidity.borrowedAmountSf) {
    obligation.borrows[index] = emptyLiquidity();
    obligation.borrowsAssetTiers[index] = EMPTY_ASSET_TIER;
  } else {
    liquidity.borrowedAmountSf = fx.sub(liquidity.borrowedAmountSf, settle);
  }
}

export function updateHasDebt(obligation: Obligation): void {
  obligation.hasDebt = borrowsEmpty(obligation) ? 0 : 1;
}

/** Grows a debt position by the reserve index's growth since its last accrual. */
export function accrueBorrowInterest(liquidity: ObligationLiquidity, cumulativeBorrowRate: bigint, log: Log): void {
  const former = liquidity.cumulativeBorrowRateBsf;
  if (cumulativeBorrowRate < former) {
    log("Interest rate cannot be negative");
    fail("NegativeInterestRate");
  }
  if (cumulativeBorrowRate === former) return;
  const grown = (liquidity.borrowedAmountSf * cumulativeBorrowRate) / former;
  if (grown > fx.U128_MAX) fail("MathOverflow");
  liquidity.borrowedAmountSf = grown;
  liquidity.cumulativeBorrowRateBsf = cumulativeBorrowRate;
}

/** Borrow-factor-adjusted debt over deposited value. */
export function loanToValue(obligation: Obligation): bigint {
  return fx.div(obligation.borrowFactorAdjustedDebtValueSf, obligation.depositedValueSf);
}

/** The liquidation-threshold LTV: unhealthy borrow value over deposited value. */
export function unhealthyLoanToValue(obligation: Obligation): bigint {
  return fx.div(obligation.unhealthyBorrowValueSf, obligation.depositedValueSf);
}

/** Borrowing power left: allowed borrow value minus borrow-factor-adjusted debt, never below zero. */
export function remainingBorrowValue(obligation: Obligation): bigint {
  return fx.saturatingSub(obligation.allowedBorrowValueSf, obligation.borrowFactorAdjustedDebtValueSf);
}

/** The collateral value that can leave at `ltvPct` before the obligation runs out of borrowing power. */
export function maxWithdrawValue(obligation: Obligation, ltvPct: number): bigint {
  const allowed = obligation.allowedBorrowValueSf;
  const debt = obligation.borrowFactorAdjustedDebtValueSf;
  if (allowed <= debt) return 0n;
  if (ltvPct === 0) return obligation.depositedValueSf;
  return fx.divInt(fx.mulInt(allowed - debt, 100n), BigInt(ltvPct));
}
