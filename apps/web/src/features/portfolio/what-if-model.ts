// The what-if card's figures: the account today and after the price changes the user set per asset, both from the
// SDK's price-shock report over the market's priced banks. Changes are kept in basis points (hundredths of a percent),
// so the multiplier the SDK takes is 10,000 + the change, in integers.
import { UNSHOCKED_BPS, priceShockReport, toNumber, type BalanceLike, type PriceShockReport, type PricedBank } from "@ballast/sdk";
import type { I80F48 } from "@ballast/protocol";

/** An asset of the account whose price can be moved. */
export interface WhatIfAsset {
  readonly bank: string;
  readonly symbol: string;
  readonly isLending: boolean;
}

/** What the card needs of the account: the market's priced banks, the account's balances and its (non-dust) assets. */
export interface WhatIfAccount {
  readonly banks: ReadonlyMap<string, PricedBank>;
  readonly balances: readonly BalanceLike[];
  readonly assets: readonly WhatIfAsset[];
}

/** The price changes offered, in percent: from a total loss to a doubling. */
export const MIN_CHANGE_PERCENT = -100;
export const MAX_CHANGE_PERCENT = 100;
const BPS_PER_PERCENT = 100n;

/** Bank → price change in basis points (−10,000 to 10,000); banks not named are unchanged. */
export type PriceChanges = ReadonlyMap<string, bigint>;

export type ParsedChange = { readonly ok: true; readonly bps: bigint } | { readonly ok: false; readonly error: string };

export const CHANGE_ERROR = `Enter a change from ${MIN_CHANGE_PERCENT} % to ${MAX_CHANGE_PERCENT} %, with at most two decimals`;

const CHANGE_PATTERN = /^([+-]?)(\d{1,3})(?:\.(\d{1,2}))?$/;

/** A typed percentage ("-20", "12.5") as basis points, or why it is refused. */
export function parsePriceChange(text: string): ParsedChange {
  const match = CHANGE_PATTERN.exec(text.trim());
  if (!match) return { ok: false, error: CHANGE_ERROR };
  const [, sign, whole, fraction = ""] = match;
  const magnitude = BigInt(whole!) * BPS_PER_PERCENT + BigInt(fraction.padEnd(2, "0"));
  const bps = sign === "-" ? -magnitude : magnitude;
  if (bps < BigInt(MIN_CHANGE_PERCENT) * BPS_PER_PERCENT || bps > BigInt(MAX_CHANGE_PERCENT) * BPS_PER_PERCENT) {
    return { ok: false, error: CHANGE_ERROR };
  }
  return { ok: true, bps };
}

/** A change in basis points as the percentage the inputs show: -5000n is "-50", 1250n is "12.5". */
export function changeText(bps: bigint): string {
  const sign = bps < 0n ? "-" : "";
  const magnitude = bps < 0n ? -bps : bps;
  const fraction = (magnitude % BPS_PER_PERCENT).toString().padStart(2, "0").replace(/0+$/, "");
  return `${sign}${magnitude / BPS_PER_PERCENT}${fraction ? `.${fraction}` : ""}`;
}

export interface WhatIfAssetFigures {
  /** Unbiased real-time price; null without one. */
  readonly price: number | null;
  readonly liquidationPrice: number | null;
}

export interface WhatIfFigures {
  /** Maintenance health factor (fraction); null when a price it needs is unavailable. */
  readonly healthFactor: number | null;
  readonly freeCollateral: number | null;
  readonly liquidatable: boolean;
  /** Per asset, in the account's asset order. */
  readonly assets: readonly WhatIfAssetFigures[];
}

export interface WhatIfRow extends WhatIfAsset {
  readonly changeBps: bigint;
  readonly today: WhatIfAssetFigures;
  readonly after: WhatIfAssetFigures;
}

export interface WhatIfView {
  readonly rows: readonly WhatIfRow[];
  readonly today: WhatIfFigures;
  readonly after: WhatIfFigures;
  /** Some price is moved. */
  readonly shocked: boolean;
}

const number = (value: I80F48 | null) => (value === null ? null : toNumber(value));

function figures(report: PriceShockReport, assets: readonly WhatIfAsset[]): WhatIfFigures {
  return {
    healthFactor: number(report.healthFactor),
    freeCollateral: number(report.freeCollateral),
    liquidatable: report.liquidatable,
    assets: assets.map((asset) => {
      const position = report.positions.find((p) => p.bank === asset.bank);
      return { price: number(position?.price ?? null), liquidationPrice: number(position?.liquidationPrice ?? null) };
    }),
  };
}

/** Today's figures and those after `changes`, per asset and for the account. */
export function whatIfView(account: WhatIfAccount, changes: PriceChanges): WhatIfView {
  const multipliers = new Map([...changes].filter(([, bps]) => bps !== 0n).map(([bank, bps]) => [bank, UNSHOCKED_BPS + bps]));
  const today = figures(priceShockReport(account.balances, account.banks, new Map()), account.assets);
  const after = figures(priceShockReport(account.balances, account.banks, multipliers), account.assets);
  return {
    rows: account.assets.map((asset, i) => ({
      ...asset,
      changeBps: changes.get(asset.bank) ?? 0n,
      today: today.assets[i]!,
      after: after.assets[i]!,
    })),
    today,
    after,
    shocked: multipliers.size > 0,
  };
}
