// E-mode weight selection (reference §11.2): the entries of every borrowed bank are intersected by collateral
// tag, keeping the lowest weights, and a collateral bank whose tag survives gets the better of its own weight
// and the entry's. Emode never lowers a bank's own weight.
import type { BankData } from "../state/views.js";
import * as fx from "../math/i80f48.js";
import type { I80F48 } from "../math/i80f48.js";
import { BankLayout } from "../state/bank.js";
import { EMODE_TAG_EMPTY, type EmodeEntry } from "../state/emode-settings.js";

export interface EmodeWeights {
  readonly flags: number;
  readonly assetWeightInit: I80F48;
  readonly assetWeightMaint: I80F48;
}

/** Collateral tag → merged weights; empty when nothing is borrowed. */
export type ReconciledEmode = ReadonlyMap<number, EmodeWeights>;

const entries = BankLayout.fields.emode.fields.emodeConfig.fields.entries;

/** A bank's entries by collateral tag, empty slots skipped (a repeated tag keeps its last entry). */
export function emodeEntriesByTag(list: readonly EmodeEntry[]): Map<number, EmodeWeights> {
  const out = new Map<number, EmodeWeights>();
  for (const e of list) {
    if (e.collateralBankEmodeTag === EMODE_TAG_EMPTY) continue;
    out.set(e.collateralBankEmodeTag, { flags: e.flags, assetWeightInit: e.assetWeightInit, assetWeightMaint: e.assetWeightMaint });
  }
  return out;
}

const min = (a: I80F48, b: I80F48) => (fx.cmp(a, b) <= 0 ? a : b);

/** The intersection of the borrowed banks' entries by tag, keeping the lowest flags and weights; empty without borrows. */
export function reconcileEmodeEntries(borrowed: readonly ReadonlyMap<number, EmodeWeights>[]): ReconciledEmode {
  const [first, ...rest] = borrowed;
  if (!first) return new Map();
  let merged = first;
  for (const next of rest) {
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

/** The intersection of the borrowed banks' emode configs, read from their account data. */
export function reconcileEmode(borrowedBanks: readonly BankData[]): ReconciledEmode {
  return reconcileEmodeEntries(borrowedBanks.map((bank) => emodeEntriesByTag(entries.get(bank))));
}

/** The collateral bank's emode entry under the reconciled config, if its tag matches one. */
export function emodeEntryFor(emode: ReconciledEmode, collateralBank: BankData): EmodeWeights | undefined {
  const tag = BankLayout.fields.emode.fields.emodeTag.get(collateralBank);
  return tag === EMODE_TAG_EMPTY ? undefined : emode.get(tag);
}
