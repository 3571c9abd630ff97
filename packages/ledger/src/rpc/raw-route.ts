// JSON-RPC posts to `/` answered straight from node:http. Fastify's request lifecycle (hooks, content-type parsing,
// reply objects) cost more per request than the JSON-RPC work of a sendTransaction; this route does what it did for
// such a post and writes the same bytes. Whether a request is taken is decided from its head alone, before its body
// is read, so everything else (other paths and methods, chunked or oversized bodies, other content types, a server
// that is closing) still reaches Fastify whole.
import type { IncomingMessage, ServerResponse } from "node:http";
import { elementAt } from "../indexing.js";

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
export const ALLOW_ANY_ORIGIN = "*";
/** Fastify's default keep-alive timeout, which its servers announce as `Keep-Alive: timeout=72`. */
export const FASTIFY_KEEP_ALIVE_MS = 72_000;

/** The content types JSON-RPC clients send (web3.js, kit, curl's --json), compared in lower case. */
const JSON_CONTENT_TYPES = new Set(["application/json", "application/json; charset=utf-8", "application/json;charset=utf-8"]);

/** Whether this route answers the request: a POST to `/` of a JSON body whose length is given and within the limit. */
export function takesRawRpc(request: IncomingMessage, bodyLimit: number): boolean {
  if (request.method !== "POST" || request.url !== "/") return false;
  const { headers } = request;
  if (headers["transfer-encoding"] !== undefined || !JSON_CONTENT_TYPES.has(headers["content-type"]?.toLowerCase() ?? "")) return false;
  const length = Number(headers["content-length"]);
  return Number.isSafeInteger(length) && length > 0 && length <= bodyLimit;
}

/** Reads the body as UTF-8 text, as Fastify's string parser does, and writes `answer`'s reply as Fastify did. */
export function answerRawRpc(request: IncomingMessage, response: ServerResponse, answer: (text: string) => Promise<string>): void {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("error", () => response.destroy());
  request.on("end", () => {
    const text = (chunks.length === 1 ? elementAt(chunks, 0) : Buffer.concat(chunks)).toString("utf8");
    void answer(text).then((body) => {
      response.writeHead(200, {
        "content-type": JSON_CONTENT_TYPE,
        "access-control-allow-origin": ALLOW_ANY_ORIGIN,
        "content-length": Buffer.byteLength(body),
      });
      response.end(body);
    });
  });
}
