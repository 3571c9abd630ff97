// Oracle prices, token prices, the slot duration and Kamino states (spec §7). Price reads degrade instead of failing
// (spec §8): a failed oracle or price call gives empty data with a console warning; a failed slot-duration call gives
// the 500 ms default.
import type {
  KaminoBankKeys,
  KaminoState,
  KaminoStatesQuery,
  KaminoStatesReply,
  PythOracleData,
  PythOracleDataQuery,
  PythOracleDataReply,
  SlotDurationReply,
  SwbFeedResult,
  SwbOracleDataQuery,
  SwbOracleDataReply,
  SwbOracleEntry,
  SwbOracleMapQuery,
  SwbOracleMapReply,
  TokenPricesQuery,
  TokenPricesReply,
} from "@ballast/sdk";
import { Http } from "./http.js";

export type { KaminoBankKeys, KaminoState, PriceInfoLeg, PythOracleData, SwbFeedResult, SwbOracleEntry } from "@ballast/sdk";

/** Spec §9: the default slot time when the median cannot be read. */
export const DEFAULT_SLOT_DURATION_MS = 500;
/** The app sends Kamino state calls in batches of this many banks (spec §7). */
const KAMINO_BATCH_SIZE = 20;

export async function fetchPythOracleData(http: Http, keys: readonly string[]): Promise<Record<string, PythOracleData | null>> {
  const response = await http.get("/api/oracles/pythOracleData", { pythOracleKeys: keys.join(",") } satisfies PythOracleDataQuery);
  if (!response.ok) throw new Error("Failed to fetch pyth oracle data");
  return (await response.json()) as PythOracleDataReply;
}

export async function fetchSwbOracleMap(http: Http, keys: readonly string[]): Promise<Record<string, SwbOracleEntry | null>> {
  const response = await http.get("/api/oracles/swbOracleMap", { oracleKeys: keys.join(",") } satisfies SwbOracleMapQuery);
  if (!response.ok) throw new Error("Failed to fetch swb oracle key map");
  return ((await response.json()) as SwbOracleMapReply).data;
}

export async function fetchSwbOracleData(http: Http, feedIds: readonly string[]): Promise<SwbFeedResult[]> {
  const response = await http.get("/api/oracles/swbOracleData", { feedIds: feedIds.join(",") } satisfies SwbOracleDataQuery);
  if (!response.ok) throw new Error("Failed to fetch swb oracle data");
  return ((await response.json()) as SwbOracleDataReply).results;
}

export interface OracleData {
  readonly pyth: Record<string, PythOracleData | null>;
  readonly switchboard: Record<string, SwbOracleEntry | null>;
}

/** Both providers' feeds; a provider whose call fails contributes nothing, with a console warning. */
export async function fetchOracleData(http: Http, pythKeys: readonly string[], switchboardKeys: readonly string[]): Promise<OracleData> {
  const warnEmpty = <T>(error: unknown): Record<string, T> => {
    console.warn(error instanceof Error ? error.message : error);
    return {};
  };
  const [pyth, switchboard] = await Promise.all([
    pythKeys.length ? fetchPythOracleData(http, pythKeys).catch(warnEmpty<PythOracleData | null>) : {},
    switchboardKeys.length ? fetchSwbOracleMap(http, switchboardKeys).catch(warnEmpty<SwbOracleEntry | null>) : {},
  ]);
  return { pyth, switchboard };
}

/** USD prices by mint from the product's own token price list; empty, with a console warning, when it fails. */
export async function fetchTokenPrices(http: Http, mints: readonly string[]): Promise<Record<string, number>> {
  if (mints.length === 0) return {};
  try {
    const response = await http.get("/api/tokens/multi", { mintList: mints.join(",") } satisfies TokenPricesQuery);
    if (!response.ok) throw new Error(`Failed to fetch token prices: ${response.statusText}`);
    const reply = (await response.json()) as TokenPricesReply;
    return Object.fromEntries(Object.entries(reply.data).map(([mint, { value }]) => [mint, value]));
  } catch (error) {
    console.warn(error instanceof Error ? error.message : error);
    return {};
  }
}

/** The ledger's median slot duration in ms; 500 when it cannot be read. */
export async function fetchSlotDuration(http: Http): Promise<number> {
  try {
    const response = await http.get("/api/solana/slot-duration");
    if (!response.ok) throw new Error(`Failed to fetch slot duration: ${response.statusText}`);
    // Read defensively: anything but a positive finite duration means the default.
    const reply = (await response.json()) as Partial<SlotDurationReply>;
    const ms = reply.medianSlotDurationMs;
    return typeof ms === "number" && Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_SLOT_DURATION_MS;
  } catch (error) {
    console.warn(error instanceof Error ? error.message : error);
    return DEFAULT_SLOT_DURATION_MS;
  }
}

/** Reserve and obligation state per bank, asked for in batches of 20 banks. */
export async function fetchKaminoStates(http: Http, banks: readonly KaminoBankKeys[]): Promise<Record<string, KaminoState>> {
  const batches: KaminoBankKeys[][] = [];
  for (let i = 0; i < banks.length; i += KAMINO_BATCH_SIZE) batches.push(banks.slice(i, i + KAMINO_BATCH_SIZE));
  const replies = await Promise.all(
    batches.map(async (batch) => {
      const response = await http.get("/api/kamino/states", {
        keys: batch.map((b) => `${b.bank},${b.reserve},${b.obligation}`),
      } satisfies KaminoStatesQuery);
      if (!response.ok) throw new Error(`Failed to fetch Kamino states: ${response.status}`);
      return (await response.json()) as KaminoStatesReply;
    }),
  );
  return Object.assign({}, ...replies) as Record<string, KaminoState>;
}
