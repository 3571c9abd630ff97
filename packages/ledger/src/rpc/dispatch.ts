import type { Handler, MethodTable, RpcContext } from "./context.js";
import { ErrorCode, RpcError, toRpcError } from "./errors.js";
import { parseJson, stringifyJson } from "./json.js";
import { ScanBudget } from "./limits.js";
import { loneSendTransaction, type LoneSend } from "./lone-send.js";

/**
 * JSON-RPC 2.0 over any transport: one request or a batch in, the reply text out (null when every request was
 * a notification, which gets no reply). Nothing a client sends makes this throw.
 */

export type RequestId = string | number | bigint | null;

export interface RpcResponse {
  jsonrpc: "2.0";
  result?: unknown;
  error?: RpcError;
  id: RequestId;
}

export class Methods {
  private readonly table: Map<string, Handler>;
  constructor(table: MethodTable) {
    this.table = new Map(Object.entries(table));
  }
  get(name: string): Handler | undefined {
    return this.table.get(name);
  }
}

/** Called with errors that are not RpcErrors or ledger refusals: bugs, which the reply calls "Internal error". */
export type InternalErrorListener = (error: unknown, method: string) => void;

export interface DispatchOptions {
  methods: Methods;
  context: RpcContext;
  onInternalError?: InternalErrorListener;
  /** Requests one batch may hold; unbounded when absent. */
  maxBatchRequests?: number;
  /** Account bytes the scans of one message may collect (see RpcLimits.maxScanBytes); unbounded when absent. */
  maxScanBytes?: number;
}

function errorResponse(error: RpcError, id: RequestId): RpcResponse {
  return { jsonrpc: "2.0", error, id };
}

const invalidRequest = (): RpcError => new RpcError(ErrorCode.InvalidRequest, "Invalid request");

function isValidId(id: unknown): id is RequestId {
  return id === null || typeof id === "string" || typeof id === "bigint" || (typeof id === "number" && Number.isFinite(id));
}

/** One request object; null for a notification (a request without an id). */
export async function handleRequest(request: unknown, options: DispatchOptions): Promise<RpcResponse | null> {
  if (typeof request !== "object" || request === null || Array.isArray(request)) return errorResponse(invalidRequest(), null);
  const { jsonrpc, method, params, id } = request as Record<string, unknown>;
  const isNotification = !("id" in request);
  if (!isNotification && !isValidId(id)) return errorResponse(invalidRequest(), null);
  const replyId: RequestId = isNotification ? null : (id as RequestId);
  const paramsOk = params === undefined || params === null || typeof params === "object";
  if ((jsonrpc !== undefined && jsonrpc !== "2.0") || typeof method !== "string" || !paramsOk) {
    return errorResponse(invalidRequest(), replyId);
  }
  const handler = options.methods.get(method);
  let response: RpcResponse;
  if (!handler) {
    response = errorResponse(new RpcError(ErrorCode.MethodNotFound, "Method not found"), replyId);
  } else {
    try {
      response = { jsonrpc: "2.0", result: await handler(params, options.context), id: replyId };
    } catch (error) {
      response = failure(error, method, replyId, options);
    }
  }
  return isNotification ? null : response;
}

function failure(error: unknown, method: string, id: RequestId, options: DispatchOptions): RpcResponse {
  const rpcError = toRpcError(error);
  if (rpcError.code === ErrorCode.InternalError) options.onInternalError?.(error, method);
  return errorResponse(rpcError, id);
}

/** What handleRequest would answer for a lone sendTransaction, written without the generic writer when it lands. */
async function answerLoneSend({ id, params, handler }: LoneSend, options: DispatchOptions): Promise<string> {
  let signature: unknown;
  try {
    signature = await handler(params, options.context);
  } catch (error) {
    return stringifyJson(failure(error, "sendTransaction", id, options));
  }
  return `{"jsonrpc":"2.0","result":${stringifyJson(signature)},"id":${stringifyJson(id)}}`;
}

/**
 * A parsed message: one request or a batch. Batches run concurrently; replies keep the batch's order. A batch
 * longer than the limit is refused whole; the message's requests share one scan budget.
 */
export async function handleMessage(message: unknown, options: DispatchOptions): Promise<RpcResponse | RpcResponse[] | null> {
  const scoped: DispatchOptions =
    options.maxScanBytes === undefined
      ? options
      : { ...options, context: { ...options.context, scan: new ScanBudget(options.maxScanBytes) } };
  if (!Array.isArray(message)) return handleRequest(message, scoped);
  if (message.length === 0) return errorResponse(invalidRequest(), null);
  if (options.maxBatchRequests !== undefined && message.length > options.maxBatchRequests) {
    const limit = options.maxBatchRequests;
    return errorResponse(
      new RpcError(ErrorCode.InvalidRequest, `Batch of ${message.length} requests exceeds the limit of ${limit} requests per batch`),
      null,
    );
  }
  const responses = await Promise.all(message.map((request) => handleRequest(request, scoped)));
  const replies = responses.filter((r): r is RpcResponse => r !== null);
  return replies.length > 0 ? replies : null;
}

export const PARSE_ERROR_REPLY = stringifyJson(errorResponse(new RpcError(ErrorCode.ParseError, "Parse error"), null));

/** Raw request text in, reply text out (null: nothing to send). */
export async function handleText(text: string, options: DispatchOptions): Promise<string | null> {
  const lone = loneSendTransaction(text, options.methods.get("sendTransaction"));
  if (lone) return answerLoneSend(lone, options);
  let message: unknown;
  try {
    message = parseJson(text);
  } catch {
    return PARSE_ERROR_REPLY;
  }
  const reply = await handleMessage(message, options);
  return reply === null ? null : stringifyJson(reply);
}
