// The transaction layer's errors and the resolver that turns anything thrown while building, simulating or
// sending into one of them, replacing a raw program error with its description.
import { ERRORS } from "@ballast/protocol";
import type { PublicKey } from "@solana/web3.js";
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@solana/spl-token";
import { KLEND_PROGRAM_ID } from "@ballast/market";
import {
  ANCHOR_FRAMEWORK_ERRORS,
  LENDING_PROGRAM_ERRORS,
  MARKET_PROGRAM_ERRORS,
  SPL_TOKEN_ERRORS,
  SWAP_AGGREGATOR_ERRORS,
  type ErrorTable,
} from "./error-tables.js";

export const ProcessTransactionErrorType = {
  TransactionBuildingError: "TransactionBuildingError",
  TransactionSendingError: "TransactionSendingError",
  SimulationError: "SimulationError",
  TransactionTupleError: "TransactionTupleError",
  FallthroughError: "FallthroughError",
  TimeoutError: "TimeoutError",
} as const;
export type ProcessTransactionErrorType = (typeof ProcessTransactionErrorType)[keyof typeof ProcessTransactionErrorType];

/** What the resolver recognised (the spec's numbering; 3 is unused). */
export const TransactionErrorKind = {
  BlockhashFailure: 0,
  ProgramError: 1,
  SimulationFailure: 2,
  Fallthrough: 4,
} as const;
export type TransactionErrorKind = (typeof TransactionErrorKind)[keyof typeof TransactionErrorKind];

export const MESSAGES = {
  blockhash: "Failed to get latest blockhash and context.",
  fallthrough: "Something went wrong",
  timeout: "Transaction failed to confirm in time.",
  possiblyLanded:
    "Transaction confirmation failed. The transaction may have landed on-chain but confirmation failed. Please check your wallet and try again.",
  tipRequired: "A bundle tip is required for a bundled transactions",
  singleInstructionTooLarge: "Single instruction too large to fit in a transaction",
  feePayerAndBlockhash: "Fee payer and blockhash are required",
  emptyBundle: "No bundle provided for simulation",
  encodeFailed: "Failed to encode transaction",
  unsigned: "Transaction has no fee payer signature",
  pulseHealthWithoutAccount: "The pulse-health instruction names no margin account",
  noBroadcastMethod: "No broadcast method is configured",
  noTipAccount: "No tip account to pick",
  tooManyTransactions: "Too many transactions",
  healthCacheSimulation: "Account health cache simulation failed",
  simulationUnavailable: "The transaction could not be simulated, so it was not sent",
  unknownError: "unknown error",
} as const;

export interface ProcessTransactionErrorDetails {
  kind?: TransactionErrorKind;
  logs?: string[];
  /** The program whose custom error was found in the logs. */
  programId?: string;
  code?: number;
  /** The send may have reached the chain: callers must not resend it through another route. */
  possiblyLanded?: boolean;
  cause?: unknown;
}

export class ProcessTransactionError extends Error {
  readonly kind?: TransactionErrorKind;
  readonly logs?: string[];
  readonly programId?: string;
  readonly code?: number;
  readonly possiblyLanded: boolean;

  constructor(
    message: string,
    readonly type: ProcessTransactionErrorType,
    details: ProcessTransactionErrorDetails = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = "ProcessTransactionError";
    this.kind = details.kind;
    this.logs = details.logs;
    this.programId = details.programId;
    this.code = details.code;
    this.possiblyLanded = details.possiblyLanded ?? false;
  }
}

/** The account's simulated health cache carries an error the client does not tolerate, or the simulation failed. */
export class HealthCacheSimulationError extends ProcessTransactionError {
  constructor(
    /** The Initial check's error code; null when the simulation itself failed. */
    readonly mrgnErr: number | null,
    readonly internalErr: number | null,
    logs: string[] = [],
  ) {
    super(MESSAGES.healthCacheSimulation, ProcessTransactionErrorType.SimulationError, {
      kind: TransactionErrorKind.SimulationFailure,
      logs,
    });
    this.name = "HealthCacheSimulationError";
  }
}

