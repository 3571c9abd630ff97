import { TransactionError, describeTransactionError } from "../errors.js";
import { MalformedTransactionError, PreflightFailure, SignatureVerificationError, type SimulationResult } from "../service.js";

/** JSON-RPC error codes: the protocol's own and Solana's custom ones. */
export const ErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  SendTransactionPreflightFailure: -32002,
  TransactionSignatureVerificationFailure: -32003,
  ScanError: -32012,
  UnsupportedTransactionVersion: -32015,
  MinContextSlotNotReached: -32016,
} as const;

/** An error reply: thrown by method handlers, written as the reply's `error` member. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcError";
  }

  toJSON(): { code: number; message: string; data?: unknown } {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

export function invalidParams(message: string, data?: unknown): RpcError {
  return new RpcError(ErrorCode.InvalidParams, message, data);
}

/** Solana's wording for a parameter that fails its own parser: `Invalid param: WrongSize`. */
export function invalidParam(detail: string): RpcError {
  return new RpcError(ErrorCode.InvalidParams, `Invalid param: ${detail}`);
}

/** Solana's reply when a scan collects more than the node allows (agave's scan results limit). */
export function scanAborted(): RpcError {
  return new RpcError(ErrorCode.ScanError, "scan aborted: The accumulated scan results exceeded the limit");
}

export function unsupportedTransactionVersion(version: number): RpcError {
  return new RpcError(
    ErrorCode.UnsupportedTransactionVersion,
    `Transaction version (${version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${version}`,
  );
}

/** The data of Solana's -32002 reply: the failed simulation, keys in the order Solana's JSON map writes them. */
function preflightData(simulation: Pick<SimulationResult, "err" | "logs" | "returnData" | "unitsConsumed">): Record<string, unknown> {
  return {
    accounts: null,
    err: simulation.err,
    innerInstructions: null,
    logs: simulation.logs,
    replacementBlockhash: null,
    returnData: simulation.returnData && {
      data: [simulation.returnData.data.toString("base64"), "base64"],
      programId: simulation.returnData.programId,
    },
    unitsConsumed: simulation.unitsConsumed,
  };
}

function preflightFailure(simulation: Pick<SimulationResult, "err" | "logs" | "returnData" | "unitsConsumed">): RpcError {
  const reason = simulation.err === null ? "" : describeTransactionError(simulation.err);
  return new RpcError(ErrorCode.SendTransactionPreflightFailure, `Transaction simulation failed: ${reason}`, preflightData(simulation));
}

/** The JSON-RPC error for anything a handler or the ledger throws. Unknown errors become "Internal error". */
export function toRpcError(error: unknown): RpcError {
  if (error instanceof RpcError) return error;
  if (error instanceof MalformedTransactionError) return invalidParams(error.message);
  if (error instanceof SignatureVerificationError) {
    return new RpcError(ErrorCode.TransactionSignatureVerificationFailure, "Transaction signature verification failure");
  }
  if (error instanceof PreflightFailure) return preflightFailure(error.simulation);
  if (error instanceof TransactionError) return preflightFailure({ err: error.value, logs: [], returnData: null, unitsConsumed: 0n });
  return new RpcError(ErrorCode.InternalError, "Internal error");
}
