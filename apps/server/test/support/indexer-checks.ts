// What the indexer's tests check against the ledger: the activity rows in chain order, and indexed_balances equal to
// the margin accounts' shares on chain.
import { PublicKey } from "@solana/web3.js";
import { expect } from "vitest";
import { PROGRAM, type TestBank, type TestMarket, type TestUser } from "../../../../packages/protocol/test/support/market.js";
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

/** The row an action must leave: its user's account and wallet, the bank and its mint, the native amount. */
export function activityRow(signature: string, type: string, user: TestUser, bank: TestBank | null, amount: bigint | null): ActivityRow {
  return {
    signature,
    type,
    account: user.account.toBase58(),
    authority: user.wallet.publicKey.toBase58(),
    bank: bank?.key.toBase58() ?? null,
    mint: bank?.mint.toBase58() ?? null,
    amount: amount === null ? null : amount.toString(),
  };
}

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

/** The transaction that created a margin account: the oldest one naming it. */
export async function creationOf(market: TestMarket, user: TestUser): Promise<string> {
  const signatures = await market.connection.getSignaturesForAddress(user.account, {}, "confirmed");
  return signatures[signatures.length - 1]!.signature;
}

/** Every signature that mentions the lending program, newest first. */
export async function programSignatures(market: TestMarket) {
  return market.connection.getSignaturesForAddress(PROGRAM, { limit: 1000 }, "confirmed");
}
