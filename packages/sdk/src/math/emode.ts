// E-mode weight selection with the program's semantics (risk/emode.ts): the borrowed banks' entries are intersected
// by collateral tag keeping the lowest weights, and a collateral bank whose tag survives values at the better of its
// own weight and the entry's. The program reads entries from account bytes on every call; here each bank's entries
// are decoded once (PricedBank.emodeEntries) so an account costs a few map lookups.
import { EMODE_TAG_EMPTY, i80f48 as fx, type Bank, type EmodeWeights, type I80F48, type ReconciledEmode } from "@ballast/protocol";

/** A bank's entries by collateral tag, empty slots skipped; a repeated tag keeps its last entry, as the program's map does. */
export function bankEmodeEntries(bank: Bank): ReadonlyMap<number, EmodeWeights> {
  const out = new Map<number, EmodeWeights>();
  for (const e of bank.emode.emodeConfig.entries) {
    if (e.collateralBankEmodeTag === EMODE_TAG_EMPTY) continue;
    out.set(e.collateralBankEmodeTag, { flags: e.flags, assetWeightInit: e.assetWeightInit, assetWeightMaint: e.assetWeightMaint });
  }
  return out;
}

const NO_EMODE: ReconciledEmode = new Map();

const min = (a: I80F48, b: I80F48): I80F48 => (a <= b ? a : b);

/** The intersection of the borrowed banks' entries (empty when nothing is borrowed). */
export function reconcileEmode(borrowedEntries: readonly ReadonlyMap<number, EmodeWeights>[]): ReconciledEmode {
  if (borrowedEntries.length === 0) return NO_EMODE;
  let merged = borrowedEntries[0];
  for (let i = 1; i < borrowedEntries.length; i++) {
    const next = borrowedEntries[i];
    const kept = new Map<number, EmodeWeights>();
    for (const [tag, a] of merged) {
      const b = next.get(tag);
      if (!b) continue;
      kept.set(tag, {
        flags: Math.min(a.flags, b.flags),
        assetWeightInit: min(a.assetWeightInit, b.assetWeightInit),
        assetWeightMaint: min(a.assetWeightMaint, b.assetWeightMaint),
      });
    }
    merged = kept;
  }
  return merged;
}

/** The entry a collateral bank with `emodeTag` gets under a reconciled config; tag 0 never matches. */
export function emodeEntryFor(emode: ReconciledEmode, emodeTag: number): EmodeWeights | undefined {
  return emodeTag === EMODE_TAG_EMPTY || emode.size === 0 ? undefined : emode.get(emodeTag);
}

/** Emode never lowers a bank's own weight. */
export function boostedWeight(own: I80F48, entryWeight: I80F48 | undefined): I80F48 {
  return entryWeight !== undefined && fx.cmp(entryWeight, own) > 0 ? entryWeight : own;
}
