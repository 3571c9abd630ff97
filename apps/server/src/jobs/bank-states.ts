// The latest state of every bank, stored for `/api/banks/db`: a job writes each bank's BankDto (JSON) at a short
// interval, and readers share one encoded JSON array per database, re-read at most once a second, so the route costs
// no query, no serialization and no encoding per request. Several servers on one database all serve what the last run stored.
import type { RouteContext } from "../app.js";
import { compareAddresses } from "../chain/market.js";
import { ttlCache, type TtlCache } from "../chain/cache.js";
import type { ServerContext } from "../context.js";
import type { Db } from "../db/database.js";
import type { ScheduledJob } from "./scheduler.js";

/** How long readers keep the stored list before reading the table again. */
export const BANK_STATES_TTL_MS = 1_000;

const stored = new WeakMap<Db, TtlCache<Buffer>>();

async function readBankStates(db: Db): Promise<Buffer> {
  const rows = await db.selectFrom("bank_states").select(["bank", "dto"]).execute();
  rows.sort((a, b) => compareAddresses(a.bank, b.bank));
  return Buffer.from(`[${rows.map((row) => row.dto).join(",")}]`);
}

/** The stored BankDto list as UTF-8 JSON ("[]" before the first run), shared by everyone using the database. */
export function storedBankStates(context: Pick<ServerContext, "db">): TtlCache<Buffer> {
  let cache = stored.get(context.db);
  if (!cache) {
    const db = context.db;
    cache = ttlCache(BANK_STATES_TTL_MS, () => readBankStates(db));
    stored.set(db, cache);
  }
  return cache;
}

/** Replaces the stored states with every market's banks as the ledger shows them now; banks gone from it are dropped. */
export function bankStatesJob(context: RouteContext): ScheduledJob {
  return {
    name: "bank-states",
    intervalMs: context.config.bankStateIntervalMs,
    async run() {
      const dtos = await context.markets.bankDtos();
      const updatedAt = context.now();
      const rows = dtos.map((dto) => ({ bank: dto.bank_address, dto: JSON.stringify(dto), updated_at: updatedAt }));
      await context.db.transaction().execute(async (trx) => {
        const banks = rows.map((row) => row.bank);
        const gone = trx.deleteFrom("bank_states");
        await (banks.length > 0 ? gone.where("bank", "not in", banks) : gone).execute();
        if (rows.length === 0) return;
        await trx
          .insertInto("bank_states")
          .values(rows)
          .onConflict((oc) =>
            oc.column("bank").doUpdateSet((eb) => ({ dto: eb.ref("excluded.dto"), updated_at: eb.ref("excluded.updated_at") })),
          )
          .execute();
      });
      storedBankStates(context).invalidate();
      return { banks: rows.length };
    },
  };
}
