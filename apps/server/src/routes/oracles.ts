// Oracle prices, the token price list, the ledger's slot duration and third-party-market (Kamino) state (spec 000
// §3 Price info, §7, §9). Everything is read from the ledger: Pyth PriceUpdateV2 and Switchboard pull-feed accounts,
// every market's banks through the market snapshots, and klend Reserve and Obligation accounts. Prices are computed by
// the SDK with the program's own feed code (confidence multiples and the 5% cap). Lists of keys are comma separated
// (a repeated parameter is joined); entries are trimmed, empty entries dropped and duplicates ignored.
import type { AccountInfo } from "@solana/web3.js";
import { z } from "zod";
import { DEFAULT_PUBKEY, OracleSetup, encodeBank } from "@ballast/protocol";
import {
  PYTH_RECEIVER_PROGRAM_ID,
  SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
  decodePriceUpdateV2,
  decodePullFeed,
  isPullFeed,
} from "@ballast/oracles";
import {
  KLEND_PROGRAM_ID,
  decodeKaminoObligation,
  decodeKaminoReserve,
  fetchAccountInfos,
  loadBankPrice,
  midPrice,
  priceInfo,
  toNumber,
  type KaminoStatesReply,
  type PricedBank,
  type PythOracleData,
  type PythOracleDataReply,
  type SlotDurationReply,
  type SwbOracleDataReply,
  type SwbOracleMapReply,
  type TokenPricesReply,
} from "@ballast/sdk";
import type { RouteContext, RouteModule } from "../app.js";
import { ttlCache } from "../chain/cache.js";
import { kaminoObligationJson, kaminoReserveJson, medianSlotDuration, pullFeedDecimal, pythShardId } from "../chain/oracles.js";
import { upstreamError } from "../errors.js";
import { isAddress } from "../addresses.js";

/** Most keys one oracle or price call may ask for. */
export const MAX_KEYS_PER_CALL = 100;
/** Most bank triples one Kamino state call may ask for (the app sends batches of 20 banks). */
export const MAX_KAMINO_BANKS_PER_CALL = 20;
/** How long one slot-duration reading answers. */
export const SLOT_DURATION_CACHE_MS = 60_000;
/** Performance samples the median is taken over (the ledger takes one a minute: the last hour). */
const SLOT_DURATION_SAMPLES = 60;

/** A query parameter given once or repeated, as its values; `missing` is the message when it is absent. */
const queryValues = (missing: string) =>
  z
    .union([z.string(), z.array(z.string())], { error: (issue) => (issue.input === undefined ? missing : "must be text") })
    .transform((value) => (Array.isArray(value) ? value : [value]));

/** A non-empty list of at most `MAX_KEYS_PER_CALL` comma-separated entries, each passing `valid`, once each. */
function keyList(what: string, valid: (entry: string) => boolean, normalize: (entry: string) => string = (entry) => entry) {
  const required = `at least one ${what} is required`;
  return queryValues(required)
    .transform((values) =>
      values
        .flatMap((v) => v.split(","))
        .map((v) => v.trim())
        .filter((v) => v !== ""),
    )
    .superRefine((list, issues) => {
      if (list.length === 0) issues.addIssue({ code: "custom", message: required });
      else if (list.length > MAX_KEYS_PER_CALL)
        issues.addIssue({ code: "custom", message: `at most ${MAX_KEYS_PER_CALL} entries, got ${list.length}` });
      const bad = list.find((entry) => !valid(entry));
      if (bad !== undefined) issues.addIssue({ code: "custom", message: `${JSON.stringify(bad)} is not a ${what}` });
    })
    .transform((list) => [...new Set(list.map(normalize))]);
}

const addressList = keyList("base58 address", isAddress);
const FEED_HASH = /^(0x)?[0-9a-fA-F]{64}$/;
const feedHashList = keyList(
  "32-byte hex feed hash",
  (entry) => FEED_HASH.test(entry),
  (entry) => entry.replace(/^0x/, "").toLowerCase(),
);

