// The order a wallet's accounts were opened in, as the indexer saw them: by the first activity recorded for each
// (its creation, or the transfer that made it), so "Account 1" stays the first account opened when another is added.
import type { Db } from "../db/database.js";

interface FirstSeen {
  readonly slot: number;
  readonly txIndex: number;
}

/** `accounts` oldest first; those the indexer has not recorded yet (just opened) last, in the given order. */
export async function inOpeningOrder(db: Db, accounts: readonly string[]): Promise<string[]> {
  if (accounts.length === 0) return [];
  const rows = await db
    .selectFrom("activity")
    .select(["account", "slot", "tx_index"])
    .where("account", "in", accounts)
    .orderBy("slot")
    .orderBy("tx_index")
    .execute();
  const first = new Map<string, FirstSeen>();
  for (const row of rows) if (!first.has(row.account)) first.set(row.account, { slot: Number(row.slot), txIndex: Number(row.tx_index) });
  const unseen = accounts.filter((account) => !first.has(account));
  const seen = [...first.keys()].sort((a, b) => {
    const x = first.get(a)!;
    const y = first.get(b)!;
    return x.slot - y.slot || x.txIndex - y.txIndex;
  });
  return [...seen, ...unseen];
}
