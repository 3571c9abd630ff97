// The ledger's JSON-RPC on the server's own origin, so the browser needs one address and port: POST /rpc (a request
// or a batch) and POST /rpc/api/v1/bundles go to the ledger as the bytes received, and the ledger's reply comes back
// as received, status included. Nothing is parsed or re-serialised; connections to the ledger are kept alive. When
// the ledger runs in this process (`npm start`), its dispatch answers directly: no HTTP round trip on the same event
// loop. A websocket upgrade at /rpc reaches the ledger's subscriptions (rpc-websocket.ts).
//
// This is the web app's busiest path, so the HTTP server hands these requests to the proxy before fastify sees them
// (app.ts, serverFactory): no routing, hooks, content-type parsing or reply object per request. The fastify routes
// below serve the same proxy to requests injected without a socket (app.inject) and list the paths in the OpenAPI
// document.
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { LocalRpcEndpoint, LocalRpcHandler } from "@ballast/ledger";
import type { FastifyBaseLogger } from "fastify";
import type { RouteModule } from "../app.js";
import type { ServerConfig } from "../config.js";
import { contentSecurityPolicy } from "../security-headers.js";
import { RPC_PATH } from "./config.js";
import { proxyRpcWebsocket } from "./rpc-websocket.js";

/** The largest request body forwarded (a batch of 64 signed transactions fits many times over). */
export const RPC_BODY_LIMIT = 2 * 1024 * 1024;
/** A ledger that has not answered by then is reported unreachable. */
export const RPC_TIMEOUT_MS = 30_000;

/** JSON-RPC 2.0 error codes: a failure on the way to the ledger, and a request refused before it was sent. */
const INTERNAL_ERROR = -32603;
const INVALID_REQUEST = -32600;

const BUNDLES_PATH = `${RPC_PATH}/api/v1/bundles`;
/** Our paths and the ledger endpoint each reaches ("" is the JSON-RPC endpoint itself). */
const UPSTREAM = new Map<string, LocalRpcEndpoint>([
  [RPC_PATH, ""],
  [BUNDLES_PATH, "/api/v1/bundles"],
]);

class LedgerUnreachable extends Error {}

export interface RpcProxy {
  /** Proxies the request and returns true when it is a POST to one of the proxied paths; false leaves it untouched. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  /** From now on replies close their connection instead of keeping it alive (the server is shutting down). */
  drain(): void;
  /** Drops the kept-alive connections to the ledger. */
  close(): void;
}

/** The path without its query and one trailing slash, as fastify's router (ignoreTrailingSlash) matches it. */
function pathOf(url: string): string {
  const end = url.indexOf("?");
  const path = end === -1 ? url : url.slice(0, end);
  return path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
}

function sendRpcError(response: ServerResponse, status: number, code: number, message: string): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = JSON.stringify({ jsonrpc: "2.0", id: null, error: { code, message } });
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(body) });
  response.end(body);
}

