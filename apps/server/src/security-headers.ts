// Headers that keep other sites from framing, sniffing or scripting the app, whose built-in wallet keeps a key in
// localStorage. The policy allows only the app's own origin: its scripts and styles are files of the build (no
// inline code), it calls the API and the JSON-RPC at /rpc on this origin, and subscribes to the ledger over a
// websocket on this origin too (`ws(s)://` + the page's host, named as well as 'self' for browsers whose 'self' does
// not cover websockets). Images may also be data: URIs, the form Wallet Standard wallets give their icons in, and
// come from the origins of the token list's logos.
import type { FastifyInstance, FastifyRequest } from "fastify";

/** A Host header as browsers send it: a name or IP literal and an optional port; anything else names no origin. */
const HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/** `imageOrigins`: where else images may come from (the configured token list's logos). */
export function contentSecurityPolicy(request: Pick<FastifyRequest, "protocol" | "headers">, imageOrigins: readonly string[] = []): string {
  const host = request.headers.host;
  const socket = host && HOST.test(host) ? ` ${request.protocol === "https" ? "wss" : "ws"}://${host}` : "";
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    ["img-src 'self' data:", ...imageOrigins].join(" "),
    "font-src 'self'",
    `connect-src 'self'${socket}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function registerSecurityHeaders(app: FastifyInstance, imageOrigins: readonly string[] = []): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("content-security-policy", contentSecurityPolicy(request, imageOrigins));
    reply.header("x-frame-options", "DENY");
    reply.header("referrer-policy", "no-referrer");
    reply.header("x-content-type-options", "nosniff");
  });
}
