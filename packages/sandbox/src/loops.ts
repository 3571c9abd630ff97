// What a simulated user loops: a pair of banks in its market whose tokens share a pool of the venue (one hop keeps the
// flash-loan transaction small), at a leverage between 1.5 and 80 % of the pair's maximum (e-mode aware), so the
// position starts well clear of the Initial requirement. Loops live in one account per user, a PDA at a fixed index,
// so the users find them again after a restart and keep them apart from their everyday account.
import { PublicKey } from "@solana/web3.js";
import { AssetTag, BankOperationalState, RiskTier, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { fromNumber, marginfiAccountAddress, maxLeverage, type Market, type PricedBank } from "@ballast/sdk";
import type { VenuePool } from "./venue.js";

/** The index of a simulated user's loop account among its PDA accounts in a group. */
export const LOOP_ACCOUNT_INDEX = 1;
/** The least target leverage a loop asks for. */
export const MIN_LOOP_LEVERAGE = fx.fromDecimal("1.5");
/** The share of the pair's maximum leverage a loop asks for at most. */
export const MAX_LOOP_SHARE = fx.fromDecimal("0.8");

export interface LoopPair {
  /** The bank the loop deposits into. */
  readonly collateral: PricedBank;
  /** The bank it borrows from, swapping the borrowed tokens into collateral. */
  readonly debt: PricedBank;
  readonly maxLeverage: I80F48;
}

/** The user's loop account in `group`: a PDA of the lending program, whether it exists yet or not. */
export function loopAccountAddress(group: string, authority: PublicKey, programId: string): PublicKey {
  return marginfiAccountAddress(new PublicKey(group), authority, LOOP_ACCOUNT_INDEX, 0, new PublicKey(programId));
}

const pairKey = (mintA: string, mintB: string) => [mintA, mintB].sort().join("/");

/**
 * A bank a loop can deposit into or borrow from: operational, not isolated, and one of the program's own (a
 * Kamino-backed bank's refreshes and market accounts leave a flash loan's transaction too little room).
 */
function loopable(bank: PricedBank): boolean {
  const { config } = bank.bank;
  return (
    config.operationalState === BankOperationalState.Operational &&
    config.riskTier !== RiskTier.Isolated &&
    config.assetTag !== AssetTag.Kamino
  );
}

/** Every pair of `market` with a direct pool in `pools` and room for a loop of MIN_LOOP_LEVERAGE within MAX_LOOP_SHARE. */
export function loopPairs(market: Market, pools: readonly VenuePool[]): LoopPair[] {
  const pooled = new Set(pools.map((pool) => pairKey(pool.a.token.mint, pool.b.token.mint)));
  const banks = [...market.banks.values()].filter(loopable);
  const pairs: LoopPair[] = [];
  for (const collateral of banks) {
    for (const debt of banks) {
      if (!pooled.has(pairKey(collateral.bank.mint, debt.bank.mint))) continue;
      const max = maxLeverage(collateral, debt);
      if (max === null || fx.cmp(fx.mul(max, MAX_LOOP_SHARE), MIN_LOOP_LEVERAGE) < 0) continue;
      pairs.push({ collateral, debt, maxLeverage: max });
    }
  }
  return pairs;
}

/**
 * The target leverage for a roll in [0, 1): from MIN_LOOP_LEVERAGE up to MAX_LOOP_SHARE of `max`, rounded down to
 * hundredths, as the decimal string the SDK's loop takes.
 */
export function loopLeverage(max: I80F48, roll: number): string {
  const high = fx.mul(max, MAX_LOOP_SHARE);
  const span = fx.cmp(high, MIN_LOOP_LEVERAGE) > 0 ? fx.sub(high, MIN_LOOP_LEVERAGE) : fx.ZERO;
  const target = fx.add(MIN_LOOP_LEVERAGE, fx.mul(span, fromNumber(roll)));
  const hundredths = fx.toIntFloor(fx.mul(target, fx.fromInt(100)));
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`;
}