export function buildingError(message: string): ProcessTransactionError {
  return new ProcessTransactionError(message, ProcessTransactionErrorType.TransactionBuildingError);
}

export function timeoutError(): ProcessTransactionError {
  return new ProcessTransactionError(MESSAGES.timeout, ProcessTransactionErrorType.TimeoutError);
}

/** What the user was doing when the transaction failed: lets a lending-program error say what it means for them. */
export interface ActionErrorContext {
  readonly action: "deposit" | "withdraw" | "borrow" | "repay";
  /** The bank's token, as the user knows it ("USDC"). */
  readonly symbol: string;
}

/**
 * Lending-program errors that, for the action they stopped, mean the position changed since the action was built
 * (repaid, withdrawn or liquidated elsewhere): the program's own wording ("Bank is missing") says nothing to a user.
 */
const ACTION_MESSAGES: ReadonlyMap<number, Partial<Record<ActionErrorContext["action"], (symbol: string) => string>>> = new Map([
  [
    ERRORS.BankAccountNotFound.code,
    {
      repay: (symbol: string) => `You have no ${symbol} debt to repay: it was repaid elsewhere`,
      withdraw: (symbol: string) => `You have no ${symbol} deposit to withdraw: it was withdrawn elsewhere`,
    },
  ],
  [ERRORS.NoLiabilityFound.code, { repay: (symbol: string) => `You have no ${symbol} debt to repay: it was repaid elsewhere` }],
  [ERRORS.NoAssetFound.code, { withdraw: (symbol: string) => `You have no ${symbol} deposit to withdraw: it was withdrawn elsewhere` }],
  [
    ERRORS.OperationRepayOnly.code,
    { repay: (symbol: string) => `This is more than your ${symbol} debt: part of it was repaid elsewhere. Check the amount and try again` },
  ],
  [
    ERRORS.OperationWithdrawOnly.code,
    {
      withdraw: (symbol: string) =>
        `This is more than your ${symbol} deposit: part of it was withdrawn elsewhere. Check the amount and try again`,
    },
  ],
]);

/** Program ids the resolver needs: which table applies depends on which program failed. */
export interface ErrorResolutionConfig {
  lendingProgramId: PublicKey | string;
  /** The user's action, for messages that explain a lending-program error in its terms. */
  action?: ActionErrorContext;
  /** Default: SPL Token and Token-2022. */
  tokenProgramIds?: (PublicKey | string)[];
  /** Default: Jupiter v6. */
  swapProgramId?: PublicKey | string;
  /** The Kamino-style market behind Kamino banks. Default: klend's id. */
  marketProgramId?: PublicKey | string;
}

export const TOKEN_PROGRAM_IDS = [TOKEN_PROGRAM_ID.toBase58(), TOKEN_2022_PROGRAM_ID.toBase58()];
export const SWAP_AGGREGATOR_PROGRAM_ID = "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4";

export interface ProgramErrorInLogs {
  programId: string;
  code: number;
  /** The table's description, when one of the tables knows the code. */
  description?: string;
}

const CUSTOM_ERROR_LOG = /^Program (\w+) failed: custom program error: 0x([0-9a-fA-F]+)$/;

/**
 * The first custom program error in the logs (the innermost failing program: outer programs re-log the code as
 * it propagates), described by the table of the program that failed (the lending program's, the Kamino-style market's,
 * SPL Token's or the swap aggregator's), then Anchor's.
 */
export function parseErrorFromLogs(logs: readonly string[], config: ErrorResolutionConfig): ProgramErrorInLogs | null {
  for (const line of logs) {
    const match = CUSTOM_ERROR_LOG.exec(line);
    if (!match) continue;
    const [, programId, hexCode] = match;
    // Both groups of the pattern always capture; the check only narrows their types.
    if (programId === undefined || hexCode === undefined) continue;
    const code = parseInt(hexCode, 16);
    return { programId, code, description: describeProgramError(programId, code, config) };
  }
  return null;
}

