// Banks of every configured market (live from the ledger or as last stored), their historic points, rates and
// emissions (spec 000 §3, §7). All numbers come from the SDK's math on each market's snapshot; rates are fractions
// (0.05 = 5%).
import { sql } from "kysely";
import { z } from "zod";
import {
  bankRates,
  emissionsApr,
  lstApyFromDto,
  marketEmissionsRates,
  midPrice,
  toNumber,
  type BankEmissionsDto,
  type BankRatesDto,
  type BanksReply,
  type EmissionsReply,
  type EmissionsToken,
  type HistoricBankPoint,
  type HistoricPeriod,
  type Market,
  type PricedBank,
  type RatesReply,
} from "@ballast/sdk";
import { DEFAULT_PUBKEY, BankFlags, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import type { RouteContext, RouteModule } from "../app.js";
import { compareAddresses } from "../chain/market.js";
import { notFound } from "../errors.js";
import { snapshotPeriodSeconds } from "../jobs/bank-history.js";
import { storedBankStates } from "../jobs/bank-states.js";
import { isAddress } from "../addresses.js";

const HOUR = 3_600;
const DAY = 24 * HOUR;

/**
 * Each period shows the points of its window (start_time ≥ now − window; every point for "all"), one per bucket:
 * the latest point of each bucket, buckets being aligned to the unix epoch (UTC). max-age follows spec §9. These are
 * the buckets of hourly snapshots; see historicBucket for shorter ones.
 */
export const HISTORIC_PERIODS = {
  "1d": { window: DAY, bucket: HOUR, maxAge: 900 },
  "7d": { window: 7 * DAY, bucket: 4 * HOUR, maxAge: 3_600 },
  "30d": { window: 30 * DAY, bucket: DAY, maxAge: 3_600 },
  all: { window: null, bucket: DAY, maxAge: 3_600 },
} as const satisfies Record<HistoricPeriod, { window: number | null; bucket: number; maxAge: number }>;

type Period = keyof typeof HISTORIC_PERIODS;

/** At most this many points per chart when the server snapshots more often than hourly (the local chain's sandbox). */
export const FINE_HISTORY_MAX_POINTS = 120;

/**
 * The period's bucket: its own (hourly for 1d …) when snapshots are hourly or rarer. A server snapshotting more often
 * fills its charts within minutes instead: the history it holds (`spanSeconds`, from its first point in the window
 * to now) is cut into at most FINE_HISTORY_MAX_POINTS buckets, none shorter than a snapshot nor longer than the
 * period's own bucket.
 */
export function historicBucket(period: Period, snapshotPeriod: number, spanSeconds: number): number {
  const { bucket } = HISTORIC_PERIODS[period];
  if (snapshotPeriod >= HOUR) return bucket;
  return Math.min(bucket, Math.max(snapshotPeriod, Math.ceil(spanSeconds / FINE_HISTORY_MAX_POINTS)));
}
const PERIOD_NAMES = Object.keys(HISTORIC_PERIODS) as [Period, ...Period[]];

/** The historic point's fields, in the spec's order. */
const POINT_FIELDS = [
  "start_time",
  "total_deposits",
  "total_borrows",
  "deposit_rate",
  "borrow_rate",
  "utilization",
  "usd_price",
  "optimal_utilization_rate",
  "plateau_interest_rate",
  "max_interest_rate",
  "insurance_fee_fixed_apr",
  "insurance_ir_fee",
  "protocol_fixed_fee_apr",
  "protocol_ir_fee",
  "protocol_origination_fee",
  "program_fee_rate",
  "kamino_supply_apy",
] as const;

const address = z.string().refine(isAddress, { error: "must be a base58 address of 32 bytes" });

function hasEmissions(priced: PricedBank): boolean {
  return priced.bank.emissionsMint !== DEFAULT_PUBKEY;
}

/**
 * What the bank's emissions are worth: the reward token (decimals and price of the first priced bank of the bank's
 * own market with that mint) and the bank token's price; null without emissions or without a price for either token.
 */
function emissionsPricing(market: Market, priced: PricedBank): { reward: EmissionsToken; bankTokenPrice: I80F48 } | null {
  const bankTokenPrice = midPrice(priced.price);
  if (!hasEmissions(priced) || bankTokenPrice === null) return null;
  for (const candidate of market.banks.values()) {
    const price = candidate.bank.mint === priced.bank.emissionsMint ? midPrice(candidate.price) : null;
    if (price !== null) return { reward: { decimals: candidate.decimals, price }, bankTokenPrice };
  }
  return null;
}

/** Every bank of every market with its market's snapshot, ordered by bank address. */
async function everyBank(ctx: RouteContext): Promise<{ market: Market; priced: PricedBank }[]> {
  const markets = await ctx.markets.markets();
  return markets
    .flatMap((market) => [...market.banks.values()].map((priced) => ({ market, priced })))
    .sort((a, b) => compareAddresses(a.priced.address, b.priced.address));
}

export const bankRoutes: RouteModule = (app, ctx) => {
  app.get(
    "/api/banks/rpc",
    {
      schema: {
        summary: "Every bank of every market, read from the ledger now (BankDto list, ordered by address; group_address names the market)",
        tags: ["banks"],
      },
    },
    async (): Promise<BanksReply> => ctx.markets.bankDtos(),
  );

  app.get(
    "/api/banks/db",
    {
      schema: {
        summary:
          "Every bank of every market as last stored by the bank-states job (BankDto list, ordered by address; [] before its first run)",
        tags: ["banks"],
      },
    },
    async (_request, reply) => reply.type("application/json").send(await storedBankStates(ctx).get()),
  );

  app.get(
    "/api/banks/db/:bank/historic/:period",
    {
      schema: {
        summary: "Historic points of a bank over 1d (hourly), 7d (4-hourly), 30d or all (daily): the latest point of each bucket",
        tags: ["banks"],
        params: z.object({
          bank: address,
          period: z.enum(PERIOD_NAMES, { error: `must be one of ${PERIOD_NAMES.join(", ")}` }),
        }),
      },
    },
    async (request, reply) => {
      const { bank, period } = request.params;
      const { window, maxAge } = HISTORIC_PERIODS[period];
      const from = window === null ? null : ctx.now() - window;
      const snapshotPeriod = snapshotPeriodSeconds(ctx.config.snapshotIntervalMs);
      let span = 0;
      if (snapshotPeriod < HOUR) {
        let first = ctx.db
          .selectFrom("bank_history")
          .select((eb) => eb.fn.min("start_time").as("first"))
          .where("bank", "=", bank);
        if (from !== null) first = first.where("start_time", ">=", from);
        const earliest = (await first.executeTakeFirst())?.first;
        if (earliest !== null && earliest !== undefined) span = ctx.now() - Number(earliest);
      }
      const bucket = historicBucket(period, snapshotPeriod, span);
      let latest = ctx.db
        .selectFrom("bank_history")
        .select((eb) => eb.fn.max("start_time").as("latest"))
        .where("bank", "=", bank)
        .groupBy(sql`start_time / ${sql.lit(bucket)}`);
      if (from !== null) latest = latest.where("start_time", ">=", from);
      const points: HistoricBankPoint[] = await ctx.db
        .selectFrom("bank_history")
        .select(POINT_FIELDS)
        .where("bank", "=", bank)
        .where("start_time", "in", latest)
        .orderBy("start_time")
        .execute();
      if (points.length === 0) {
        const known =
          (await ctx.db.selectFrom("bank_history").select("bank").where("bank", "=", bank).limit(1).executeTakeFirst()) !== undefined ||
          (await ctx.markets.banks()).has(bank);
        if (!known) throw notFound(`Bank ${bank} not found`);
      }
      return reply.header("cache-control", `public, max-age=${maxAge}`).send(points);
    },
  );

  app.get(
    "/api/rates",
    {
      schema: {
        summary:
          "Rates of every bank of every market, keyed by bank address: interest APYs, emissions APRs, staking yield and totals (fractions), campaigns, points boost",
        tags: ["rates"],
      },
    },
    async (): Promise<RatesReply> => {
      const reply: Record<string, BankRatesDto> = {};
      const [banks, dtos] = await Promise.all([everyBank(ctx), ctx.markets.bankDtos()]);
      const lstApys = new Map(dtos.map((dto) => [dto.bank_address, dto.lst_apy]));
      for (const { market, priced } of banks) {
        const rates = bankRates(priced, {
          emissions: marketEmissionsRates(market.banks.values(), priced),
          lstApy: lstApyFromDto(lstApys.get(priced.address)),
        });
        reply[priced.address] = {
          bankAddress: priced.address,
          mint: priced.bank.mint,
          totalLendingRate: toNumber(rates.totalLendingRate),
          totalBorrowingRate: toNumber(rates.totalBorrowingRate),
          lendingRate: toNumber(rates.lendingRate),
          borrowingRate: toNumber(rates.borrowingRate),
          lstRate: toNumber(rates.lstRate),
          emissionsLendingRate: toNumber(rates.emissionsLendingRate),
          emissionsBorrowRate: toNumber(rates.emissionsBorrowRate),
          // Ballast runs no off-chain reward campaigns and no per-bank points multipliers: rewards are on-chain emissions.
          campaigns: [],
          pointsBoost: null,
        };
      }
      return reply;
    },
  );

  app.get(
    "/api/emissions",
    {
      schema: {
        summary:
          "Emissions of every bank of every market that has them, keyed by bank address: reward mint, rate, remaining, active sides, APR",
        tags: ["rates"],
      },
    },
    async (): Promise<EmissionsReply> => {
      const reply: Record<string, BankEmissionsDto> = {};
      for (const { market, priced } of await everyBank(ctx)) {
        if (!hasEmissions(priced)) continue;
        const { bank } = priced;
        const pricing = emissionsPricing(market, priced);
        reply[priced.address] = {
          bankAddress: priced.address,
          bankMint: bank.mint,
          emissionsMint: bank.emissionsMint,
          // Reward native units per UI bank token per year, and reward native units left to emit.
          emissionsRate: bank.emissionsRate.toString(),
          emissionsRemaining: fx.toDecimal(bank.emissionsRemaining),
          lending: (bank.flags & BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE) !== 0n,
          borrowing: (bank.flags & BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE) !== 0n,
          apr: pricing === null ? null : toNumber(emissionsApr(bank.emissionsRate, pricing.reward, pricing.bankTokenPrice)),
        };
      }
      return reply;
    },
  );
};
