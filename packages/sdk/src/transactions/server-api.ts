// Client of the app server's transaction and priority-fee routes. Replies share one shape:
// { success, data, error, errorType, details }.
import type { VersionedTransaction } from "@solana/web3.js";
import { encodeTransaction } from "./encoding.js";
import { FALLBACK_PRIORITY_FEE_STATS, priorityFeeTiers, type TierValues } from "./priority-fee.js";
import { fallbackBundleTips } from "./tips.js";
import type { SimulationData } from "../wire/transactions.js";

export interface ServerReply<T> {
  success: boolean;
  data?: T;
  error?: string;
  /** "http" for a failed request, "sending" for a failed send. */
  errorType?: "http" | "sending" | string;
  details?: unknown;
}

export interface SimulateRouteConfig {
  skipSigVerify?: boolean;
  replaceRecentBlockhash?: boolean;
  simulationBank?: string;
}

export interface SendRouteConfig {
  skipSigVerify?: boolean;
  confirmCommitment?: "confirmed";
}

async function post<T>(url: string, body: unknown): Promise<ServerReply<T>> {
  let response: Response;
  try {
    response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  } catch (error) {
    return { success: false, error: error instanceof Error ? error.message : String(error), errorType: "http" };
  }
  const text = await response.text();
  let reply: ServerReply<T> | null = null;
  try {
    reply = JSON.parse(text) as ServerReply<T>;
  } catch {
    reply = null;
  }
  if (!response.ok) {
    return {
      success: false,
      error: reply?.error ?? `HTTP error! status: ${response.status}`,
      errorType: "http",
      details: reply?.details ?? text,
    };
  }
  return reply ?? { success: false, error: "Invalid response", errorType: "http", details: text };
}

/** POST /api/transaction/simulate: data carries the compute units consumed and the logs. */
export function postTransactionSimulate(
  serverUrl: string,
  transactions: VersionedTransaction[],
  config: SimulateRouteConfig = { skipSigVerify: true, replaceRecentBlockhash: true },
): Promise<ServerReply<SimulationData>> {
  return post(`${serverUrl}/api/transaction/simulate`, { transactions: transactions.map(encodeTransaction), config });
}

/** POST /api/transaction/send: data carries the signatures. */
export function postTransactionSend(
  serverUrl: string,
  transactions: VersionedTransaction[],
  config: SendRouteConfig = { skipSigVerify: false, confirmCommitment: "confirmed" },
): Promise<ServerReply<string[]>> {
  return post(`${serverUrl}/api/transaction/send`, { transactions: transactions.map(encodeTransaction), config });
}

/** POST /api/transaction/send-bundle: data carries the bundle id. */
export function postTransactionSendBundle(
  serverUrl: string,
  transactions: VersionedTransaction[],
  config: SendRouteConfig = { skipSigVerify: false, confirmCommitment: "confirmed" },
): Promise<ServerReply<string>> {
  return post(`${serverUrl}/api/transaction/send-bundle`, { transactions: transactions.map(encodeTransaction), config });
}

export type FeeSource = "rpc" | "bundle";

export interface PriorityFeesResult {
  /** RPC: µlamports per compute unit; bundle: tip in lamports. */
  fees: TierValues;
  /** The server's source label, or "fallback". */
  source: string;
  timestamp?: number;
  /** Why the fallback values were used. */
  error?: string;
}

function fallbackFees(kind: FeeSource): TierValues {
  return kind === "rpc" ? priorityFeeTiers(FALLBACK_PRIORITY_FEE_STATS) : fallbackBundleTips();
}

function isTierValues(value: unknown): value is TierValues {
  const fees = value as Record<string, unknown> | null;
  return !!fees && ["NORMAL", "HIGH", "ULTRA"].every((tier) => typeof fees[tier] === "number" && Number.isFinite(fees[tier]));
}

/**
 * GET /api/priority-fees/rpc or /bundle. A failed request or a malformed reply falls back to the built-in tiers,
 * with the reason in `error`.
 */
export async function fetchPriorityFees(serverUrl: string, kind: FeeSource): Promise<PriorityFeesResult> {
  const fallback = (error: string): PriorityFeesResult => ({ fees: fallbackFees(kind), source: "fallback", error });
  let response: Response;
  try {
    response = await fetch(`${serverUrl}/api/priority-fees/${kind}`);
  } catch (error) {
    return fallback(error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) return fallback(`Priority fee API responded with status: ${response.status}`);
  const reply = (await response.json().catch(() => null)) as {
    success?: boolean;
    timestamp?: number;
    source?: string;
    fees?: unknown;
  } | null;
  if (!reply?.success || !isTierValues(reply.fees)) return fallback("Invalid priority fee response format");
  return { fees: reply.fees, source: reply.source ?? kind, timestamp: reply.timestamp };
}
