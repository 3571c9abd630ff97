// One sendTransaction per message is what wallets, web3.js and every SDK send, so that message skips the generic
// layers (batch handling, scan budgets, the reply's generic writer) when its envelope is the plain one. Anything
// else, or anything unusual about it, goes the generic way; the reply is the same text either way.
import type { Handler } from "./context.js";
import { LONG_DIGIT_RUN } from "./json.js";

const ENVELOPE_KEYS = new Set(["jsonrpc", "id", "method", "params"]);

export interface LoneSend {
  id: string | number;
  params: unknown[];
  handler: Handler;
}

/**
 * The request when `text` is a single `sendTransaction` request with a string or safe-integer id, a params array
 * and nothing else in its envelope, and the method table has a handler for it; otherwise null.
 */
export function loneSendTransaction(text: string, handler: Handler | undefined): LoneSend | null {
  if (handler === undefined || !text.includes('"sendTransaction"') || LONG_DIGIT_RUN.test(text)) return null;
  let request: unknown;
  try {
    request = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof request !== "object" || request === null || Array.isArray(request)) return null;
  const { jsonrpc, id, method, params } = request as Record<string, unknown>;
  if (jsonrpc !== "2.0" || method !== "sendTransaction" || !Array.isArray(params)) return null;
  for (const key of Object.keys(request)) if (!ENVELOPE_KEYS.has(key)) return null;
  return typeof id === "string" || Number.isSafeInteger(id) ? { id: id as string | number, params, handler } : null;
}
