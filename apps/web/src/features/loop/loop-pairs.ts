// Which banks can be looped against which: a collateral bank taking deposits, a bank of another token taking borrows
// (the loop swaps one into the other), and a pair whose max leverage (the SDK's, e-mode aware) is above 1. The leverage slider runs in hundredths from 1.01 to
// the pair's max rounded down, so a chosen leverage is never above what the SDK accepts.
import { bankActionRefusal, emodePairs, maxLeverage, type Market, type PricedBank } from "@ballast/sdk";
import { i80f48 as fx } from "@ballast/protocol";

/** The slider's lowest leverage, in hundredths: a loop must borrow something. */
export const MIN_LEVERAGE_HUNDREDTHS = 101;

export interface LoopPair {
  readonly collateral: PricedBank;
  readonly liability: PricedBank;
  /** The pair's max leverage in hundredths, rounded down: 9.999× is 999. */
  readonly maxLeverageHundredths: number;
  /** Borrowing the liability raises the collateral's weight (its e-mode entry for the collateral's tag). */
  readonly emode: boolean;
}

/** The pair's max leverage in hundredths, rounded down; null when the pair has no bound (weights allow any leverage). */
function maxHundredths(collateral: PricedBank, liability: PricedBank): number | null {
  const max = maxLeverage(collateral, liability);
  return max === null ? null : Number(fx.toIntFloor(fx.mul(max, fx.fromInt(100))));
}

/** Whether borrowing `liability` boosts `collateral` through an e-mode entry. */
function isEmodePair(collateral: PricedBank, liability: PricedBank, banks: readonly PricedBank[]): boolean {
  return emodePairs(collateral, banks).whenLending.some(
    (pair) => pair.bank.address === liability.address && fx.cmp(pair.weights.assetWeightInit, pair.ownWeightInit) > 0,
  );
}

/** Every borrow bank `collateral` can be looped against, highest max leverage first. */
export function loopPairsFor(market: Market, collateral: PricedBank): LoopPair[] {
  if (bankActionRefusal(collateral.bank, "deposit") !== null) return [];
  const banks = [...market.banks.values()];
  const pairs: LoopPair[] = [];
  for (const liability of banks) {
    if (liability.bank.mint === collateral.bank.mint || bankActionRefusal(liability.bank, "borrow") !== null) continue;
    const max = maxHundredths(collateral, liability);
    if (max === null || max < MIN_LEVERAGE_HUNDREDTHS) continue;
    pairs.push({ collateral, liability, maxLeverageHundredths: max, emode: isEmodePair(collateral, liability, banks) });
  }
  return pairs.sort((a, b) => b.maxLeverageHundredths - a.maxLeverageHundredths);
}

/** The banks that can be looped at all, in the market's order. */
export function loopCollaterals(market: Market): PricedBank[] {
  return [...market.banks.values()].filter((bank) => loopPairsFor(market, bank).length > 0);
}

/** A leverage in hundredths as the SDK reads it: 300 → "3", 250 → "2.5", 301 → "3.01". */
export function leverageText(hundredths: number): string {
  const whole = Math.trunc(hundredths / 100);
  const fraction = String(hundredths % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** A leverage in hundredths as the screen shows it: 300 → "3.00×". */
export function formatLeverageHundredths(hundredths: number): string {
  return `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}×`;
}

/** The slider's value kept within the pair's range. */
export function clampLeverage(hundredths: number, maxHundredths: number): number {
  return Math.min(Math.max(hundredths, MIN_LEVERAGE_HUNDREDTHS), maxHundredths);
}
