import Fastify, { type FastifyReply, type FastifyRequest } from "fastify";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import type { LedgerService } from "../service.js";
import type { ParseAccount } from "./accounts.js";
import type { RpcContext } from "./context.js";
import { Methods, handleText, type DispatchOptions, type InternalErrorListener } from "./dispatch.js";
import { ErrorCode, RpcError } from "./errors.js";
import { stringifyJson } from "./json.js";
import { ALLOW_ANY_ORIGIN, FASTIFY_KEEP_ALIVE_MS, JSON_CONTENT_TYPE, answerRawRpc, takesRawRpc } from "./raw-route.js";
import { DEFAULT_RPC_LIMITS, type RpcLimits } from "./limits.js";
import { blockEngineMethods, rpcMethods } from "./methods/index.js";
import { PubSub } from "./pubsub.js";

export type { ParseAccount, AccountLookup } from "./accounts.js";

export interface RpcServerOptions {
  ledger: LedgerService;
  /** Interface to listen on; 127.0.0.1 unless told otherwise. */
  host?: string;
  /** JSON-RPC port; 0 picks a free one. */
  port: number;
  /**
   * Websocket port. By default port + 1, where web3.js v1 looks for it; when port is 0 a free port of its own.
   * The websocket is also served on the JSON-RPC port (an HTTP upgrade on any path).
   */
  wsPort?: number;
  /** The `jsonParsed` account encoder (token accounts and mints); without it jsonParsed falls back to base64. */
  parseAccount?: ParseAccount;
  /** Largest request body, and largest websocket message, in bytes. 4 MiB by default. */
  bodyLimit?: number;
  /** Told about errors that are bugs (the client sees -32603 "Internal error"). Defaults to console.error. */
  onInternalError?: InternalErrorListener;
  /** Resource limits per client; DEFAULT_RPC_LIMITS for any not given. */
  limits?: Partial<RpcLimits>;
  /**
   * Addresses of proxies in front of the websocket (the API server's `/rpc`): a connection from one of them is
   * counted as the client its `X-Forwarded-For` names last, so every browser behind the proxy has its own allowance.
   */
  trustedProxies?: readonly string[];
}

export interface RpcServer {
  /** `http://host:port` */
  url: string;
  /** `ws://host:wsPort` */
  wsUrl: string;
  port: number;
  wsPort: number;
  /** Open websocket connections and their live subscriptions. */
  websocketStats(): { connections: number; subscriptions: number };
  /**
   * Answers a JSON-RPC body as a POST to `endpoint` ("" or "/api/v1/bundles") would, for a front end in the same
   * process (the API server's /rpc): the same dispatch and limits, without an HTTP round trip. "" when nothing is owed.
   */
  handle: LocalRpcHandler;
  close(): Promise<void>;
}

export type LocalRpcEndpoint = "" | "/api/v1/bundles";
export type LocalRpcHandler = (endpoint: LocalRpcEndpoint, body: string) => Promise<string>;

const DEFAULT_BODY_LIMIT = 4 * 1024 * 1024;

function logInternalError(error: unknown, method: string): void {
  console.error(`rpc: internal error in ${method}:`, error);
}

function urlHost(host: string): string {
  if (host === "0.0.0.0") return "127.0.0.1";
  if (host === "::") return "[::1]";
  return host.includes(":") ? `[${host}]` : host;
}

