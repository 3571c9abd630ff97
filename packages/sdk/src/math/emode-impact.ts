// What an action on a bank does to the account's e-mode: compares the active e-mode pairs before and after borrowing,
// supplying, repaying all or withdrawing all, per bank. The client knows three e-mode tags (501 SOL, 1571 LST tier 1,
// 1572 LST tier 2) and treats every other tag as unset.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { reconcileEmode } from "./emode.js";
import type { AccountRisk } from "./health.js";
import type { PricedBank } from "./priced-bank.js";

export const EmodeTag = { Unset: 0, Sol: 501, LstTier1: 1571, LstTier2: 1572 } as const;
export type EmodeTag = (typeof EmodeTag)[keyof typeof EmodeTag];

const KNOWN_TAGS = new Set<number>([EmodeTag.Sol, EmodeTag.LstTier1, EmodeTag.LstTier2]);

/** A stored tag as the client reads it: one of the known tags, else unset. */
export function emodeTagOf(stored: number): EmodeTag {
  return KNOWN_TAGS.has(stored) ? (stored as EmodeTag) : EmodeTag.Unset;
}

export const EmodeImpactStatus = {
  ActivateEmode: "ActivateEmode",
  ExtendEmode: "ExtendEmode",
  IncreaseEmode: "IncreaseEmode",
  ReduceEmode: "ReduceEmode",
  RemoveEmode: "RemoveEmode",
  InactiveEmode: "InactiveEmode",
} as const;
export type EmodeImpactStatus = (typeof EmodeImpactStatus)[keyof typeof EmodeImpactStatus];

/** The impact of each action that applies to the bank given the account's positions. */
export interface EmodeImpact {
  /** When the account does not lend the bank. */
  readonly borrow?: EmodeImpactStatus;
  /** When the bank has an e-mode tag and the account holds no position in it. */
  readonly supply?: EmodeImpactStatus;
  /** When the account borrows the bank. */
  readonly repayAll?: EmodeImpactStatus;
  /** When the account lends the bank. */
  readonly withdrawAll?: EmodeImpactStatus;
}

/** The e-mode an account is in: off, or on with the lowest Initial weight among its active collateral pairs. */
type EmodeState = { readonly on: false } | { readonly on: true; readonly minInitWeight: I80F48 };

/** Entries by known collateral tag: unknown tags are unset for the client. */
function knownEntries(bank: PricedBank) {
  return new Map([...bank.emodeEntries].filter(([tag]) => emodeTagOf(tag) !== EmodeTag.Unset));
}

function emodeState(borrowed: readonly PricedBank[], lent: readonly PricedBank[]): EmodeState {
  const emode = reconcileEmode(borrowed.map(knownEntries));
  let min: I80F48 | null = null;
  for (const bank of lent) {
    const entry = emode.get(emodeTagOf(bank.bank.emode.emodeTag));
    if (entry && (min === null || fx.cmp(entry.assetWeightInit, min) < 0)) min = entry.assetWeightInit;
  }
  return min === null ? { on: false } : { on: true, minInitWeight: min };
}

function compare(before: EmodeState, after: EmodeState): EmodeImpactStatus {
  if (!before.on) return after.on ? EmodeImpactStatus.ActivateEmode : EmodeImpactStatus.InactiveEmode;
  if (!after.on) return EmodeImpactStatus.RemoveEmode;
  const order = fx.cmp(after.minInitWeight, before.minInitWeight);
  return order > 0 ? EmodeImpactStatus.IncreaseEmode : order < 0 ? EmodeImpactStatus.ReduceEmode : EmodeImpactStatus.ExtendEmode;
}

const without = (banks: readonly PricedBank[], bank: PricedBank) => banks.filter((b) => b !== bank);

/** E-mode impacts of every applicable action on each of `banks`. */
export function emodeImpacts(account: AccountRisk, banks: Iterable<PricedBank>): Map<string, EmodeImpact> {
  const borrowed = account.positions.filter((p) => p.side === "liabilities").map((p) => p.bank);
  const lent = account.positions.filter((p) => p.side === "assets").map((p) => p.bank);
  const current = emodeState(borrowed, lent);
  const impacts = new Map<string, EmodeImpact>();
  for (const bank of banks) {
    const isBorrowed = borrowed.includes(bank);
    const isLent = lent.includes(bank);
    const impact: { -readonly [K in keyof EmodeImpact]: EmodeImpact[K] } = {};
    if (!isLent) impact.borrow = compare(current, emodeState(isBorrowed ? borrowed : [...borrowed, bank], lent));
    if (!isLent && !isBorrowed && emodeTagOf(bank.bank.emode.emodeTag) !== EmodeTag.Unset) {
      // More collateral never takes e-mode away, and a lower pair weight on the new bank does not lower the others'.
      impact.supply = current.on ? EmodeImpactStatus.ExtendEmode : compare(current, emodeState(borrowed, [...lent, bank]));
    }
    if (isBorrowed) impact.repayAll = compare(current, emodeState(without(borrowed, bank), lent));
    if (isLent) impact.withdrawAll = compare(current, emodeState(borrowed, without(lent, bank)));
    impacts.set(bank.address, impact);
  }
  return impacts;
}
