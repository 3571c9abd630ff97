// The points programme's accrual (apps/server/POINTS.md): on each run, the time since the last accrual is credited
// from the indexed balances valued on the markets' snapshots. Runs of this process are queued one after another; runs
// of several processes on one database are kept apart by the clock's claim (points/store.ts).
import type { RouteContext } from "../app.js";
import { accrue } from "../points/accrual.js";
import { walletHoldings } from "../points/holdings.js";
import { lastAccrual, pointsRecords, referrers, saveAccrual } from "../points/store.js";
import type { ScheduledJob } from "./scheduler.js";

/** What a run did, for the scheduler's log and the tests. */
export type PointsRun =
  | { readonly status: "started"; readonly at: number; readonly wallets: number }
  | { readonly status: "accrued"; readonly at: number; readonly elapsedSeconds: number; readonly wallets: number; readonly points: number }
  | { readonly status: "unchanged"; readonly at: number; readonly lastAccrual: number }
  | { readonly status: "taken"; readonly at: number };

export function pointsJob(context: RouteContext): ScheduledJob & { run(): Promise<PointsRun> } {
  const { db, log } = context;

  async function runOnce(): Promise<PointsRun> {
    const at = Math.floor(context.now());
    const from = await lastAccrual(db);
    // The same moment again adds nothing; a clock that went back waits until it passes the last accrual.
    if (from !== null && at <= from) return { status: "unchanged", at, lastAccrual: from };
    const [banks, balances, previous, referredBy] = await Promise.all([
      context.markets.banks(),
      db.selectFrom("indexed_balances").select(["account", "bank", "authority", "asset_shares", "liability_shares"]).execute(),
      pointsRecords(db),
      referrers(db),
    ]);
    const holdings = walletHoldings(balances, banks);
    if (holdings.uncounted.length > 0)
      log.warn(
        { job: "points", uncounted: holdings.uncounted.slice(0, 20), count: holdings.uncounted.length },
        "balances not counted for points",
      );
    const elapsedSeconds = from === null ? 0 : at - from;
    const accrual = accrue(previous, holdings.wallets, referredBy, BigInt(elapsedSeconds));
    if (!(await saveAccrual(db, from, at, accrual.changed))) return { status: "taken", at };
    if (from === null) return { status: "started", at, wallets: accrual.changed.length };
    return { status: "accrued", at, elapsedSeconds, wallets: accrual.changed.length, points: accrual.added };
  }

  let queue: Promise<unknown> = Promise.resolve();
  return {
    name: "points",
    intervalMs: context.config.pointsIntervalMs,
    run() {
      const run = queue.then(runOnce);
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
