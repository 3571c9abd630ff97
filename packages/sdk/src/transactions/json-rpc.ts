// A bare JSON-RPC 2.0 call over fetch, for the methods web3.js's Connection does not know: the block engine's
// bundle API and simulateBundle.

/** An error reply; `data` holds e.g. the failed preflight simulation with its logs (Solana's -32002). */
export class JsonRpcError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "JsonRpcError";
  }
}

/** A non-2xx HTTP reply. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`HTTP error ${status}: ${body}`);
    this.name = "HttpError";
  }
}

export async function jsonRpcRequest<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const text = await response.text();
  if (!response.ok) throw new HttpError(response.status, text);
  const reply = JSON.parse(text) as { result?: T; error?: { code: number; message: string; data?: unknown } };
  if (reply.error) throw new JsonRpcError(reply.error.message, reply.error.code, reply.error.data);
  return reply.result as T;
}