/** Repeated `keys=bank,reserve,obligation` triples. */
const kaminoTriples = queryValues('at least one "bank,reserve,obligation" triple is required')
  .superRefine((triples, issues) => {
    if (triples.length > MAX_KAMINO_BANKS_PER_CALL) {
      issues.addIssue({ code: "custom", message: `at most ${MAX_KAMINO_BANKS_PER_CALL} banks per call, got ${triples.length}` });
    }
    triples.forEach((triple, i) => {
      const parts = triple.split(",").map((part) => part.trim());
      if (parts.length !== 3 || !parts.every(isAddress)) {
        issues.addIssue({
          code: "custom",
          path: [i],
          message: `${JSON.stringify(triple)} is not three base58 addresses "bank,reserve,obligation"`,
        });
      }
    });
  })
  .transform((triples) =>
    triples.map((triple) => {
      // The refinement above admitted only three addresses.
      const [bank = "", reserve = "", obligation = ""] = triple.split(",").map((part) => part.trim());
      return { bank, reserve, obligation };
    }),
  );

async function readAccounts(ctx: RouteContext, keys: readonly string[]): Promise<[key: string, info: AccountInfo<Buffer> | null][]> {
  try {
    const infos = await fetchAccountInfos(ctx.connection, keys);
    // The ledger answers one entry per key, null for a missing account.
    return keys.map((key, i) => [key, infos[i] ?? null]);
  } catch (error) {
    throw upstreamError(`Failed to read accounts from the ledger: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The first bank (by address) priced by this Pyth feed alone: its confidence gate applies to the feed's display price. */
function pythBankOf(banks: Iterable<PricedBank>, oracle: string): PricedBank | null {
  for (const priced of banks) {
    const config = priced.bank.config;
    if (config.oracleSetup === OracleSetup.PythPushOracle && config.oracleKeys[0] === oracle) return priced;
  }
  return null;
}

/** A Pyth feed's display prices, timestamp and shard; null when it cannot be priced (see the route description). */
function pythOracleData(oracle: string, info: AccountInfo<Buffer> | null, bank: PricedBank | null): PythOracleData | null {
  if (info === null || bank === null || info.owner.toBase58() !== PYTH_RECEIVER_PROGRAM_ID) return null;
  try {
    const { priceMessage } = decodePriceUpdateV2(info.data);
    // Judged at its own publish time, a feed is never stale here: the client weighs `timestamp` itself.
    const price = loadBankPrice(encodeBank(bank.bank), [info], priceMessage.publishTime);
    return {
      ...priceInfo(price),
      timestamp: Number(priceMessage.publishTime),
      pythShardId: pythShardId(oracle, priceMessage.feedId),
    };
  } catch {
    // Undecodable bytes, a failed confidence gate or a price the program would panic on: nothing to show.
    return null;
  }
}

/** A Switchboard pull feed's reading; null when the account is not one. */
function pullFeedOf(info: AccountInfo<Buffer> | null) {
  if (info === null || info.owner.toBase58() !== SWITCHBOARD_ON_DEMAND_PROGRAM_ID || !isPullFeed(info.data)) return null;
  try {
    const feed = decodePullFeed(info.data);
    return {
      feedHash: Buffer.from(feed.feedHash).toString("hex"),
      value: feed.result.value,
      stdDev: feed.result.stdDev,
      lastUpdateTimestamp: feed.lastUpdateTimestamp,
    };
  } catch {
    return null;
  }
}

/** A klend account's state, or null when it is missing, not owned by klend or not of that kind. */
function kaminoState<T>(info: AccountInfo<Buffer> | null, decode: (data: Buffer) => T): T | null {
  if (info === null || info.owner.toBase58() !== KLEND_PROGRAM_ID) return null;
  try {
    return decode(info.data);
  } catch {
    return null;
  }
}

export const oracleRoutes: RouteModule = (app, ctx) => {
  app.get(
    "/api/oracles/pythOracleData",
    {
      schema: {
        summary: "Pyth push-oracle prices",
        description:
          `For each key of \`pythOracleKeys\` (comma separated, at most ${MAX_KEYS_PER_CALL}): priceRealtime (spot price and ` +
          "confidence) and priceWeighted (EMA price and confidence), each {price, confidence, lowestPrice, highestPrice} in " +
          "USD, computed with the program's rules (conf × 2.12, capped at 5% of the price) and the max-confidence gate of the " +
          "markets' Pyth bank reading the feed; timestamp (publish time, unix seconds, not judged for staleness); pythShardId " +
          "(the push-oracle shard of the address, null for feeds outside the push-oracle program such as this ledger's). " +
          "A key is null when the account is missing, is not a PriceUpdateV2 of the Pyth receiver, no Pyth bank of the " +
          "markets reads it, or its confidence fails the bank's gate.",
        tags: ["oracles"],
        querystring: z.object({ pythOracleKeys: addressList }),
      },
    },
    async (request): Promise<PythOracleDataReply> => {
      const keys = request.query.pythOracleKeys;
      const banks = [...(await ctx.markets.banks()).values()];
      const accounts = await readAccounts(ctx, keys);
      return Object.fromEntries(accounts.map(([key, info]) => [key, pythOracleData(key, info, pythBankOf(banks, key))]));
    },
  );

  app.get(
    "/api/oracles/swbOracleMap",
    {
      schema: {
        summary: "Switchboard pull-feed accounts",
        description:
          `For each key of \`oracleKeys\` (comma separated, at most ${MAX_KEYS_PER_CALL}), under \`data\`: feedId (the feed ` +
          "hash, hex), rawPrice and stdev (the on-chain result value and standard deviation: i128 integers with 18 " +
          "decimals, as decimal strings) and lastUpdateTimestamp (unix seconds); null when the account is missing or not " +
          "a Switchboard On-Demand pull feed.",
        tags: ["oracles"],
        querystring: z.object({ oracleKeys: addressList }),
      },
    },
    async (request): Promise<SwbOracleMapReply> => {
      const keys = request.query.oracleKeys;
      const accounts = await readAccounts(ctx, keys);
      const data = accounts.map(([key, info]) => {
        const feed = pullFeedOf(info);
        const entry = feed && {
          feedId: feed.feedHash,
          rawPrice: feed.value.toString(),
          stdev: feed.stdDev.toString(),
          lastUpdateTimestamp: Number(feed.lastUpdateTimestamp),
        };
        return [key, entry] as const;
      });
      return { data: Object.fromEntries(data) };
    },
  );

  app.get(
    "/api/oracles/swbOracleData",
    {
      schema: {
        summary: "Switchboard feed values by feed hash",
        description:
          `Current values of the feeds in \`feedIds\` (hex feed hashes, comma separated, at most ${MAX_KEYS_PER_CALL}), ` +
          "read from the pull-feed accounts among the markets' banks' oracles (the ledger has no crossbar). Each element of " +
          "`results`: {feedHash, results: [value as a number], value and stdDev (exact decimal strings), oracleKey (the " +
          "account read; the most recently updated when several carry the hash), lastUpdateTimestamp}. Feed ids with no " +
          "such account are left out.",
        tags: ["oracles"],
        querystring: z.object({ feedIds: feedHashList }),
      },
    },
    async (request): Promise<SwbOracleDataReply> => {
      const oracleKeys = new Set<string>();
      for (const priced of (await ctx.markets.banks()).values()) {
        for (const key of priced.bank.config.oracleKeys) if (key !== DEFAULT_PUBKEY) oracleKeys.add(key);
      }
      const keys = [...oracleKeys];
      const accounts = await readAccounts(ctx, keys);
      const byHash = new Map<string, { oracleKey: string; feed: NonNullable<ReturnType<typeof pullFeedOf>> }>();
      accounts.forEach(([oracleKey, info]) => {
        const feed = pullFeedOf(info);
        if (feed === null) return;
        const known = byHash.get(feed.feedHash);
        if (!known || feed.lastUpdateTimestamp > known.feed.lastUpdateTimestamp) byHash.set(feed.feedHash, { oracleKey, feed });
      });
      const results = request.query.feedIds.flatMap((feedHash) => {
        const found = byHash.get(feedHash);
        if (!found) return [];
        const value = pullFeedDecimal(found.feed.value);
        return [
          {
            feedHash,
            results: [Number(value)],
            value,
            stdDev: pullFeedDecimal(found.feed.stdDev),
            oracleKey: found.oracleKey,
            lastUpdateTimestamp: Number(found.feed.lastUpdateTimestamp),
          },
        ];
      });
      return { results };
    },
  );

  app.get(
    "/api/tokens/multi",
    {
      schema: {
        summary: "USD prices of bank mints",
        description:
          `For each mint of \`mintList\` (comma separated, at most ${MAX_KEYS_PER_CALL}) that a bank of the markets holds: ` +
          "data[mint].value, the bank's real-time oracle price in USD (the first bank by address with a usable price). " +
          "Other mints, and mints whose banks have no usable price (a stale or too uncertain oracle), are left out.",
        tags: ["oracles"],
        querystring: z.object({ mintList: addressList }),
      },
    },
    async (request): Promise<TokenPricesReply> => {
      const wanted = new Set(request.query.mintList);
      const data: Record<string, { value: number }> = {};
      for (const priced of (await ctx.markets.banks()).values()) {
        const mint = priced.bank.mint;
        const price = midPrice(priced.price);
        if (wanted.has(mint) && !Object.hasOwn(data, mint) && price !== null) data[mint] = { value: toNumber(price) };
      }
      return { success: true, data };
    },
  );

  const slotDuration = ttlCache(
    SLOT_DURATION_CACHE_MS,
    async () => {
      try {
        return medianSlotDuration(await ctx.connection.getRecentPerformanceSamples(SLOT_DURATION_SAMPLES));
      } catch (error) {
        throw upstreamError(
          `Failed to read performance samples from the ledger: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    () => ctx.now() * 1000,
  );

  app.get(
    "/api/solana/slot-duration",
    {
      schema: {
        summary: "Median slot duration",
        description:
          "medianSlotDurationMs: the median over the ledger's recent performance samples (last hour) of samplePeriodSecs " +
          "× 1000 / numSlots, skipping samples without slots; sampleCount: how many samples it used; fallback: true when " +
          `there were none and the value is the 500 ms default. Cached ${SLOT_DURATION_CACHE_MS / 1000} s.`,
        tags: ["oracles"],
      },
    },
    (): Promise<SlotDurationReply> => slotDuration.get(),
  );

  app.get(
    "/api/kamino/states",
    {
      schema: {
        summary: "Kamino reserve and obligation state",
        description:
          `\`keys\`: "bank,reserve,obligation", repeated once per bank (at most ${MAX_KAMINO_BANKS_PER_CALL}). Replies ` +
          "{[bank]: {reserveState, obligationState}} with the decoded klend Reserve and Obligation, null when the account " +
          "is missing, not owned by the klend program or not of that kind. The bank key only names the entry. Scaled " +
          "fractions (on-chain *_sf, *_bsf) appear without the suffix as exact decimal strings (borrowedAmount, " +
          "marketPrice, cumulativeBorrowRate, depositedValue...), 64-bit and wider integers as decimal strings; an " +
          "obligation lists only its occupied deposit and borrow slots and its live orders.",
        tags: ["kamino"],
        querystring: z.object({ keys: kaminoTriples }),
      },
    },
    async (request): Promise<KaminoStatesReply> => {
      const triples = request.query.keys;
      const infos = new Map(
        await readAccounts(
          ctx,
          triples.flatMap((t) => [t.reserve, t.obligation]),
        ),
      );
      return Object.fromEntries(
        triples.map((t) => {
          const reserve = kaminoState(infos.get(t.reserve) ?? null, decodeKaminoReserve);
          const obligation = kaminoState(infos.get(t.obligation) ?? null, decodeKaminoObligation);
          return [
            t.bank,
            {
              reserveState: reserve && kaminoReserveJson(reserve),
              obligationState: obligation && kaminoObligationJson(obligation),
            },
          ];
        }),
      );
    },
  );
};
