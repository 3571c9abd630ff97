// The largest amounts the program would accept at the bank snapshot's time, in whole native units: deposit (wallet,
// deposit room), repay (debt rounded up, wallet), withdraw and borrow (free collateral with a 0.92 volatility margin,
// liquidity, borrow room; isolated-tier borrows fall back to withdrawing). Sized on every account of a market at
// once, so the arithmetic is raw I80F48 bits with the library's rounding (products floor, quotients truncate).
import { BankOperationalState, RiskTier, calcValue, i80f48 as fx, type I80F48, type ReconciledEmode } from "@ballast/protocol";
import { emodeEntryFor } from "./emode.js";
import { initialAssetWeight, positionsEmode, type AccountRisk, type Position } from "./health.js";
import { isOracleFailure } from "./price.js";
import type { PricedBank } from "./priced-bank.js";

/** Prices move between quote and execution: only this share of free collateral is offered. */
export const VOLATILITY_FACTOR = fx.fromDecimal("0.92");
/** Native SOL left in the wallet for fees and rent. */
export const SOL_SPARE_LAMPORTS = 20_000_000n;

/** The wallet's holdings relevant to one bank: its token account balance and, for the SOL bank, native lamports. */
export interface WalletFunds {
  readonly token: bigint;
  readonly nativeSol: bigint;
}

const minOf = (a: bigint, b: bigint | null): bigint => (b !== null && b < a ? b : a);
const atLeastZero = (a: bigint): bigint => (a > 0n ? a : 0n);
const isIsolated = (bank: PricedBank): boolean => bank.bank.config.riskTier === RiskTier.Isolated;

/** What the wallet can put in: for the SOL bank wrapped plus native SOL, keeping 0.02 SOL spare. */
export function spendableBalance(bank: PricedBank, wallet: WalletFunds): bigint {
  if (!bank.isNativeSol) return wallet.token;
  return atLeastZero(wallet.token + wallet.nativeSol - SOL_SPARE_LAMPORTS);
}

function acceptsNewRisk(bank: PricedBank): boolean {
  return bank.bank.config.operationalState === BankOperationalState.Operational;
}

function acceptsReductions(bank: PricedBank): boolean {
  const state = bank.bank.config.operationalState;
  return state === BankOperationalState.Operational || state === BankOperationalState.ReduceOnly;
}

function positionIn(account: AccountRisk, bank: PricedBank, side: Position["side"]): Position | undefined {
  for (const p of account.positions) if (p.bank === bank && p.side === side) return p;
  return undefined;
}

/** Whole native units worth `value` at `tokenValue` per token: value × 10^decimals / token value, rounded down. */
function unitsForValue(value: bigint, tokenValue: bigint, bank: PricedBank): bigint {
  return tokenValue > 0n ? (value * bank.tenPow) / tokenValue : 0n;
}

/** The Initial-weighted value of one token of collateral at `weight` (precomputed for the bank's own weight). */
function collateralTokenValue(bank: PricedBank, low: I80F48, weight: I80F48): bigint {
  const own = bank.initialCollateralTokenValue;
  return weight === bank.initialAssetWeight && own !== null ? own : fx.mul(low, weight);
}

export function maxDeposit(bank: PricedBank, wallet: WalletFunds): bigint {
  if (!acceptsNewRisk(bank)) return 0n;
  return atLeastZero(minOf(spendableBalance(bank, wallet), bank.depositCapacity));
}

/** min(debt rounded up, wallet): repaying the rounded-up debt closes the position. */
export function maxRepay(account: AccountRisk, bank: PricedBank, wallet: WalletFunds): bigint {
  const debt = positionIn(account, bank, "liabilities");
  if (!debt || !acceptsReductions(bank)) return 0n;
  return minOf(fx.toIntCeil(debt.amount), spendableBalance(bank, wallet));
}

/** What every max amount of one account shares: its free collateral and its debt. */
interface AccountCapacity {
  readonly account: AccountRisk;
  /** Initial assets − liabilities (signed). */
  readonly free: bigint;
  /** 0.92 of the free collateral, or 0 without any. */
  readonly offered: bigint;
  readonly debtBanks: readonly PricedBank[];
}

function capacityOf(account: AccountRisk): AccountCapacity {
  const free = fx.sub(account.health.initial.assets, account.health.initial.liabilities);
  const debtBanks = [];
  for (const p of account.positions) if (p.side === "liabilities") debtBanks.push(p.bank);
  return { account, free, offered: free > 0n ? fx.mul(free, VOLATILITY_FACTOR) : 0n, debtBanks };
}

/**
 * The whole deposit when the account has no debt or keeps enough free collateral without it (withdraw-all moves the
 * amount rounded down); otherwise what 0.92 of the free collateral frees at the Initial asset price and weight.
 * A deposit worth nothing for Initial leaves health unchanged, so it all goes while Initial health holds.
 */
function withdrawable(c: AccountCapacity, bank: PricedBank): bigint {
  const deposit = positionIn(c.account, bank, "assets");
  if (!deposit || !acceptsReductions(bank) || c.account.health.initial.error) return 0n;
  const whole = fx.toIntFloor(deposit.amount);
  let amount: bigint;
  if (c.debtBanks.length === 0) amount = whole;
  else if (deposit.initValue === fx.ZERO) amount = c.free >= 0n ? whole : 0n;
  else if (c.free <= 0n) amount = 0n;
  else if (deposit.initValue <= c.free) amount = whole;
  else {
    const leg = bank.price.timeWeighted;
    if (isOracleFailure(leg)) return 0n;
    amount = minOf(unitsForValue(c.offered, collateralTokenValue(bank, leg.low, deposit.initWeight), bank), whole);
  }
  return atLeastZero(minOf(amount, bank.liquidity));
}

