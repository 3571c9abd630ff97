// Follows the lending program over standard RPC: the signatures that mention it since the stored cursor (paged
// backwards with `before` down to `until` = the cursor), then each transaction oldest first. Each batch's activity
// rows, the fresh balances of the margin accounts it touched, and the cursor advance commit in one database
// transaction, so a crash anywhere leaves either all of a batch or none of it; inserts ignore rows already stored,
// so re-reading a batch never duplicates. The cursor only moves from where this run left it: of two indexers on one
// database (a leader's hand-over between API instances), the one behind rolls back its batch and stops, so stale
// balances never overwrite newer ones. Only the accounts of the configured markets' groups are recorded. A
// bankruptcy's record also holds how far it lowered the bank's share value, when the bank read after the batch is
// still as the settlement left it (indexer/bad-debt.ts). Each balance that changed since the previous batch also
// gets a balance_history row, in the same transaction, at the account's latest transaction of the batch
// (indexer/balance-changes.ts).
import { PublicKey, type AccountInfo, type ConfirmedSignatureInfo } from "@solana/web3.js";
import { MarginfiAccountLayout, decodeMarginfiAccount, type MarginfiAccount } from "@ballast/protocol";
import type { ServerContext } from "../context.js";
import type { Db } from "../db/database.js";
import type { ActivityTable, IndexedBalancesTable } from "../db/schema/activity.js";
import { balanceChanges, latestTouches } from "./balance-changes.js";
import type { ScheduledJob } from "../jobs/scheduler.js";
import { shareValueChange, unchangedSince } from "./bad-debt.js";
import { parseTransaction, type ActivityItem } from "./events.js";

export interface IndexerOptions {
  /** Signatures per getSignaturesForAddress call; nodes answer at most 1000. */
  readonly pageSize?: number;
  /** Transactions fetched and committed together. */
  readonly batchSize?: number;
}

/** What one run did, for the logs. */
export interface IndexerSummary {
  /** New signatures processed, failed transactions included. */
  readonly signatures: number;
  /** Activity rows recorded. */
  readonly events: number;
}

const MAX_PAGE_SIZE = 1000;
const DEFAULT_BATCH_SIZE = 100;
/** getMultipleAccounts takes at most 100 keys. */
const ACCOUNTS_PER_READ = 100;
/** Rows per INSERT, well under SQLite's bound-parameter limit. */
const ROWS_PER_INSERT = 100;

interface Pending {
  readonly signature: string;
  readonly slot: number;
  readonly failed: boolean;
  readonly blockTime: number | null;
  /** Position among the program's transactions of its slot. */
  readonly txIndex: number;
}

interface Cursor {
  readonly signature: string;
  readonly slot: number;
  readonly txIndex: number;
}

/** The authority of a margin account and whether its group is a served market, wherever they were learned. */
interface AccountFacts {
  readonly authority: string;
  readonly served: boolean;
}

/** Another indexer moved the cursor since this run read it. */
class CursorMoved extends Error {}

