// What the bank page derives from the market snapshot and the bank's history: e-mode pairings (which banks pair with
// this one and at what weights), the utilization curve from the SDK, the action a `?action=` link asks for, and the
// selected account's position valued over the history. Rates and weights come from the SDK; nothing is recomputed.
import {
  emodePairs,
  kaminoUtilizationCurve,
  toNumber,
  utilizationCurve,
  type EmodePair,
  type EmodeTag,
  type FarmRewardApr,
  type Market,
  type PricedBank,
} from "@ballast/sdk";
import { programFeesOf } from "@ballast/protocol";
import type { TokenInfo } from "../../api/index.js";
import type { ActionType } from "../action-box/index.js";
import type { FarmRewardView } from "../markets/ApyBreakdown.js";
import type { BankRow } from "../markets/bank-rows.js";

export interface EmodePairing {
  /** The other bank of the pair. */
  readonly bank: BankRow;
  readonly tag: EmodeTag;
  /** Initial / maintenance asset weights of the collateral under the pair, and its own initial weight without it. */
  readonly assetWeightInit: number;
  readonly assetWeightMaint: number;
  readonly ownWeightInit: number;
}

export interface EmodePairings {
  /** Collateral banks whose weights rise when this bank is borrowed. */
  readonly whenBorrowing: readonly EmodePairing[];
  /** Banks whose borrowing raises this bank's collateral weight. */
  readonly whenLending: readonly EmodePairing[];
}

const byWeight = (a: EmodePairing, b: EmodePairing) => b.assetWeightInit - a.assetWeightInit || a.bank.symbol.localeCompare(b.bank.symbol);

/**
 * The bank's e-mode pairs (spec §3 E-mode pair), read from the banks' e-mode entries with the client's three known
 * tags (any other tag is unset): borrowing this bank pairs with collateral carrying a tag in its entries; lending it
 * pairs with every bank whose entries name its tag.
 */
export function emodePairings(market: Market, priced: PricedBank, rows: readonly BankRow[]): EmodePairings {
  const rowByAddress = new Map(rows.map((row) => [row.address, row]));
  const toPairings = (pairs: readonly EmodePair[]): EmodePairing[] =>
    pairs.flatMap((pair) => {
      const row = rowByAddress.get(pair.bank.address);
      return row
        ? [
            {
              bank: row,
              tag: pair.tag,
              assetWeightInit: toNumber(pair.weights.assetWeightInit),
              assetWeightMaint: toNumber(pair.weights.assetWeightMaint),
              ownWeightInit: toNumber(pair.ownWeightInit),
            },
          ]
        : [];
    });
  const pairs = emodePairs(priced, market.banks.values());
  const whenBorrowing = toPairings(pairs.whenBorrowing);
  const whenLending = toPairings(pairs.whenLending);
  return { whenBorrowing: whenBorrowing.sort(byWeight), whenLending: whenLending.sort(byWeight) };
}

export interface CurveDatum {
  /** Percent, 0–100. */
  readonly utilization: number;
  /** APR fractions. */
  readonly lendingRate: number;
  readonly borrowingRate: number;
}

/**
 * The SDK's 101-point APR curve of the bank under its group's program fees (of its reserve, for a Kamino bank), as
 * chart numbers.
 */
export function curveData(market: Market, priced: PricedBank): CurveDatum[] {
  const curve =
    priced.kamino === null
      ? utilizationCurve(priced.bank.config.interestRateConfig, programFeesOf(market.group))
      : kaminoUtilizationCurve(priced.kamino);
  return curve.map((point) => ({
    utilization: Math.round(toNumber(point.utilization) * 100),
    lendingRate: toNumber(point.lendingRate),
    borrowingRate: toNumber(point.borrowingRate),
  }));
}

/** `?action=` of the markets page's links (the row actions' names) → the action box's tab. */
const URL_ACTIONS: Readonly<Record<string, ActionType>> = {
  supply: "deposit",
  deposit: "deposit",
  withdraw: "withdraw",
  borrow: "borrow",
  repay: "repay",
};

/** The action a bank link asks for (`?action=supply|borrow|withdraw|repay`), or null. */
export function actionFromSearch(search: string): ActionType | null {
  const value = new URLSearchParams(search).get("action")?.toLowerCase();
  return value === undefined ? null : (URL_ACTIONS[value] ?? null);
}

/** A farm reward as the APY panel lists it: the reward token's symbol from the app's token list, its APR as a fraction. */
export function farmRewardView(reward: FarmRewardApr, tokens: readonly TokenInfo[]): FarmRewardView {
  const symbol = tokens.find((t) => t.mint === reward.mint)?.symbol ?? `${reward.mint.slice(0, 4)}…`;
  return { symbol, apr: reward.apr === null ? null : toNumber(reward.apr) };
}
