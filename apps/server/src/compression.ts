// JSON replies compressed for clients that accept it: Brotli or gzip by Accept-Encoding (Brotli on a tie), from a
// size on (smaller replies gain nothing worth the work). Files of the web app are not touched here: the build ships
// them pre-compressed (web.ts). Brotli runs at a middle quality: the top ones cost far more time than they save bytes.
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { FastifyInstance } from "fastify";

/** Replies below this many bytes are sent as they are. */
export const COMPRESS_THRESHOLD_BYTES = 1_024;

const BROTLI_QUALITY = 5;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = "br" | "gzip";

/** The encoding to send for an Accept-Encoding header: the most preferred of br and gzip, or null for none. */
export function negotiateEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: ContentEncoding) => weights.get(encoding) ?? weights.get("*") ?? 0;
  const br = weightOf("br");
  const gz = weightOf("gzip");
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? "br" : "gzip";
}

function compress(encoding: ContentEncoding, body: Buffer): Promise<Buffer> {
  return encoding === "br"
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzipAsync(body);
}

/** Paths whose last compressed reply is kept (the oldest is dropped first). */
const KEPT_REPLIES = 64;

export function registerCompression(app: FastifyInstance): void {
  // The same large replies (the stored bank states, the rates, the emissions the markets page loads together) are
  // asked for again and again: each path's last compression per encoding is kept, so one does not evict another.
  const last = new Map<string, { body: string | Buffer; compressed: Buffer }>();
  app.addHook("onSend", async (request, reply, payload) => {
    if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader("content-encoding") || !/^application\/json\b/i.test(String(reply.getHeader("content-type") ?? ""))) {
      return payload;
    }
    const size = typeof payload === "string" ? Buffer.byteLength(payload) : payload.length;
    if (size < COMPRESS_THRESHOLD_BYTES) return payload;
    reply.header("vary", "accept-encoding");
    const encoding = negotiateEncoding(request.headers["accept-encoding"]);
    if (!encoding) return payload;
    const key = `${encoding} ${request.url}`;
    const cached = last.get(key);
    let compressed: Buffer;
    const same =
      cached !== undefined &&
      (cached.body === payload || (Buffer.isBuffer(payload) && Buffer.isBuffer(cached.body) && cached.body.equals(payload)));
    if (same) {
      compressed = cached.compressed;
    } else {
      compressed = await compress(encoding, typeof payload === "string" ? Buffer.from(payload, "utf8") : payload);
      last.delete(key);
      last.set(key, { body: payload, compressed });
      if (last.size > KEPT_REPLIES) {
        const [oldest] = last.keys();
        if (oldest !== undefined) last.delete(oldest);
      }
    }
    reply.header("content-encoding", encoding);
    reply.removeHeader("content-length");
    return compressed;
  });
}