function chunks<T>(list: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** Numbers each signature within its slot, continuing from the cursor when the first new one shares its slot. */
function pendingFrom(infos: readonly ConfirmedSignatureInfo[], cursor: Cursor | null): Pending[] {
  let slot = cursor?.slot ?? -1;
  let index = cursor?.txIndex ?? 0;
  return infos.map((info) => {
    index = info.slot === slot ? index + 1 : 0;
    slot = info.slot;
    return { signature: info.signature, slot: info.slot, failed: info.err !== null, blockTime: info.blockTime ?? null, txIndex: index };
  });
}

function isMarginAccount(info: AccountInfo<Buffer>, programId: PublicKey): boolean {
  return (
    info.owner.equals(programId) &&
    info.data.length >= MarginfiAccountLayout.space &&
    info.data.subarray(0, MarginfiAccountLayout.discriminator.length).equals(MarginfiAccountLayout.discriminator)
  );
}

function balanceRows(address: string, account: MarginfiAccount, slot: number): IndexedBalancesTable[] {
  return account.lendingAccount.balances
    .filter((balance) => balance.active !== 0)
    .map((balance) => ({
      account: address,
      bank: balance.bankPk,
      authority: account.authority,
      asset_shares: String(balance.assetShares),
      liability_shares: String(balance.liabilityShares),
      slot,
    }));
}

/** Authority of accounts the database has activity for (always of a served market: no other is recorded). */
async function storedFacts(db: Db, accounts: readonly string[]): Promise<Map<string, AccountFacts>> {
  const facts = new Map<string, AccountFacts>();
  for (const chunk of chunks(accounts, 500)) {
    const rows = await db.selectFrom("activity").select(["account", "authority"]).where("account", "in", chunk).execute();
    for (const row of rows) facts.set(row.account, { authority: row.authority, served: true });
  }
  return facts;
}

export function indexerJob(context: ServerContext, options: IndexerOptions = {}): ScheduledJob {
  const { connection, db, config, log, now } = context;
  const programId = new PublicKey(config.programId);
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const served = new Set(config.markets.map((m) => m.group));
  // The cursor belongs to the set of markets: one more market reads the history again (rows stored are kept once).
  const cursorName = `activity:${config.programId}:${config.markets.map((m) => m.group).join(",")}`;

  async function readCursor(): Promise<Cursor | null> {
    const row = await db.selectFrom("indexer_cursor").selectAll().where("name", "=", cursorName).executeTakeFirst();
    return row ? { signature: row.signature, slot: Number(row.slot), txIndex: Number(row.tx_index) } : null;
  }

  /** Every signature newer than the cursor, oldest first. With nothing new this is a single call. */
  async function newSignatures(cursor: Cursor | null): Promise<ConfirmedSignatureInfo[]> {
    const found: ConfirmedSignatureInfo[] = [];
    let before: string | undefined;
    for (;;) {
      const page = await connection.getSignaturesForAddress(programId, { before, until: cursor?.signature, limit: pageSize }, "confirmed");
      found.push(...page);
      const oldest = page.at(-1);
      if (page.length < pageSize || !oldest) return found.reverse();
      before = oldest.signature;
    }
  }

  /** The accounts' current state and the slot it was read at. */
  async function readAccounts(keys: readonly string[]): Promise<{ slot: number; infos: Map<string, AccountInfo<Buffer> | null> }> {
    const infos = new Map<string, AccountInfo<Buffer> | null>();
    let slot = 0;
    for (const chunk of chunks(keys, ACCOUNTS_PER_READ)) {
      const read = await connection.getMultipleAccountsInfoAndContext(
        chunk.map((k) => new PublicKey(k)),
        "confirmed",
      );
      slot = Math.max(slot, read.context.slot);
      chunk.forEach((k, i) => infos.set(k, read.value[i] ?? null));
    }
    return { slot, infos };
  }

  /**
   * Indexes a batch up to its first transaction the node cannot return yet (the rest waits for the next run).
   * Returns how many signatures it consumed and how many rows it recorded.
   */
  async function indexBatch(batch: readonly Pending[], after: Cursor | null): Promise<{ consumed: number; events: number }> {
    const landed = batch.filter((p) => !p.failed);
    const responses = landed.length
      ? await connection.getTransactions(
          landed.map((p) => p.signature),
          { commitment: "confirmed", maxSupportedTransactionVersion: 0 },
        )
      : [];
    const transactions = new Map(landed.map((p, i) => [p.signature, responses[i]] as const));
    const missing = batch.findIndex((p) => !p.failed && !transactions.get(p.signature));
    const kept = missing < 0 ? batch : batch.slice(0, missing);
    const last = kept.at(-1);
    if (!last) return { consumed: 0, events: 0 };

    const parsed = kept.flatMap((p) => {
      const tx = p.failed ? null : transactions.get(p.signature);
      return tx ? [{ pending: p, blockTime: tx.blockTime ?? p.blockTime, ...parseTransaction(tx, programId) }] : [];
    });
    const touched = [...new Set(parsed.flatMap((t) => t.writable))];
    const state = await readAccounts(touched);
    const margin = new Map<string, MarginfiAccount>();
    for (const [address, info] of state.infos) {
      if (info && isMarginAccount(info, programId)) margin.set(address, decodeMarginfiAccount(info.data));
    }

    // Events that do not name the account's authority or group learn them from the same transaction's other
    // events, else from the ledger, else from earlier activity.
    const ledgerFacts = new Map(
      [...margin].map(([address, a]) => [address, { authority: a.authority, served: served.has(a.group) }] as const),
    );
    const factsIn = (items: readonly ActivityItem[]) => {
      const facts = new Map<string, AccountFacts>();
      for (const item of items) {
        if (item.authority && item.group) facts.set(item.account, { authority: item.authority, served: served.has(item.group) });
      }
      return facts;
    };
    const unknown = parsed.flatMap((t) => {
      const own = factsIn(t.items);
      return t.items.filter((i) => (!i.authority || !i.group) && !own.has(i.account) && !ledgerFacts.has(i.account)).map((i) => i.account);
    });
    const stored = unknown.length ? await storedFacts(db, [...new Set(unknown)]) : new Map<string, AccountFacts>();

    // A bankruptcy's share-value change is known when the bank read above is as the settlement left it; else null.
    const settlementLoss = async (item: ActivityItem, signature: string): Promise<number | null> => {
      const bank = item.bank === null ? null : (state.infos.get(item.bank) ?? null);
      if (!item.lastUseOfBank || item.bank === null || bank === null) return null;
      if (!(await unchangedSince(connection, item.bank, signature))) return null;
      return shareValueChange(bank.data, Number(item.details.socializedAmount));
    };
    const withLoss = await Promise.all(
      parsed.map(async (t) => ({
        ...t,
        items: await Promise.all(
          t.items.map(async (item) =>
            item.type === "bankruptcy"
              ? { ...item, details: { ...item.details, shareValueChange: await settlementLoss(item, t.pending.signature) } }
              : item,
          ),
        ),
      })),
    );

    const rows: ActivityTable[] = [];
    for (const t of withLoss) {
      const own = factsIn(t.items);
      t.items.forEach((item, eventIndex) => {
        const facts = own.get(item.account) ?? ledgerFacts.get(item.account) ?? stored.get(item.account);
        const authority = item.authority ?? facts?.authority;
        const isServed = item.group ? served.has(item.group) : facts?.served;
        if (!authority || isServed === undefined) {
          log.warn({ signature: t.pending.signature, type: item.type, account: item.account }, "activity of an unknown account skipped");
          return;
        }
        if (!isServed) return;
        rows.push({
          signature: t.pending.signature,
          event_index: eventIndex,
          slot: t.pending.slot,
          tx_index: t.pending.txIndex,
          block_time: t.blockTime,
          type: item.type,
          account: item.account,
          authority,
          bank: item.bank,
          mint: item.mint,
          amount: item.amount === null ? null : item.amount.toString(),
          related_account: item.related.account,
          related_authority: item.related.authority,
          related_bank: item.related.bank,
          related_mint: item.related.mint,
          details: JSON.stringify(item.details),
        });
      });
    }

    const ours = [...margin].filter(([, account]) => served.has(account.group));
    const closed = [...state.infos].filter(([, info]) => info === null).map(([address]) => address);
    const balances = ours.flatMap(([address, account]) => balanceRows(address, account, state.slot));
    const touches = latestTouches(
      parsed.map((t) => ({ slot: t.pending.slot, blockTime: t.blockTime ?? Math.floor(now()), writable: t.writable })),
    );
    await db.transaction().execute(async (trx) => {
      // First, so a second indexer waits here for this batch's commit and then finds the cursor moved.
      const cursor = { signature: last.signature, slot: last.slot, tx_index: last.txIndex };
      const claimed =
        after === null
          ? await trx
              .insertInto("indexer_cursor")
              .values({ name: cursorName, ...cursor })
              .onConflict((oc) => oc.column("name").doNothing())
              .executeTakeFirst()
              .then((r) => r.numInsertedOrUpdatedRows ?? 0n)
          : await trx
              .updateTable("indexer_cursor")
              .set(cursor)
              .where("name", "=", cursorName)
              .where("signature", "=", after.signature)
              .executeTakeFirst()
              .then((r) => r.numUpdatedRows);
      if (claimed !== 1n) throw new CursorMoved();
      for (const chunk of chunks(rows, ROWS_PER_INSERT)) {
        await trx
          .insertInto("activity")
          .values(chunk)
          .onConflict((oc) => oc.columns(["signature", "event_index"]).doNothing())
          .execute();
      }
      const refreshed = [...ours.map(([address]) => address), ...closed];
      // The balances replaced are the ones the history compares against.
      const previous: IndexedBalancesTable[] = [];
      for (const chunk of chunks(refreshed, 500)) {
        previous.push(...(await trx.deleteFrom("indexed_balances").where("account", "in", chunk).returningAll().execute()));
      }
      for (const chunk of chunks(balanceChanges(previous, balances, refreshed, touches), ROWS_PER_INSERT)) {
        await trx
          .insertInto("balance_history")
          .values(chunk)
          .onConflict((oc) => oc.columns(["account", "bank", "slot"]).doNothing())
          .execute();
      }
      for (const chunk of chunks(balances, ROWS_PER_INSERT)) await trx.insertInto("indexed_balances").values(chunk).execute();
    });
    return { consumed: kept.length, events: rows.length };
  }

  async function run(): Promise<IndexerSummary> {
    let cursor = await readCursor();
    const pending = pendingFrom(await newSignatures(cursor), cursor);
    let signatures = 0;
    let events = 0;
    for (const batch of chunks(pending, batchSize)) {
      let done: { consumed: number; events: number };
      try {
        done = await indexBatch(batch, cursor);
      } catch (error) {
        if (!(error instanceof CursorMoved)) throw error;
        log.warn({ job: "indexer" }, "another indexer moved the cursor: this run stops");
        break;
      }
      signatures += done.consumed;
      events += done.events;
      const last = batch[done.consumed - 1];
      if (last) cursor = { signature: last.signature, slot: last.slot, txIndex: last.txIndex };
      if (done.consumed < batch.length) break;
    }
    return { signatures, events };
  }

  // Runs never overlap: a run asked for while one is in flight starts when it ends, so it sees everything.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    name: "indexer",
    intervalMs: config.indexerIntervalMs,
    run() {
      const next = queue.then(run);
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
