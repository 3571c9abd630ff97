// What an action on a bank does to the account's e-mode: compares the active e-mode pairs before and after borrowing,
// supplying, repaying all or withdrawing all, per bank. The client knows three e-mode tags (501 SOL, 1571 LST tier 1,
// 1572 LST tier 2) and treats every other tag as unset.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { boostedWeight, emodeEntryFor, reconcileEmode } from "./emode.js";
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

function knownEmode(borrowed: readonly PricedBank[]) {
  return reconcileEmode(borrowed.map(knownEntries));
}

function emodeState(borrowed: readonly PricedBank[], lent: readonly PricedBank[]): EmodeState {
  const emode = knownEmode(borrowed);
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

function sidesOf(account: AccountRisk) {
  return {
    borrowed: account.positions.filter((p) => p.side === "liabilities").map((p) => p.bank),
    lent: account.positions.filter((p) => p.side === "assets").map((p) => p.bank),
  };
}

/** E-mode impacts of every applicable action on each of `banks`. */
export function emodeImpacts(account: AccountRisk, banks: Iterable<PricedBank>): Map<string, EmodeImpact> {
  const { borrowed, lent } = sidesOf(account);
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

/** The actions an e-mode impact is rated for. */
export type EmodeAction = keyof EmodeImpact;

/** A collateral bank's Initial asset weight before and after an action. */
export interface EmodeWeightChange {
  readonly bank: PricedBank;
  readonly before: I80F48;
  readonly after: I80F48;
}

/** A lent bank's Initial weight under a reconciled config: its own, raised by a matching entry. */
function initWeightUnder(bank: PricedBank, emode: ReturnType<typeof knownEmode>): I80F48 {
  return boostedWeight(bank.bank.config.assetWeightInit, emodeEntryFor(emode, emodeTagOf(bank.bank.emode.emodeTag))?.assetWeightInit);
}

/**
 * The collateral whose Initial weight `action` on `bank` changes, with the weight before and after (the bank a supply
 * adds starts from its own weight). Borrowing and repaying all change the pairs every collateral is in; supplying
 * changes the new collateral's weight only; withdrawing all changes no other weight.
 */
export function emodeWeightChanges(account: AccountRisk, bank: PricedBank, action: EmodeAction): EmodeWeightChange[] {
  const before = sidesOf(account);
  const has = (banks: readonly PricedBank[]) => banks.some((b) => b.address === bank.address);
  const sameBank = (banks: readonly PricedBank[]) => banks.filter((b) => b.address !== bank.address);
  const after = {
    borrowed:
      action === "borrow" && !has(before.borrowed)
        ? [...before.borrowed, bank]
        : action === "repayAll"
          ? sameBank(before.borrowed)
          : before.borrowed,
    lent:
      action === "supply" && !has(before.lent) ? [...before.lent, bank] : action === "withdrawAll" ? sameBank(before.lent) : before.lent,
  };
  const emodeBefore = knownEmode(before.borrowed);
  const emodeAfter = knownEmode(after.borrowed);
  const changes: EmodeWeightChange[] = [];
  for (const collateral of after.lent) {
    const held = before.lent.some((b) => b.address === collateral.address);
    const weightBefore = held ? initWeightUnder(collateral, emodeBefore) : collateral.bank.config.assetWeightInit;
    const weightAfter = initWeightUnder(collateral, emodeAfter);
    if (fx.cmp(weightBefore, weightAfter) !== 0) changes.push({ bank: collateral, before: weightBefore, after: weightAfter });
  }
  return changes;
}

/** One collateral bank in e-mode: the tag that matched and the Initial weight it earns. */
export interface EmodeCollateral {
  readonly bank: PricedBank;
  readonly tag: EmodeTag;
  readonly weightInit: I80F48;
}

/** The pair that put an account in e-mode: its borrowed banks and the collateral whose tag they all name. */
export interface AccountEmode {
  readonly liabilities: readonly PricedBank[];
  readonly collateral: readonly EmodeCollateral[];
}

/** The account's e-mode with the client's known tags; null when it is off (no borrow, or no collateral matches). */
export function accountEmode(account: AccountRisk): AccountEmode | null {
  const { borrowed, lent } = sidesOf(account);
  const emode = knownEmode(borrowed);
  const collateral: EmodeCollateral[] = [];
  for (const bank of lent) {
    const tag = emodeTagOf(bank.bank.emode.emodeTag);
    if (emodeEntryFor(emode, tag)) collateral.push({ bank, tag, weightInit: initWeightUnder(bank, emode) });
  }
  return collateral.length === 0 ? null : { liabilities: borrowed, collateral };
}
