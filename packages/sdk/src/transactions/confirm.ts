// Confirmation polling for signatures and bundles. Time comes from an injectable clock, so schedules and
// timeouts are testable without waiting.
import type { Connection, TransactionError } from "@solana/web3.js";
import { ProcessTransactionError, ProcessTransactionErrorType, timeoutError } from "./errors.js";
import { jsonRpcRequest } from "./json-rpc.js";

export interface Clock {
  now(): number;
  /** Resolves after `ms`, or early (without the time passing) once `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal?.aborted) return resolve();
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener(
        "abort",
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    }),
};

export interface PollSchedule {
  attempts: number;
  intervalMs: number;
  /** Overall limit, measured from the start of polling; every check is raced against it. */
  timeoutMs?: number;
  /** Wait before the first check. */
  initialDelayMs?: number;
}

/** A signature: 8 checks 2 s apart within 20 s. */
export const SIGNATURE_CONFIRMATION: PollSchedule = { attempts: 8, intervalMs: 2_000, timeoutMs: 20_000 };
/** A bundle's commitment: 5 checks 2 s apart within 20 s. */
export const BUNDLE_CONFIRMATION: PollSchedule = { attempts: 5, intervalMs: 2_000, timeoutMs: 20_000 };
/** A sent bundle landing: 10 checks 1 s apart after 500 ms. */
export const BUNDLE_LANDING: PollSchedule = { attempts: 10, intervalMs: 1_000, initialDelayMs: 500 };

const TIMED_OUT = Symbol("timed out");

/**
 * Runs `check` on the schedule until it yields a value; throws "Transaction failed to confirm in time." when the
 * attempts or the time run out. Errors from `check` end the polling.
 */
export async function poll<T>(check: () => Promise<T | undefined>, schedule: PollSchedule, clock: Clock = systemClock): Promise<T> {
  const deadline = clock.now() + (schedule.timeoutMs ?? Infinity);
  if (schedule.initialDelayMs) await clock.sleep(schedule.initialDelayMs);
  for (let attempt = 0; attempt < schedule.attempts; attempt++) {
    if (attempt > 0) await clock.sleep(schedule.intervalMs);
    const remaining = deadline - clock.now();
    if (remaining <= 0) break;
    const result = await raceDeadline(check(), remaining, clock);
    if (result === TIMED_OUT) break;
    if (result !== undefined) return result;
  }
  throw timeoutError();
}

async function raceDeadline<T>(pending: Promise<T>, remaining: number, clock: Clock): Promise<T | typeof TIMED_OUT> {
  if (remaining === Infinity) return pending;
  // A check that loses the race may still fail later; that failure is no longer anyone's concern.
  pending.catch(() => undefined);
  const stop = new AbortController();
  try {
    return await Promise.race([pending, clock.sleep(remaining, stop.signal).then((): typeof TIMED_OUT => TIMED_OUT)]);
  } finally {
    stop.abort();
  }
}

export type ConfirmationLevel = "processed" | "confirmed" | "finalized";

const LEVELS: readonly string[] = ["processed", "confirmed", "finalized"];

/** Position of a status's level; unknown levels rank below everything. */
function rank(level: string): number {
  return LEVELS.indexOf(level);
}

export interface ConfirmOptions {
  /** Default "confirmed". */
  commitment?: ConfirmationLevel;
  clock?: Clock;
  schedule?: PollSchedule;
}

/** Fails with the transaction's error and logs when it landed but failed. */
async function landedFailure(connection: Connection, signature: string, err: TransactionError): Promise<ProcessTransactionError> {
  const landed = await connection
    .getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 })
    .catch(() => null);
  return new ProcessTransactionError(
    `Transaction ${signature} failed: ${JSON.stringify(err)}`,
    ProcessTransactionErrorType.TransactionSendingError,
    {
      logs: landed?.meta?.logMessages ?? undefined,
    },
  );
}

/** Polls the signature's status (history included) until it reaches the commitment. */
export async function confirmSignature(connection: Connection, signature: string, options: ConfirmOptions = {}): Promise<void> {
  const wanted = rank(options.commitment ?? "confirmed");
  await poll(
    async () => {
      const { value: status } = await connection.getSignatureStatus(signature, { searchTransactionHistory: true });
      if (!status) return undefined;
      if (status.err) throw await landedFailure(connection, signature, status.err);
      // A status without a confirmation level is rooted.
      const reached = status.confirmationStatus ? rank(status.confirmationStatus) : rank("finalized");
      return reached >= wanted ? true : undefined;
    },
    options.schedule ?? SIGNATURE_CONFIRMATION,
    options.clock,
  );
}

/** One entry of the block engine's getBundleStatuses reply. */
export interface BundleStatus {
  bundle_id: string;
  transactions: string[];
  slot: number;
  confirmation_status: string;
  err: unknown;
}

export async function fetchBundleStatus(blockEngineUrl: string, bundleId: string): Promise<BundleStatus | null> {
  const reply = await jsonRpcRequest<{ value: (BundleStatus | null)[] }>(blockEngineUrl, "getBundleStatuses", [[bundleId]]);
  return reply?.value?.[0] ?? null;
}

export function bundleFailed(status: BundleStatus): boolean {
  const err = status.err as { Ok?: unknown } | null | undefined;
  return status.confirmation_status === "Failed" || (err !== null && err !== undefined && !("Ok" in err));
}

/** Polls the bundle's status until it reaches the commitment; a failed bundle throws. */
export async function confirmBundle(blockEngineUrl: string, bundleId: string, options: ConfirmOptions = {}): Promise<BundleStatus> {
  const wanted = rank(options.commitment ?? "confirmed");
  return poll(
    async () => {
      const status = await fetchBundleStatus(blockEngineUrl, bundleId);
      if (!status) return undefined;
      if (bundleFailed(status))
        throw new ProcessTransactionError(`Bundle ${bundleId} failed`, ProcessTransactionErrorType.TransactionSendingError);
      return rank(status.confirmation_status) >= wanted ? status : undefined;
    },
    options.schedule ?? BUNDLE_CONFIRMATION,
    options.clock,
  );
}
