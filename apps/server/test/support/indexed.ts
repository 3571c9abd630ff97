// What the indexer stored, read back for tests, and the check that indexed_balances mirror the margin accounts on the
// ledger.
import { PublicKey } from "@solana/web3.js";
import { expect } from "vitest";
import type { TestMarket } from "../../../../packages/protocol/test/support/market.js";
import type { RunningServer } from "../../src/server.js";

export interface ActivityRow {
  signature: string;
  type: string;
  account: string;
  authority: string;
  bank: string | null;
  mint: string | null;
  amount: string | null;
}

/** Every activity row, in chain order. */
export async function activityRows(server: RunningServer): Promise<ActivityRow[]> {
  const rows = await server.context.db
    .selectFrom("activity")
    .select(["signature", "type", "account", "authority", "bank", "mint", "amount"])
    .orderBy("slot")
    .orderBy("tx_index")
    .orderBy("event_index")
    .execute();
  return rows.map((r) => ({ ...r }));
}

export async function balanceRows(server: RunningServer) {
  return server.context.db
    .selectFrom("indexed_balances")
    .select(["account", "bank", "authority", "asset_shares", "liability_shares", "slot"])
    .orderBy("account")
    .orderBy("bank")
    .execute();
}

/**
 * indexed_balances holds exactly the accounts' active balances as on the ledger now, each row stamped with the slot
 * it was read at: no earlier than the account's last transaction, no later than the chain's current slot.
 */
export async function expectBalancesMatchChain(
  market: TestMarket,
  server: RunningServer,
  accounts: { account: string; authority: string }[],
): Promise<void> {
  const current = await market.connection.getSlot("confirmed");
  const expectedRows = [];
  for (const { account, authority } of accounts) {
    const decoded = await market.marginfiAccount(new PublicKey(account));
    expect(decoded.authority).toBe(authority);
    for (const b of decoded.lendingAccount.balances.filter((b) => b.active !== 0)) {
      expectedRows.push({
        account,
        bank: b.bankPk,
        authority,
        asset_shares: String(b.assetShares),
        liability_shares: String(b.liabilityShares),
      });
    }
  }
  expectedRows.sort((a, b) => (a.account === b.account ? (a.bank < b.bank ? -1 : 1) : a.account < b.account ? -1 : 1));
  const rows = await balanceRows(server);
  expect(rows.map(({ slot: _, ...row }) => row)).toEqual(expectedRows);
  for (const row of rows) {
    const [latest] = await market.connection.getSignaturesForAddress(new PublicKey(row.account), { limit: 1 }, "confirmed");
    expect(Number(row.slot)).toBeGreaterThanOrEqual(latest!.slot);
    expect(Number(row.slot)).toBeLessThanOrEqual(current);
  }
}