export function createRpcProxy(
  config: Pick<ServerConfig, "rpcUrl">,
  log: FastifyBaseLogger,
  local: LocalRpcHandler | null = null,
): RpcProxy {
  const base = new URL(config.rpcUrl);
  const secure = base.protocol === "https:";
  const agent = secure ? new HttpsAgent({ keepAlive: true, maxSockets: 256 }) : new HttpAgent({ keepAlive: true, maxSockets: 256 });
  const send = secure ? httpsRequest : httpRequest;
  const basePath = base.pathname.replace(/\/+$/, "");
  /** The ledger's path for an endpoint under its RPC URL. */
  const ledgerPath = (endpoint: string) => `${basePath}${endpoint}`.replace(/^$/, "/") + base.search;
  let draining = false;

  /**
   * Posts the bytes to the ledger's `endpoint` and resolves with its reply, unread. A kept-alive connection the ledger
   * closed just as it was reused fails before anything was sent: that request alone is tried once more.
   */
  function forward(endpoint: string, body: Buffer, retried = false): Promise<IncomingMessage> {
    return new Promise((resolve, reject) => {
      const outgoing = send(
        {
          protocol: base.protocol,
          hostname: base.hostname,
          port: base.port,
          path: ledgerPath(endpoint),
          method: "POST",
          agent,
          headers: { "content-type": "application/json", "content-length": body.length },
          timeout: RPC_TIMEOUT_MS,
        },
        resolve,
      );
      outgoing.on("timeout", () => outgoing.destroy(new Error(`no reply within ${RPC_TIMEOUT_MS} ms`)));
      outgoing.on("error", (error: NodeJS.ErrnoException) => {
        if (!retried && outgoing.reusedSocket && error.code === "ECONNRESET") resolve(forward(endpoint, body, true));
        else reject(new LedgerUnreachable(`Ledger unreachable: ${error.message}`));
      });
      outgoing.end(body);
    });
  }

  // The policy names the Host the browser used: one host is the common case, so its policy is kept.
  let policyHost: string | undefined;
  let policy = contentSecurityPolicy({ protocol: "http", headers: {} });
  /** The reply's headers: the ledger's type and length, and the same security headers the app's other replies carry. */
  function replyHeaders(request: IncomingMessage, type: string | undefined, length: string | number | undefined): OutgoingHttpHeaders {
    if (request.headers.host !== policyHost) {
      policyHost = request.headers.host;
      policy = contentSecurityPolicy({ protocol: "http", headers: request.headers });
    }
    const headers: OutgoingHttpHeaders = {
      "content-security-policy": policy,
      "x-frame-options": "DENY",
      "referrer-policy": "no-referrer",
      "x-content-type-options": "nosniff",
    };
    if (type) headers["content-type"] = type;
    if (length !== undefined) headers["content-length"] = length;
    if (draining) headers.connection = "close";
    return headers;
  }

  async function relay(endpoint: LocalRpcEndpoint, request: IncomingMessage, body: Buffer, response: ServerResponse): Promise<void> {
    if (local) {
      const text = await local(endpoint, body.toString("utf8"));
      response.writeHead(200, replyHeaders(request, "application/json; charset=utf-8", Buffer.byteLength(text)));
      response.end(text);
      return;
    }
    let answer: IncomingMessage;
    try {
      answer = await forward(endpoint, body);
    } catch (error) {
      if (!(error instanceof LedgerUnreachable)) throw error;
      log.warn({ err: error }, "ledger unreachable");
      sendRpcError(response, 502, INTERNAL_ERROR, error.message);
      return;
    }
    response.writeHead(answer.statusCode ?? 502, replyHeaders(request, answer.headers["content-type"], answer.headers["content-length"]));
    answer.on("error", () => response.destroy());
    answer.pipe(response);
  }

  /** Reads the body, refusing it once it exceeds the limit, then relays it. */
  function proxy(endpoint: LocalRpcEndpoint, request: IncomingMessage, response: ServerResponse): void {
    const declared = Number(request.headers["content-length"]);
    if (declared > RPC_BODY_LIMIT) {
      // The rest of an oversized body is not worth reading: the connection closes after the refusal.
      response.setHeader("connection", "close");
      sendRpcError(response, 413, INVALID_REQUEST, "Request body is too large");
      request.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    request.on("data", (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > RPC_BODY_LIMIT) {
        refused = true;
        response.setHeader("connection", "close");
        sendRpcError(response, 413, INVALID_REQUEST, "Request body is too large");
        return;
      }
      chunks.push(chunk);
    });
    request.on("error", () => response.destroy());
    request.on("end", () => {
      if (refused) return;
      // One chunk is the common case: it is forwarded as it came, without a copy.
      const body = chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, size);
      relay(endpoint, request, body, response).catch((error: unknown) => {
        log.error({ err: error }, "rpc passthrough failed");
        sendRpcError(response, 500, INTERNAL_ERROR, "Internal server error");
      });
    });
  }

  return {
    handle(request, response) {
      if (request.method !== "POST" || request.url === undefined) return false;
      const endpoint = UPSTREAM.get(pathOf(request.url));
      if (endpoint === undefined) return false;
      proxy(endpoint, request, response);
      return true;
    },
    drain() {
      draining = true;
    },
    close() {
      agent.destroy();
    },
  };
}

/** The proxied paths as fastify routes, over the proxy the HTTP server already puts ahead of fastify. */
export const rpcRoutes =
  (proxy: RpcProxy): RouteModule =>
  (app, ctx) => {
    proxyRpcWebsocket(app, ctx.config);
    // The body stays unread here: the proxy reads the raw request itself.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, _payload, done) => done(null));
    for (const [path, summary] of [
      [RPC_PATH, "The ledger's JSON-RPC (a request or a batch), passed through as is"],
      [BUNDLES_PATH, "The ledger's block engine (sendBundle, getBundleStatuses, getTipAccounts), passed through"],
    ] as const) {
      app.post(path, { schema: { summary, tags: ["rpc"] } }, (request, reply) => {
        reply.hijack();
        proxy.handle(request.raw, reply.raw);
      });
    }
  };
