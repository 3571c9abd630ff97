// The ledger's JSON-RPC on the server's own origin, so the browser needs one address and port: POST /rpc (a request
// or a batch) and POST /rpc/api/v1/bundles go to the ledger as the bytes received, and the ledger's reply comes back
// as received, status included. Nothing is parsed or re-serialised; connections to the ledger are kept alive. A
// websocket upgrade at /rpc reaches the ledger's subscriptions (rpc-websocket.ts).
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from "node:http";
import { Agent as HttpsAgent, request as httpsRequest } from "node:https";
import type { FastifyError } from "fastify";
import type { RouteModule } from "../app.js";
import { RPC_PATH } from "./config.js";
import { proxyRpcWebsocket } from "./rpc-websocket.js";

/** The largest request body forwarded (a batch of 64 signed transactions fits many times over). */
export const RPC_BODY_LIMIT = 2 * 1024 * 1024;
/** A ledger that has not answered by then is reported unreachable. */
export const RPC_TIMEOUT_MS = 30_000;

/** JSON-RPC 2.0 error codes: a failure on the way to the ledger, and a request refused before it was sent. */
const INTERNAL_ERROR = -32603;
const INVALID_REQUEST = -32600;

const rpcError = (code: number, message: string) => ({ jsonrpc: "2.0", id: null, error: { code, message } });

class LedgerUnreachable extends Error {}

export const rpcRoutes: RouteModule = (app, ctx) => {
  const base = new URL(ctx.config.rpcUrl);
  const secure = base.protocol === "https:";
  const agent = secure ? new HttpsAgent({ keepAlive: true, maxSockets: 256 }) : new HttpAgent({ keepAlive: true, maxSockets: 256 });
  const send = secure ? httpsRequest : httpRequest;
  /** The ledger's path for an endpoint under its RPC URL ("" is the JSON-RPC endpoint itself). */
  const ledgerPath = (endpoint: string) => `${base.pathname.replace(/\/+$/, "")}${endpoint}`.replace(/^$/, "/") + base.search;
  app.addHook("onClose", async () => agent.destroy());
  proxyRpcWebsocket(app, ctx.config);

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

  // The body stays bytes whatever its content type says: the ledger parses it (and answers a parse error itself).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: RPC_BODY_LIMIT }, (_request, body, done) => done(null, body));

  // Errors on these paths answer in JSON-RPC's shape, which is what their clients read.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof LedgerUnreachable) {
      request.log.warn({ err: error }, "ledger unreachable");
      return reply.code(502).send(rpcError(INTERNAL_ERROR, error.message));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(rpcError(INVALID_REQUEST, error.message));
    }
    request.log.error({ err: error }, "rpc passthrough failed");
    return reply.code(500).send(rpcError(INTERNAL_ERROR, "Internal server error"));
  });

  for (const [path, upstream, summary] of [
    [RPC_PATH, "", "The ledger's JSON-RPC (a request or a batch), passed through as is"],
    [
      `${RPC_PATH}/api/v1/bundles`,
      "/api/v1/bundles",
      "The ledger's block engine (sendBundle, getBundleStatuses, getTipAccounts), passed through",
    ],
  ] as const) {
    app.post(path, { schema: { summary, tags: ["rpc"] } }, async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const answer = await forward(upstream, body);
      reply.code(answer.statusCode ?? 502);
      const type = answer.headers["content-type"];
      if (type) reply.header("content-type", type);
      const length = answer.headers["content-length"];
      if (length) reply.header("content-length", length);
      return reply.send(answer);
    });
  }
};
