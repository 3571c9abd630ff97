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
import { EmodeTag, emodeTagOf } from "./emode-impact.js";
import type { PricedBank } from "./priced-bank.js";

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

/** One e-mode pair as seen from a bank (spec §3 E-mode pair): the other bank, the collateral tag and its weights. */
export interface EmodePair {
  /** The other bank of the pair. */
  readonly bank: PricedBank;
  /** The collateral bank's tag the entry is for. */
  readonly tag: EmodeTag;
  readonly weights: EmodeWeights;
  /** The collateral bank's own Initial asset weight, which the pair's weight is compared with. */
  readonly ownWeightInit: I80F48;
}

/**
 * A bank's e-mode pairs, with the client's three known tags (any other is unset): borrowing it pairs with collateral
 * whose tag its entries name; lending it pairs with every bank whose entries name its tag.
 */
export function emodePairs(bank: PricedBank, banks: Iterable<PricedBank>): { whenBorrowing: EmodePair[]; whenLending: EmodePair[] } {
  const whenBorrowing: EmodePair[] = [];
  const whenLending: EmodePair[] = [];
  const ownTag = emodeTagOf(bank.bank.emode.emodeTag);
  for (const other of banks) {
    if (other.address === bank.address) continue;
    const otherTag = emodeTagOf(other.bank.emode.emodeTag);
    const asCollateral = otherTag === EmodeTag.Unset ? undefined : bank.emodeEntries.get(otherTag);
    if (asCollateral)
      whenBorrowing.push({ bank: other, tag: otherTag, weights: asCollateral, ownWeightInit: other.bank.config.assetWeightInit });
    const asLiability = ownTag === EmodeTag.Unset ? undefined : other.emodeEntries.get(ownTag);
    if (asLiability) whenLending.push({ bank: other, tag: ownTag, weights: asLiability, ownWeightInit: bank.bank.config.assetWeightInit });
  }
  return { whenBorrowing, whenLending };
}
