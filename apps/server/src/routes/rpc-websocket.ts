// The ledger's websocket on the server's own origin: a websocket upgrade at /rpc is passed to the ledger's websocket
// and the two sockets are joined byte for byte, so the browser subscribes (accountSubscribe, programSubscribe, ...) on
// the same origin it reads JSON-RPC from. Frames are not parsed; the ledger answers the upgrade itself.
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { FastifyInstance } from "fastify";
import type { ServerConfig } from "../config.js";
import { RPC_PATH } from "./config.js";

/** A ledger that has not answered the upgrade by then is reported unreachable. */
export const WEBSOCKET_CONNECT_TIMEOUT_MS = 10_000;

/** Where upgrades go: RPC_WS_URL, else the JSON-RPC URL itself as ws(s)://. */
export function ledgerWebsocketUrl(config: Pick<ServerConfig, "rpcUrl" | "rpcWsUrl">): URL {
  const url = new URL(config.rpcWsUrl ?? config.rpcUrl);
  if (url.protocol === "http:") url.protocol = "ws:";
  else if (url.protocol === "https:") url.protocol = "wss:";
  return url;
}

/** Answers an upgrade that will not happen with a plain HTTP status and closes the socket. */
function refuse(socket: Duplex, status: number, text: string): void {
  if (socket.destroyed) return;
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

/** The client's upgrade headers as the ledger should see them: its host, no credentials of this origin, the client's address. */
function forwardedHeaders(request: IncomingMessage, target: URL): IncomingHttpHeaders {
  const headers: IncomingHttpHeaders = { ...request.headers, host: target.host };
  delete headers.cookie;
  delete headers.authorization;
  const client = request.socket.remoteAddress;
  if (client) headers["x-forwarded-for"] = headers["x-forwarded-for"] ? `${headers["x-forwarded-for"]}, ${client}` : client;
  return headers;
}

export function proxyRpcWebsocket(app: FastifyInstance, config: Pick<ServerConfig, "rpcUrl" | "rpcWsUrl">): void {
  const target = ledgerWebsocketUrl(config);
  const secure = target.protocol === "wss:";
  const open = new Set<Duplex>();

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on("error", () => socket.destroy());
    const path = (request.url ?? "").split("?")[0];
    if (path !== RPC_PATH) return refuse(socket, 404, "Not Found");
    const outgoing = (secure ? httpsRequest : httpRequest)({
      protocol: secure ? "https:" : "http:",
      hostname: target.hostname,
      port: target.port,
      path: `${target.pathname}${target.search}`,
      method: "GET",
      // Its own connection: an upgraded socket never goes back to a pool.
      agent: false,
      headers: forwardedHeaders(request, target),
      timeout: WEBSOCKET_CONNECT_TIMEOUT_MS,
    });
    outgoing.on("upgrade", (response: IncomingMessage, upstream: Duplex, upstreamHead: Buffer) => {
      if (socket.destroyed) return void upstream.destroy();
      const lines = [`HTTP/1.1 101 ${response.statusMessage || "Switching Protocols"}`];
      for (let i = 0; i < response.rawHeaders.length; i += 2) lines.push(`${response.rawHeaders[i]}: ${response.rawHeaders[i + 1]}`);
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      if (upstreamHead.length > 0) socket.write(upstreamHead);
      if (head.length > 0) upstream.write(head);
      // A subscription socket is quiet for long stretches: no idle timeout on either side.
      // (Both are the TCP sockets of the two connections, whatever the event's type says.)
      for (const side of [socket, upstream] as Socket[]) {
        side.setTimeout(0);
        side.setNoDelay(true);
        open.add(side);
      }
      const close = () => {
        socket.destroy();
        upstream.destroy();
        open.delete(socket);
        open.delete(upstream);
      };
      for (const side of [socket, upstream]) {
        side.on("error", close);
        side.on("close", close);
      }
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    outgoing.on("response", (response: IncomingMessage) => {
      // The ledger answered without switching protocols: the client gets its status.
      response.resume();
      refuse(socket, response.statusCode ?? 502, response.statusMessage || "Bad Gateway");
    });
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${WEBSOCKET_CONNECT_TIMEOUT_MS} ms`)));
    outgoing.on("error", (error: Error) => {
      app.log.warn({ err: error }, "ledger websocket unreachable");
      refuse(socket, 502, "Ledger websocket unreachable");
    });
    outgoing.end();
  };

  app.server.on("upgrade", onUpgrade);
  // Joined sockets are no longer the HTTP server's: they are closed here so that closing the server does not wait on them.
  app.addHook("preClose", async () => {
    app.server.off("upgrade", onUpgrade);
    for (const side of open) side.destroy();
    open.clear();
  });
}