function describeProgramError(programId: string, code: number, config: ErrorResolutionConfig): string | undefined {
  const same = (id: PublicKey | string) => id.toString() === programId;
  if (config.action && same(config.lendingProgramId)) {
    const explain = ACTION_MESSAGES.get(code)?.[config.action.action];
    if (explain) return explain(config.action.symbol);
  }
  const tables: ErrorTable[] = [];
  if (same(config.lendingProgramId)) tables.push(LENDING_PROGRAM_ERRORS);
  if (same(config.marketProgramId ?? KLEND_PROGRAM_ID)) tables.push(MARKET_PROGRAM_ERRORS);
  if ((config.tokenProgramIds ?? TOKEN_PROGRAM_IDS).some(same)) tables.push(SPL_TOKEN_ERRORS);
  if (same(config.swapProgramId ?? SWAP_AGGREGATOR_PROGRAM_ID)) tables.push(SWAP_AGGREGATOR_ERRORS);
  tables.push(ANCHOR_FRAMEWORK_ERRORS);
  for (const table of tables) {
    const entry = table.get(code);
    if (entry) return entry.message;
  }
  return undefined;
}

/** Where the error was raised, deciding the type when nothing more specific is known. */
export type ErrorStage = "simulation" | "sending";

const STAGE_TYPES: Record<ErrorStage, ProcessTransactionErrorType> = {
  simulation: ProcessTransactionErrorType.SimulationError,
  sending: ProcessTransactionErrorType.TransactionSendingError,
};

/** Logs an error carries: web3.js send errors, JSON-RPC preflight data, or our own. */
export function errorLogs(error: unknown): string[] | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const candidate = error as { logs?: unknown; transactionLogs?: unknown; data?: { logs?: unknown } };
  for (const logs of [candidate.logs, candidate.transactionLogs, candidate.data?.logs]) {
    if (Array.isArray(logs) && logs.every((l) => typeof l === "string")) return logs;
  }
  return undefined;
}

/** The most specific message an error carries, if any. */
export function errorMessage(error: unknown): string | undefined {
  if (typeof error === "string") return error || undefined;
  if (typeof error !== "object" || error === null) return undefined;
  const candidate = error as { transactionMessage?: unknown; message?: unknown };
  for (const message of [candidate.transactionMessage, candidate.message]) {
    if (typeof message === "string" && message.length > 0) return message;
  }
  return undefined;
}

/**
 * Resolves anything thrown by the transaction layer, web3.js or an RPC into a ProcessTransactionError: a custom
 * program error found in the logs becomes its description (kind 1); other failures during simulation are kind 2;
 * the rest keeps its own message (or "Something went wrong") as kind 4.
 */
export function resolveTransactionError(
  error: unknown,
  config: ErrorResolutionConfig,
  stage: ErrorStage = "sending",
): ProcessTransactionError {
  const known = error instanceof ProcessTransactionError ? error : null;
  const logs = known?.logs ?? errorLogs(error);
  // A program error resolved before without its logs keeps its program and code: described again here.
  const found =
    (logs ? parseErrorFromLogs(logs, config) : null) ??
    (known?.programId !== undefined && known.code !== undefined
      ? { programId: known.programId, code: known.code, description: describeProgramError(known.programId, known.code, config) }
      : null);
  const type = known?.type ?? STAGE_TYPES[stage];
  if (found) {
    return new ProcessTransactionError(found.description ?? errorMessage(error) ?? MESSAGES.fallthrough, type, {
      kind: TransactionErrorKind.ProgramError,
      logs,
      programId: found.programId,
      code: found.code,
      possiblyLanded: known?.possiblyLanded,
      cause: error,
    });
  }
  if (known) return known;
  const message = errorMessage(error);
  if (stage === "simulation") {
    return new ProcessTransactionError(message ?? MESSAGES.fallthrough, type, {
      kind: TransactionErrorKind.SimulationFailure,
      logs,
      cause: error,
    });
  }
  return new ProcessTransactionError(message ?? MESSAGES.fallthrough, message ? type : ProcessTransactionErrorType.FallthroughError, {
    kind: TransactionErrorKind.Fallthrough,
    logs,
    cause: error,
  });
}