/** Initial asset value of a collateral position under another e-mode config (the positions keep their own). */
function initialValueUnder(p: Position, emode: ReconciledEmode): I80F48 {
  const leg = p.bank.price.timeWeighted;
  if (isOracleFailure(leg)) return fx.ZERO;
  return calcValue(p.amount, leg.low, p.bank.decimals, initialAssetWeight(p.bank, emode));
}

/** Whether borrowing `bank` too would change the e-mode entry (hence the Initial weight) of any collateral held. */
function borrowMovesEmode(c: AccountCapacity, bank: PricedBank): boolean {
  if (c.debtBanks.includes(bank)) return false;
  for (const p of c.account.positions) {
    if (p.side !== "assets") continue;
    const tag = p.bank.bank.emode.emodeTag;
    const added = emodeEntryFor(bank.emodeEntries, tag);
    // Without debt the bank's entries become the config; with debt they intersect it, keeping the lower weight.
    if (c.debtBanks.length === 0) {
      if (added) return true;
      continue;
    }
    const current = emodeEntryFor(c.account.emode, tag);
    if (current && (!added || fx.cmp(added.assetWeightInit, current.assetWeightInit) < 0)) return true;
  }
  return false;
}

/**
 * Borrowing first withdraws any deposit in the bank, then books debt. With the bank among the borrowed ones (its
 * e-mode entries join the intersection), 0.92 of the free collateral buys the deposit back at its Initial price and
 * weight, and the rest buys debt at the Initial liability price and weight; then liquidity and borrow room cap it.
 * An isolated-tier borrow next to other debt (or any borrow next to isolated debt) is refused: only the deposit can
 * come out, as a withdrawal.
 */
function borrowable(c: AccountCapacity, bank: PricedBank): bigint {
  if (!acceptsNewRisk(bank)) return 0n;
  let otherDebt = false;
  for (const debt of c.debtBanks) {
    if (debt === bank) continue;
    if (isIsolated(debt)) return withdrawable(c, bank);
    otherDebt = true;
  }
  if (otherDebt && isIsolated(bank)) return withdrawable(c, bank);

  const leg = bank.price.timeWeighted;
  const debtTokenValue = bank.initialDebtTokenValue;
  const { initial } = c.account.health;
  if (initial.error || isOracleFailure(leg) || debtTokenValue === null) return 0n;
  const emode = borrowMovesEmode(c, bank) ? positionsEmode(c.account.positions, bank) : null;
  let offered = c.offered;
  if (emode) {
    let assets = fx.ZERO;
    for (const p of c.account.positions) if (p.side === "assets") assets = fx.add(assets, initialValueUnder(p, emode));
    const free = fx.sub(assets, initial.liabilities);
    if (free < 0n) return 0n;
    offered = fx.mul(free, VOLATILITY_FACTOR);
  } else if (c.free < 0n) return 0n;

  let fromDeposit = 0n;
  let untied = 0n;
  const deposit = positionIn(c.account, bank, "assets");
  if (deposit) {
    const whole = fx.toIntFloor(deposit.amount);
    const value = emode ? initialValueUnder(deposit, emode) : deposit.initValue;
    if (value <= offered) {
      // The whole deposit comes back within the offer (worthless collateral costs nothing).
      untied = value;
      fromDeposit = whole;
    } else {
      untied = offered;
      const weight = emode ? initialAssetWeight(bank, emode) : deposit.initWeight;
      fromDeposit = minOf(unitsForValue(offered, collateralTokenValue(bank, leg.low, weight), bank), whole);
    }
  }
  const rest = untied === 0n ? offered : offered - untied;
  const fromDebt = rest > 0n ? minOf(unitsForValue(rest, debtTokenValue, bank), bank.borrowCapacity) : 0n;
  return atLeastZero(minOf(fromDeposit === 0n ? fromDebt : fromDeposit + fromDebt, bank.liquidity));
}

export function maxWithdraw(account: AccountRisk, bank: PricedBank): bigint {
  return withdrawable(capacityOf(account), bank);
}

export function maxBorrow(account: AccountRisk, bank: PricedBank): bigint {
  return borrowable(capacityOf(account), bank);
}

export interface MaxAmounts {
  readonly bank: PricedBank;
  readonly maxDeposit: bigint;
  readonly maxRepay: bigint;
  readonly maxWithdraw: bigint;
  readonly maxBorrow: bigint;
}

/** All four maxima for each of `banks`, in order, sharing the account's free collateral; `wallet` gives the holdings per bank. */
export function accountMaxAmounts(
  account: AccountRisk,
  banks: readonly PricedBank[],
  wallet: (bank: PricedBank) => WalletFunds,
): MaxAmounts[] {
  const c = capacityOf(account);
  return banks.map((bank) => {
    const funds = wallet(bank);
    return {
      bank,
      maxDeposit: maxDeposit(bank, funds),
      maxRepay: maxRepay(account, bank, funds),
      maxWithdraw: withdrawable(c, bank),
      maxBorrow: borrowable(c, bank),
    };
  });
}
