// The programme's rules for one accrual (see apps/server/POINTS.md): over the interval since the last accrual, each
// wallet earns points on the smaller of what it held at the interval's start and at its end, per side; referrers
// earn their share of what their referees earned. Pure: the job supplies the records, holdings and time.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { BORROWING_POINTS_PER_USD_DAY, LENDING_POINTS_PER_USD_DAY, referralPoints, toNumber, usdDayPoints } from "@ballast/sdk";
import { NO_HOLDINGS, type Holdings } from "./holdings.js";

export interface WalletPoints {
  readonly wallet: string;
  readonly lending: number;
  readonly borrowing: number;
  readonly referral: number;
  /** lending + borrowing + referral. */
  readonly total: number;
  /** What the wallet held at the last accrual, the start of the next interval. */
  readonly holdings: Holdings;
}

export function noPoints(wallet: string): WalletPoints {
  return { wallet, lending: 0, borrowing: 0, referral: 0, total: 0, holdings: NO_HOLDINGS };
}

function withPoints(record: WalletPoints, lending: number, borrowing: number, referral: number, holdings: Holdings): WalletPoints {
  return { wallet: record.wallet, lending, borrowing, referral, total: lending + borrowing + referral, holdings };
}

function smaller(a: I80F48, b: I80F48): I80F48 {
  return fx.cmp(a, b) <= 0 ? a : b;
}

export interface Accrual {
  /** The records that changed, points or holdings. */
  readonly changed: WalletPoints[];
  /** Points this accrual added, all wallets and components together. */
  readonly added: number;
}

/**
 * One accrual of `elapsedSeconds`: `previous` are the stored records (holdings as of the interval's start), `current`
 * what each wallet holds now, `referrers` maps a referee to its referrer. Points only grow: every increment is a
 * product of non-negative values.
 */
export function accrue(
  previous: ReadonlyMap<string, WalletPoints>,
  current: ReadonlyMap<string, Holdings>,
  referrers: ReadonlyMap<string, string>,
  elapsedSeconds: bigint,
): Accrual {
  const changed = new Map<string, WalletPoints>();
  const referred = new Map<string, I80F48>();
  let added = 0;
  const wallets = new Set(current.keys());
  for (const [wallet, record] of previous) {
    if (record.holdings.lent !== fx.ZERO || record.holdings.borrowed !== fx.ZERO) wallets.add(wallet);
  }

  for (const wallet of wallets) {
    const record = previous.get(wallet) ?? noPoints(wallet);
    const start = record.holdings;
    const end = current.get(wallet) ?? NO_HOLDINGS;
    const lending = usdDayPoints(smaller(start.lent, end.lent), LENDING_POINTS_PER_USD_DAY, elapsedSeconds);
    const borrowing = usdDayPoints(smaller(start.borrowed, end.borrowed), BORROWING_POINTS_PER_USD_DAY, elapsedSeconds);
    const earned = fx.add(lending, borrowing);
    if (earned === fx.ZERO && start.lent === end.lent && start.borrowed === end.borrowed) continue;
    changed.set(
      wallet,
      withPoints(record, record.lending + toNumber(lending), record.borrowing + toNumber(borrowing), record.referral, end),
    );
    added += toNumber(lending) + toNumber(borrowing);
    const referrer = referrers.get(wallet);
    if (referrer !== undefined && referrer !== wallet && earned !== fx.ZERO) {
      referred.set(referrer, fx.add(referred.get(referrer) ?? fx.ZERO, earned));
    }
  }

  for (const [referrer, refereePoints] of referred) {
    const record = changed.get(referrer) ?? previous.get(referrer) ?? noPoints(referrer);
    const referral = toNumber(referralPoints(refereePoints));
    changed.set(referrer, withPoints(record, record.lending, record.borrowing, record.referral + referral, record.holdings));
    added += referral;
  }
  return { changed: [...changed.values()], added };
}
