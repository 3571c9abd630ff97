// What each wallet holds in the lending markets, in US dollars: its indexed balances valued with the SDK on the markets'
// snapshots (share values, then the unbiased real-time price, as positions are shown to users), summed per side.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { accountRisk, positionUsdValue, type BalanceLike, type PricedBank } from "@ballast/sdk";
import type { Selectable } from "kysely";
import type { IndexedBalancesTable } from "../db/schema/activity.js";

export interface Holdings {
  readonly lent: I80F48;
  readonly borrowed: I80F48;
}

export const NO_HOLDINGS: Holdings = { lent: fx.ZERO, borrowed: fx.ZERO };

/** A balance that counted for nothing, and why (logged by the job). */
export interface UncountedBalance {
  readonly account: string;
  readonly bank: string;
  readonly reason: string;
}

export interface WalletHoldings {
  readonly wallets: Map<string, Holdings>;
  readonly uncounted: UncountedBalance[];
}

export type IndexedBalance = Pick<Selectable<IndexedBalancesTable>, "account" | "bank" | "authority" | "asset_shares" | "liability_shares">;

const RAW_BITS = /^\d{1,39}$/;

/** I80F48 shares from their raw bits in decimal, or null when the text is not such a value (shares are never negative). */
function parseShares(text: string): I80F48 | null {
  if (!RAW_BITS.test(text)) return null;
  const bits = BigInt(text);
  return bits <= fx.MAX ? fx.fromBits(bits) : null;
}

interface IndexedAccount {
  readonly authority: string;
  readonly account: string;
  readonly balances: BalanceLike[];
}

/** One account's positions valued and summed per side; the banks of positions without a price count 0. */
function accountHoldings(balances: readonly BalanceLike[], banks: ReadonlyMap<string, PricedBank>): Holdings & { unpriced: string[] } {
  let lent = fx.ZERO;
  let borrowed = fx.ZERO;
  const unpriced: string[] = [];
  for (const position of accountRisk(balances, banks).positions) {
    const usd = positionUsdValue(position);
    if (usd === null) unpriced.push(position.bank.address);
    else if (position.side === "assets") lent = fx.add(lent, usd);
    else borrowed = fx.add(borrowed, usd);
  }
  return { lent, borrowed, unpriced };
}

/**
 * Values every balance of a bank of the markets. A balance of an unknown bank, with unreadable shares or without a
 * price counts 0 and is reported; so is every balance of an account the SDK refuses to value.
 */
export function walletHoldings(rows: readonly IndexedBalance[], banks: ReadonlyMap<string, PricedBank>): WalletHoldings {
  const uncounted: UncountedBalance[] = [];
  const accounts = new Map<string, IndexedAccount>();
  for (const row of rows) {
    if (!banks.has(row.bank)) {
      uncounted.push({ account: row.account, bank: row.bank, reason: "bank not in the markets" });
      continue;
    }
    const assetShares = parseShares(row.asset_shares);
    const liabilityShares = parseShares(row.liability_shares);
    if (assetShares === null || liabilityShares === null) {
      uncounted.push({ account: row.account, bank: row.bank, reason: "unreadable shares" });
      continue;
    }
    // Keyed by authority too: an account whose authority changed meanwhile counts for each wallet as indexed.
    const key = `${row.authority}/${row.account}`;
    let account = accounts.get(key);
    if (!account) {
      account = { authority: row.authority, account: row.account, balances: [] };
      accounts.set(key, account);
    }
    account.balances.push({ active: true, bankPk: row.bank, assetShares, liabilityShares });
  }

  const wallets = new Map<string, Holdings>();
  for (const { authority, account, balances } of accounts.values()) {
    let valued;
    try {
      valued = accountHoldings(balances, banks);
    } catch (error) {
      // The whole account then counts nothing rather than a part of it.
      const reason = error instanceof Error ? error.message : String(error);
      for (const balance of balances) uncounted.push({ account, bank: balance.bankPk, reason });
      continue;
    }
    for (const bank of valued.unpriced) uncounted.push({ account, bank, reason: "no price" });
    const held = wallets.get(authority) ?? NO_HOLDINGS;
    wallets.set(authority, { lent: fx.add(held.lent, valued.lent), borrowed: fx.add(held.borrowed, valued.borrowed) });
  }
  return { wallets, uncounted };
}
