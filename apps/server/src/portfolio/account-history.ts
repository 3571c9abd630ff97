// An account's value over a range, from the indexer's balance history and the historic bank points: at each point's
// read time (at most MAX_HISTORY_POINTS of them, spread over the range, from the account's first indexed change on),
// the balances as of then valued with that point's share values and prices, by the SDK; and the interest earned from
// the first point to the last, net of the deposits, withdrawals, borrows and repays the activity table holds. Given a
// bank, only the account's balance in that bank is counted.
import {
  NO_FLOWS,
  downsample,
  historicAccountValue,
  interestEarned,
  fromNumber,
  toNumber,
  type AccountHistoryPoint,
  type AccountHistoryRange,
  type AccountHistoryReply,
  type BankFlows,
  type HistoricBankValue,
  type HistoricShares,
} from "@ballast/sdk";
import { i80f48 as fx } from "@ballast/protocol";
import { sql } from "kysely";
import type { Db } from "../db/database.js";
import { HttpError } from "../errors.js";

const DAY = 86_400;

/** Each range's window in seconds; null: everything. */
export const ACCOUNT_HISTORY_RANGES: Readonly<Record<AccountHistoryRange, number | null>> = {
  "1d": DAY,
  "7d": 7 * DAY,
  "30d": 30 * DAY,
  all: null,
};

export const MAX_HISTORY_POINTS = 200;
/** Balance changes and flows read for one range at most; past it the range is refused (a shorter one answers). */
export const MAX_RANGE_CHANGES = 10_000;

export const TOO_MANY_CHANGES = "The account changed too often in this range to chart it; choose a shorter range";

const FLOW_TYPES = ["deposit", "withdraw", "borrow", "repay"] as const;
const FLOW_FIELD: Record<(typeof FLOW_TYPES)[number], keyof BankFlows> = {
  deposit: "deposited",
  withdraw: "withdrawn",
  borrow: "borrowed",
  repay: "repaid",
};

const shares = (row: { asset_shares: string; liability_shares: string }): HistoricShares => ({
  assetShares: fx.fromBits(BigInt(row.asset_shares)),
  liabilityShares: fx.fromBits(BigInt(row.liability_shares)),
});

export async function accountHistory(
  db: Db,
  account: string,
  range: AccountHistoryRange,
  now: number,
  onlyBank?: string,
): Promise<AccountHistoryReply> {
  const empty: AccountHistoryReply = { account, range, points: [], interestEarned: null };
  const window = ACCOUNT_HISTORY_RANGES[range];
  let firstQuery = db
    .selectFrom("balance_history")
    .select((eb) => eb.fn.min("block_time").as("first"))
    .where("account", "=", account);
  if (onlyBank !== undefined) firstQuery = firstQuery.where("bank", "=", onlyBank);
  const first = await firstQuery.executeTakeFirst();
  if (first?.first === null || first?.first === undefined) return empty;
  const from = Math.max(Number(first.first), window === null ? 0 : now - window);
  const banks =
    onlyBank === undefined
      ? (await db.selectFrom("balance_history").select("bank").distinct().where("account", "=", account).execute()).map((r) => r.bank)
      : [onlyBank];

  // The latest read of each of ≤ MAX_HISTORY_POINTS equal buckets of the range.
  const bucket = Math.max(1, Math.ceil((now - from + 1) / MAX_HISTORY_POINTS));
  const reads = await db
    .selectFrom("bank_history")
    .select((eb) => eb.fn.max("taken_at").as("time"))
    .where("bank", "in", banks)
    .where("taken_at", ">=", from)
    .where("taken_at", "<=", now)
    .groupBy(sql`taken_at / ${sql.lit(bucket)}`)
    .execute();
  const times = downsample(
    reads.map((r) => Number(r.time)).sort((a, b) => a - b),
    MAX_HISTORY_POINTS,
  );
  const start = times[0];
  const end = times.at(-1);
  if (start === undefined || end === undefined) return empty;

  const valueRows = await db
    .selectFrom("bank_history")
    .select(["bank", "taken_at", "asset_share_value", "liability_share_value", "mint_decimals", "usd_price"])
    .where("bank", "in", banks)
    .where("taken_at", "in", times)
    .execute();
  const valuesAt = new Map<number, Map<string, HistoricBankValue>>(times.map((t) => [t, new Map()]));
  for (const row of valueRows) {
    if (row.asset_share_value === null || row.liability_share_value === null || row.mint_decimals === null || row.usd_price === null)
      continue;
    valuesAt.get(Number(row.taken_at))?.set(row.bank, {
      assetShareValue: fx.fromBits(BigInt(row.asset_share_value)),
      liabilityShareValue: fx.fromBits(BigInt(row.liability_share_value)),
      decimals: Number(row.mint_decimals),
      usdPrice: fromNumber(row.usd_price),
    });
  }

  // The balances at the first point, then every change up to the last.
  const balances = new Map<string, HistoricShares>();
  for (const bank of banks) {
    const before = await db
      .selectFrom("balance_history")
      .select(["asset_shares", "liability_shares"])
      .where("account", "=", account)
      .where("bank", "=", bank)
      .where("block_time", "<=", start)
      .orderBy("block_time", "desc")
      .orderBy("slot", "desc")
      .limit(1)
      .executeTakeFirst();
    if (before) balances.set(bank, shares(before));
  }
  const changes = await db
    .selectFrom("balance_history")
    .select(["bank", "block_time", "asset_shares", "liability_shares"])
    .where("account", "=", account)
    .where("bank", "in", banks)
    .where("block_time", ">", start)
    .where("block_time", "<=", end)
    .orderBy("block_time")
    .orderBy("slot")
    .limit(MAX_RANGE_CHANGES + 1)
    .execute();
  if (changes.length > MAX_RANGE_CHANGES) throw new HttpError(422, TOO_MANY_CHANGES);

  const points: AccountHistoryPoint[] = [];
  const startBalances = new Map(balances);
  let next = 0;
  for (const time of times) {
    for (; next < changes.length && Number(changes[next]!.block_time) <= time; next++) {
      balances.set(changes[next]!.bank, shares(changes[next]!));
    }
    const value = historicAccountValue(balances, valuesAt.get(time)!);
    if (value !== null) {
      points.push({ time, value: toNumber(value.value), deposits: toNumber(value.deposits), debt: toNumber(value.debt) });
    }
  }

  let interest = null;
  if (times.length >= 2) {
    const flowRows = await db
      .selectFrom("activity")
      .select(["type", "bank", "amount"])
      .where("account", "=", account)
      .where("type", "in", FLOW_TYPES)
      .where("bank", "in", banks)
      .where("block_time", ">", start)
      .where("block_time", "<=", end)
      .limit(MAX_RANGE_CHANGES + 1)
      .execute();
    if (flowRows.length > MAX_RANGE_CHANGES) throw new HttpError(422, TOO_MANY_CHANGES);
    const flows = new Map<string, BankFlows>();
    for (const row of flowRows) {
      if (row.bank === null || row.amount === null) continue;
      const field = FLOW_FIELD[row.type as (typeof FLOW_TYPES)[number]];
      const sofar = flows.get(row.bank) ?? NO_FLOWS;
      flows.set(row.bank, { ...sofar, [field]: sofar[field] + BigInt(row.amount) });
    }
    const earned = interestEarned({ balances: startBalances, banks: valuesAt.get(start)! }, { balances, banks: valuesAt.get(end)! }, flows);
    interest = earned === null ? null : toNumber(earned);
  }
  return { account, range, points, interestEarned: interest };
}
