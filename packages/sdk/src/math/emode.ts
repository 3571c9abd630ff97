// E-mode weight selection with the program's semantics (risk/emode.ts): the borrowed banks' entries are intersected
// by collateral tag keeping the lowest weights, and a collateral bank whose tag survives values at the better of its
// own weight and the entry's. The program reads entries from account bytes on every call; here each bank's entries
// are decoded once (PricedBank.emodeEntries) so an account costs a few map lookups.
import {
  EMODE_TAG_EMPTY,
  emodeEntriesByTag,
  i80f48 as fx,
  reconcileEmodeEntries,
  type Bank,
  type EmodeWeights,
  type I80F48,
  type ReconciledEmode,
} from "@ballast/protocol";

/** A bank's entries by collateral tag, as the program reads them. */
export function bankEmodeEntries(bank: Bank): ReadonlyMap<number, EmodeWeights> {
  return emodeEntriesByTag(bank.emode.emodeConfig.entries);
}

/** The intersection of the borrowed banks' entries (the program's rule; empty when nothing is borrowed). */
export const reconcileEmode = reconcileEmodeEntries;

/** The entry a collateral bank with `emodeTag` gets under a reconciled config; tag 0 never matches. */
export function emodeEntryFor(emode: ReconciledEmode, emodeTag: number): EmodeWeights | undefined {
  return emodeTag === EMODE_TAG_EMPTY || emode.size === 0 ? undefined : emode.get(emodeTag);
}

/** Emode never lowers a bank's own weight. */
export function boostedWeight(own: I80F48, entryWeight: I80F48 | undefined): I80F48 {
  return entryWeight !== undefined && fx.cmp(entryWeight, own) > 0 ? entryWeight : own;
}
