// Oracle prices, token prices, the slot duration and Kamino states (spec §7). Price reads degrade instead of failing
// (spec §8): a failed oracle or price call gives empty data with a console warning; a failed slot-duration call gives
// the 500 ms default.
import { Http } from "./http.js";

export interface PriceInfoLeg {
  readonly price: number;
  readonly confidence: number;
  readonly lowestPrice: number;
  readonly highestPrice: number;
}

/** One Pyth feed (spec §3 Price info). */
export interface PythOracleData {
  readonly priceRealtime: PriceInfoLeg;
  readonly priceWeighted: PriceInfoLeg;
  readonly timestamp: number;
  readonly pythShardId: number | null;
}

export interface SwbOracleEntry {
  readonly feedId: string;
  /** i128 with 18 decimals, as a decimal string. */
  readonly rawPrice: string;
  readonly stdev: string;
  readonly lastUpdateTimestamp: number;
}

export interface SwbFeedResult {
  readonly feedHash: string;
  readonly results: readonly number[];
  readonly value: string;
  readonly stdDev: string;
  readonly oracleKey: string;
  readonly lastUpdateTimestamp: number;
}

/** Spec §9: the default slot time when the median cannot be read. */
export const DEFAULT_SLOT_DURATION_MS = 500;
/** The app sends Kamino state calls in batches of this many banks (spec §7). */
export const KAMINO_BATCH_SIZE = 20;

export async function fetchPythOracleData(http: Http, keys: readonly string[]): Promise<Record<string, PythOracleData | null>> {
  const response = await http.get("/api/oracles/pythOracleData", { pythOracleKeys: keys.join(",") });
  if (!response.ok) throw new Error("Failed to fetch pyth oracle data");
  return (await response.json()) as Record<string, PythOracleData | null>;
}

export async function fetchSwbOracleMap(http: Http, keys: readonly string[]): Promise<Record<string, SwbOracleEntry | null>> {
  const response = await http.get("/api/oracles/swbOracleMap", { oracleKeys: keys.join(",") });
  if (!response.ok) throw new Error("Failed to fetch swb oracle key map");
  return ((await response.json()) as { data: Record<string, SwbOracleEntry | null> }).data;
}

export async function fetchSwbOracleData(http: Http, feedIds: readonly string[]): Promise<SwbFeedResult[]> {
  const response = await http.get("/api/oracles/swbOracleData", { feedIds: feedIds.join(",") });
  if (!response.ok) throw new Error("Failed to fetch swb oracle data");
  return ((await response.json()) as { results: SwbFeedResult[] }).results;
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
    const response = await http.get("/api/tokens/multi", { mintList: mints.join(",") });
    if (!response.ok) throw new Error(`Failed to fetch token prices: ${response.statusText}`);
    const reply = (await response.json()) as { success: boolean; data: Record<string, { value: number }> };
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
    const reply = (await response.json()) as { medianSlotDurationMs?: unknown };
    const ms = reply.medianSlotDurationMs;
    return typeof ms === "number" && Number.isFinite(ms) && ms > 0 ? ms : DEFAULT_SLOT_DURATION_MS;
  } catch (error) {
    console.warn(error instanceof Error ? error.message : error);
    return DEFAULT_SLOT_DURATION_MS;
  }
}

export interface KaminoBankKeys {
  readonly bank: string;
  readonly reserve: string;
  readonly obligation: string;
}

export interface KaminoState {
  readonly reserveState: Record<string, unknown> | null;
  readonly obligationState: Record<string, unknown> | null;
}

/** Reserve and obligation state per bank, asked for in batches of 20 banks. */
export async function fetchKaminoStates(http: Http, banks: readonly KaminoBankKeys[]): Promise<Record<string, KaminoState>> {
  const batches: KaminoBankKeys[][] = [];
  for (let i = 0; i < banks.length; i += KAMINO_BATCH_SIZE) batches.push(banks.slice(i, i + KAMINO_BATCH_SIZE));
  const replies = await Promise.all(
    batches.map(async (batch) => {
      const response = await http.get("/api/kamino/states", { keys: batch.map((b) => `${b.bank},${b.reserve},${b.obligation}`) });
      if (!response.ok) throw new Error(`Failed to fetch Kamino states: ${response.status}`);
      return (await response.json()) as Record<string, KaminoState>;
    }),
  );
  return Object.assign({}, ...replies) as Record<string, KaminoState>;
}
