// Which balances an indexed batch changed: each margin account's shares per bank after the batch against the ones
// stored before it. A change is dated by the account's latest transaction in the batch; a balance gone from the
// account (closed, or the account closed) is a change to zero shares.
import type { BalanceHistoryTable, IndexedBalancesTable } from "../db/schema/activity.js";

export interface Touch {
  readonly slot: number;
  /** Unix seconds. */
  readonly blockTime: number;
}

/** Each written account's latest transaction among `transactions` (given oldest first). */
export function latestTouches(
  transactions: readonly { readonly slot: number; readonly blockTime: number; readonly writable: readonly string[] }[],
): Map<string, Touch> {
  const touches = new Map<string, Touch>();
  for (const t of transactions) {
    for (const account of t.writable) touches.set(account, { slot: t.slot, blockTime: t.blockTime });
  }
  return touches;
}

type Shares = Pick<IndexedBalancesTable, "account" | "bank" | "asset_shares" | "liability_shares">;

const key = (row: Shares) => `${row.account}:${row.bank}`;

/**
 * The history rows of `accounts` (every account whose stored balances the batch replaces): a row per balance whose
 * shares differ from `before`, or that `before` had and `after` lacks (zero shares). Accounts the batch did not
 * write have no touch and no row.
 */
export function balanceChanges(
  before: readonly Shares[],
  after: readonly Shares[],
  accounts: readonly string[],
  touches: ReadonlyMap<string, Touch>,
): BalanceHistoryTable[] {
  const replaced = new Set(accounts);
  const previous = new Map(before.filter((row) => replaced.has(row.account)).map((row) => [key(row), row] as const));
  const rows: BalanceHistoryTable[] = [];
  const push = (row: Shares, assetShares: string, liabilityShares: string) => {
    const touch = touches.get(row.account);
    if (touch === undefined) return;
    rows.push({
      account: row.account,
      bank: row.bank,
      slot: touch.slot,
      block_time: touch.blockTime,
      asset_shares: assetShares,
      liability_shares: liabilityShares,
    });
  };
  for (const row of after) {
    const old = previous.get(key(row));
    previous.delete(key(row));
    if (old && old.asset_shares === row.asset_shares && old.liability_shares === row.liability_shares) continue;
    push(row, row.asset_shares, row.liability_shares);
  }
  for (const gone of previous.values()) push(gone, "0", "0");
  return rows;
}