function requestErrorReply(code: number, message: string): string {
  return stringifyJson({ jsonrpc: "2.0", error: new RpcError(code, message), id: null });
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Starts the JSON-RPC (HTTP) and websocket front ends of a ledger. */
export async function startRpcServer(options: RpcServerOptions): Promise<RpcServer> {
  const host = options.host ?? "127.0.0.1";
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const onInternalError = options.onInternalError ?? logInternalError;
  const limits: RpcLimits = { ...DEFAULT_RPC_LIMITS, ...options.limits };
  const context: RpcContext = { ledger: options.ledger, parseAccount: options.parseAccount };
  const perMessage = { onInternalError, maxBatchRequests: limits.maxBatchRequests, maxScanBytes: limits.maxScanBytes };
  const main: DispatchOptions = { methods: new Methods(rpcMethods), context, ...perMessage };
  const bundles: DispatchOptions = { methods: new Methods(blockEngineMethods), context, ...perMessage };

  const answer = async (dispatch: DispatchOptions, text: string): Promise<string> => {
    try {
      return (await handleText(text, dispatch)) ?? "";
    } catch (error) {
      onInternalError(error, "request");
      return requestErrorReply(ErrorCode.InternalError, "Internal error");
    }
  };

  let closed = false;
  const app = Fastify({
    logger: false,
    bodyLimit,
    // JSON-RPC posts to `/` skip Fastify (rpc/raw-route.ts); everything else, and any post out of the ordinary, is its.
    serverFactory: (fastifyHandler) => {
      const server = createServer((request, response) => {
        // A closing server's requests go to Fastify, which answers them 503 and closes their connections.
        if (closed || !takesRawRpc(request, bodyLimit)) fastifyHandler(request, response);
        else answerRawRpc(request, response, (text) => answer(main, text));
      });
      // What Fastify sets on a server of its own making.
      server.keepAliveTimeout = FASTIFY_KEEP_ALIVE_MS;
      server.requestTimeout = 0;
      return server;
    },
  });
  // Every body is read as text and parsed here, whatever its content type says: exact u64s, Solana's errors.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));

  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("access-control-allow-origin", ALLOW_ANY_ORIGIN);
    return payload;
  });

  const handle: LocalRpcHandler = (endpoint, body) => answer(endpoint === "" ? main : bundles, body);
  const rpcRoute = (dispatch: DispatchOptions) => async (request: FastifyRequest, reply: FastifyReply) => {
    const body = await answer(dispatch, typeof request.body === "string" ? request.body : "");
    return reply.code(200).header("content-type", JSON_CONTENT_TYPE).send(body);
  };
  app.post("/", rpcRoute(main));
  app.post("/api/v1/bundles", rpcRoute(bundles));
  app.get("/health", async (_request, reply) => reply.header("content-type", "text/plain; charset=utf-8").send("ok"));
  app.options("*", async (request, reply) => {
    reply
      .code(204)
      .header("access-control-allow-methods", "POST, GET, OPTIONS")
      .header("access-control-allow-headers", request.headers["access-control-request-headers"] ?? "content-type")
      .header("access-control-max-age", "86400");
    return reply.send();
  });

  app.setErrorHandler((error: { statusCode?: number; code?: string }, _request, reply) => {
    const tooLarge = error.statusCode === 413;
    const status = tooLarge ? 413 : error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    const body = tooLarge
      ? requestErrorReply(ErrorCode.InvalidRequest, `Request body too large (max ${bodyLimit} bytes)`)
      : status === 500
        ? requestErrorReply(ErrorCode.InternalError, "Internal error")
        : requestErrorReply(ErrorCode.ParseError, "Parse error");
    return reply.code(status).header("content-type", "application/json; charset=utf-8").send(body);
  });

  const pubsub = new PubSub({ ledger: options.ledger, parseAccount: options.parseAccount, onInternalError, limits });
  const wss = new WebSocketServer({ noServer: true, maxPayload: bodyLimit });
  const trusted = new Set((options.trustedProxies ?? []).map(plainAddress));
  const clientAddress = (request: IncomingMessage): string => {
    const peer = plainAddress(request.socket.remoteAddress ?? "");
    const forwarded = request.headers["x-forwarded-for"];
    if (!trusted.has(peer) || typeof forwarded !== "string") return peer;
    // The proxy appends the address it saw; anything before it is the client's own claim.
    return plainAddress(forwarded.split(",").at(-1)?.trim() || peer);
  };
  wss.on("connection", (socket, request: IncomingMessage) => pubsub.attach(socket, clientAddress(request)));
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on("error", () => socket.destroy());
    if (!pubsub.admits(clientAddress(request))) {
      const reason = `Too many websocket connections from this address (max ${limits.maxConnectionsPerAddress})\n`;
      socket.end(
        `HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(reason)}\r\nConnection: close\r\n\r\n${reason}`,
      );
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request));
  };
  app.server.on("upgrade", upgrade);

  // The websocket's own port answers plain HTTP with 426: it only speaks websocket.
  const wsServer = createServer((_request, response) => {
    response.writeHead(426, { "content-type": "text/plain", connection: "close" }).end("websocket only\n");
  });
  wsServer.on("upgrade", upgrade);

  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    pubsub.close();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await closeServer(wsServer);
    await app.close();
  };

  try {
    await app.listen({ port: options.port, host });
    const port = (app.server.address() as AddressInfo).port;
    const wsPort = await listen(wsServer, options.wsPort ?? (options.port === 0 ? 0 : options.port + 1), host);
    const shown = urlHost(host);
    const websocketStats = () => ({ connections: pubsub.connectionCount, subscriptions: pubsub.size });
    return { url: `http://${shown}:${port}`, wsUrl: `ws://${shown}:${wsPort}`, port, wsPort, websocketStats, handle, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** An IPv4 address as an IPv4-mapped IPv6 socket reports it (`::ffff:127.0.0.1`) reads as the IPv4 one. */
function plainAddress(address: string): string {
  return address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
}
