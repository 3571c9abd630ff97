// Chain reads behind the oracle, price and third-party-market routes: which Pyth push-oracle shard a feed account
// is, Switchboard values as decimals, Kamino account state as JSON, and the ledger's median slot duration.
import { PublicKey, type PerfSample } from "@solana/web3.js";
import { PYTH_PUSH_ORACLE_PROGRAM_ID, PULL_FEED_PRECISION } from "@ballast/oracles";
import {
  activeKaminoBorrows,
  activeKaminoDeposits,
  fractionToDecimal,
  type JsonObject,
  type JsonValue,
  type KaminoObligation,
  type KaminoReserve,
  type SlotDurationReply,
} from "@ballast/sdk";
import { sortedMedian } from "../lists.js";

/** Push-oracle shards the public app knows: 0 holds Pyth's sponsored feeds, 3301 marginfi's own. */
const PYTH_SHARDS = [0, 3301] as const;
const pushOracleProgram = new PublicKey(PYTH_PUSH_ORACLE_PROGRAM_ID);

/**
 * The shard of a Pyth push-oracle feed: its address is the PDA [shard u16 LE, feed id] of the push-oracle program.
 * Null for any other address, such as the feeds our ledger's price pusher writes (PDAs ["price_feed", authority,
 * feed id] of the receiver).
 */
export function pythShardId(address: string, feedId: Uint8Array): number | null {
  for (const shard of PYTH_SHARDS) {
    const seed = Buffer.alloc(2);
    seed.writeUInt16LE(shard);
    const [pda] = PublicKey.findProgramAddressSync([seed, feedId], pushOracleProgram);
    if (pda.toBase58() === address) return shard;
  }
  return null;
}

/** A pull-feed i128 with 18 decimals as its exact decimal string. */
export function pullFeedDecimal(raw: bigint): string {
  const negative = raw < 0n;
  const magnitude = negative ? -raw : raw;
  const digits = magnitude.toString().padStart(PULL_FEED_PRECISION + 1, "0");
  const integer = digits.slice(0, -PULL_FEED_PRECISION);
  const fraction = digits.slice(-PULL_FEED_PRECISION).replace(/0+$/, "");
  return `${negative ? "-" : ""}${integer}${fraction ? `.${fraction}` : ""}`;
}

/**
 * Decoded Kamino state as JSON: scaled fractions (fields ending Sf/Bsf) become exact decimal strings under the name
 * without the suffix (borrowedAmountSf → borrowedAmount), other 64-bit and wider integers decimal strings.
 */
function kaminoJson(value: unknown): JsonValue {
  if (typeof value === "bigint") return value.toString();
  if (Array.isArray(value)) return value.map(kaminoJson);
  if (value !== null && typeof value === "object") return kaminoObjectJson(value);
  return value as JsonValue;
}

function kaminoObjectJson(value: object): JsonObject {
  const out: { [key: string]: JsonValue } = {};
  for (const [key, field] of Object.entries(value)) {
    const fraction = /^(.+?)(?:Bsf|Sf)$/.exec(key)?.[1];
    if (fraction !== undefined && typeof field === "bigint") out[fraction] = fractionToDecimal(field);
    else out[key] = kaminoJson(field);
  }
  return out;
}

export function kaminoReserveJson(reserve: KaminoReserve): JsonObject {
  return kaminoObjectJson(reserve);
}

/** The obligation with only its occupied deposit and borrow slots and its live orders (condition type ≠ 0). */
export function kaminoObligationJson(obligation: KaminoObligation): JsonObject {
  return kaminoObjectJson({
    ...obligation,
    deposits: activeKaminoDeposits(obligation),
    borrows: activeKaminoBorrows(obligation),
    orders: obligation.orders.filter((order) => order.conditionType !== 0),
  });
}

/** What the app assumes when the ledger has no samples (spec 000 §9: default slot time 500 ms). */
export const DEFAULT_SLOT_DURATION_MS = 500;

/** Median of samplePeriodSecs × 1000 / numSlots over the samples that saw a slot (mean of the middle two when even). */
export function medianSlotDuration(samples: readonly PerfSample[]): SlotDurationReply {
  const durations = samples
    .filter((s) => s.numSlots > 0)
    .map((s) => (s.samplePeriodSecs * 1000) / s.numSlots)
    .sort((a, b) => a - b);
  if (durations.length === 0) return { medianSlotDurationMs: DEFAULT_SLOT_DURATION_MS, sampleCount: 0, fallback: true };
  const median = sortedMedian(durations, (lower, upper) => (lower + upper) / 2);
  return { medianSlotDurationMs: median, sampleCount: durations.length, fallback: false };
}
