// Staking yield of liquid staking tokens (the bank DTO's lst_apy, spec 000 §3). A liquid staking token is worth a
// growing amount of SOL: its exchange rate. The snapshot job records each LST bank's rate (its price over SOL's, read
// from one snapshot of its market, where a staked bank's price already is SOL's times its pool's rate), and the yield
// is that rate's growth over the recorded history, annualised: (latest / earliest)^(year / elapsed) − 1.
import { midPrice, NATIVE_SOL_MINT, toNumber, type Market, type PricedBank } from "@ballast/sdk";
import { AssetTag, i80f48 as fx } from "@ballast/protocol";
import type { Db } from "../db/database.js";

/** The history the yield is measured over: the last week, as staking rewards arrive per epoch (about 2 days). */
export const LST_APY_LOOKBACK_SECONDS = 7 * 86_400;
/** Less history than this gives no yield yet: a second of clock skew over ten minutes is 0.2% of the yield. */
export const LST_APY_MIN_SPAN_SECONDS = 600;
/** Seconds per year of the client math (spec 000 §9). */
const SECONDS_PER_YEAR = 31_536_000;

/** A SOL-denominated token other than SOL itself: the e-mode SOL tag's LSTs and the staked-collateral banks. */
export function isLiquidStakingBank(priced: PricedBank): boolean {
  const tag = priced.bank.config.assetTag;
  return (tag === AssetTag.Sol || tag === AssetTag.Staked) && priced.bank.mint !== NATIVE_SOL_MINT;
}

/** The SOL price of a snapshot: its wrapped-SOL bank's mid price, or null without one that has a price. */
function solPrice(market: Market) {
  for (const priced of market.banks.values()) {
    if (priced.bank.mint !== NATIVE_SOL_MINT) continue;
    const price = midPrice(priced.price);
    if (price !== null && price !== fx.ZERO) return price;
  }
  return null;
}

export interface LstRate {
  readonly bank: string;
  /** SOL per token. */
  readonly rate: number;
}

/**
 * Every LST bank's exchange rate in these snapshots. The rate comes from its own market's snapshot (one read of the
 * chain), falling back to the SOL price of the first market that has one; banks without a price are left out.
 */
export function lstExchangeRates(markets: readonly Market[]): LstRate[] {
  const fallback = markets.map(solPrice).find((price) => price !== null) ?? null;
  const rates: LstRate[] = [];
  for (const market of markets) {
    const sol = solPrice(market) ?? fallback;
    if (sol === null) continue;
    for (const priced of market.banks.values()) {
      const price = isLiquidStakingBank(priced) ? midPrice(priced.price) : null;
      if (price !== null) rates.push({ bank: priced.address, rate: toNumber(fx.div(price, sol)) });
    }
  }
  return rates;
}

/** Stores the rates at `time` (unix seconds) and forgets rates older than the lookback. */
export async function recordLstRates(db: Db, rates: readonly LstRate[], time: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (rates.length > 0) {
      await trx
        .insertInto("lst_rates")
        .values(rates.map(({ bank, rate }) => ({ bank, time, rate })))
        .onConflict((oc) => oc.columns(["bank", "time"]).doUpdateSet((eb) => ({ rate: eb.ref("excluded.rate") })))
        .execute();
    }
    await trx
      .deleteFrom("lst_rates")
      .where("time", "<", time - LST_APY_LOOKBACK_SECONDS)
      .execute();
  });
}

/** APY of a rate that went from `from` to `to` over `seconds`; null when it says nothing (no time, no positive rate). */
export function annualisedGrowth(from: number, to: number, seconds: number): number | null {
  if (!(seconds > 0) || !(from > 0) || !(to > 0)) return null;
  const apy = Math.expm1((Math.log(to / from) * SECONDS_PER_YEAR) / seconds);
  return Number.isFinite(apy) ? apy : null;
}

/**
 * Each LST bank's staking yield at `now`: the growth from its earliest to its latest rate within the lookback,
 * annualised, for banks with at least LST_APY_MIN_SPAN_SECONDS of history.
 */
export async function lstApys(db: Db, now: number): Promise<Map<string, number>> {
  const since = now - LST_APY_LOOKBACK_SECONDS;
  const spans = await db
    .selectFrom("lst_rates")
    .select((eb) => ["bank", eb.fn.min("time").as("first"), eb.fn.max("time").as("last")])
    .where("time", ">=", since)
    .groupBy("bank")
    .execute();
  const ends = spans
    .map((s) => ({ bank: s.bank, first: Number(s.first), last: Number(s.last) }))
    .filter((s) => s.last - s.first >= LST_APY_MIN_SPAN_SECONDS);
  const apys = new Map<string, number>();
  if (ends.length === 0) return apys;
  const rows = await db
    .selectFrom("lst_rates")
    .select(["bank", "time", "rate"])
    .where((eb) =>
      eb.or(
        ends.flatMap((e) => [
          eb.and([eb("bank", "=", e.bank), eb("time", "=", e.first)]),
          eb.and([eb("bank", "=", e.bank), eb("time", "=", e.last)]),
        ]),
      ),
    )
    .execute();
  const rateAt = new Map(rows.map((row) => [`${row.bank}/${Number(row.time)}`, Number(row.rate)]));
  for (const e of ends) {
    const apy = annualisedGrowth(rateAt.get(`${e.bank}/${e.first}`)!, rateAt.get(`${e.bank}/${e.last}`)!, e.last - e.first);
    if (apy !== null) apys.set(e.bank, apy);
  }
  return apys;
}
