// The built web app as the server hands it out: pages answered with index.html (revalidated on every load), hashed
// assets cached for good and sent pre-compressed, a file written after start served at once (a rebuild), a missing
// asset a JSON 404 rather than HTML, the security headers on every reply, and large JSON compressed.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request as httpRequest } from "node:http";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket } from "../../../packages/protocol/test/support/market.js";
import type { RunningServer } from "../src/server.js";
import { api, startTestServer } from "./support/server.js";

const INDEX = '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/index-A1.js"></script></body></html>';
const SCRIPT = `console.log(${JSON.stringify("x".repeat(4000))});`;

let market: TestMarket;
let server: RunningServer;
let webRoot: string;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), "ballast-web-"));
  mkdirSync(join(webRoot, "assets"));
  writeFileSync(join(webRoot, "index.html"), INDEX);
  writeFileSync(join(webRoot, "assets", "index-A1.js"), SCRIPT);
  writeFileSync(join(webRoot, "assets", "index-A1.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(join(webRoot, "assets", "index-A1.js.gz"), gzipSync(SCRIPT));
  market = await TestMarket.start();
  // Banks enough for /api/banks/db to pass the compression threshold.
  for (let i = 0; i < 3; i++) await market.addBank(6, { kind: "fixed", price: "1" });
  server = await startTestServer(market, { config: { webRoot } });
  await server.jobs.bankStates.run();
});

afterAll(async () => {
  await server.close();
  await market.close();
});

async function get(path: string, acceptEncoding = "identity") {
  const response = await fetch(`${server.url}${path}`, { headers: { "accept-encoding": acceptEncoding } });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe("web app", () => {
  it("answers the root and every client-side route with index.html, revalidated on each load", async () => {
    for (const path of ["/", "/portfolio", "/banks/abc?tab=rates"]) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(page.headers.get("cache-control")).toBe("no-cache");
      expect(page.text).toBe(INDEX);
    }
  });

  it("sends hashed assets cached for a year, as Brotli or gzip when the browser takes them", async () => {
    const brotli = await get("/assets/index-A1.js", "br, gzip");
    expect(brotli.status).toBe(200);
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(brotli.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotli.headers.get("content-type")).toBe("application/javascript; charset=utf-8");
    expect(brotli.text).toBe(SCRIPT);
    const gzip = await get("/assets/index-A1.js", "gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.text).toBe(SCRIPT);
    const plain = await get("/assets/index-A1.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.text).toBe(SCRIPT);
  });

  it("serves a file a rebuild writes while the server runs", async () => {
    writeFileSync(join(webRoot, "assets", "index-B2.js"), "export {};");
    const fresh = await get("/assets/index-B2.js");
    expect(fresh.status).toBe(200);
    expect(fresh.text).toBe("export {};");
  });

  it("answers a missing asset and an unknown API path with a JSON 404, never the index", async () => {
    expect(await api(server, "GET", "/assets/gone-C3.js")).toMatchObject({
      status: 404,
      body: { success: false, error: "Not found: GET /assets/gone-C3.js" },
    });
    expect(await api(server, "GET", "/api/nope")).toMatchObject({
      status: 404,
      body: { success: false, error: "Not found: GET /api/nope" },
    });
    expect(await api(server, "POST", "/portfolio", {})).toMatchObject({ status: 404, body: { error: "Not found: POST /portfolio" } });
  });
});

/** A GET as raw bytes: fetch would decode the body itself. */
function rawGet(path: string, acceptEncoding: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

describe("security headers", () => {
  it("sends the policy, framing, referrer and sniffing headers with pages, assets, API replies and 404s", async () => {
    const host = new URL(server.url).host;
    const policy =
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
      `connect-src 'self' ws://${host}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`;
    for (const path of ["/", "/portfolio", "/assets/index-A1.js", "/api/config", "/api/nope", "/assets/gone-C3.js"]) {
      const { headers } = await get(path, "br, gzip");
      expect({ path, csp: headers.get("content-security-policy") }).toEqual({ path, csp: policy });
      expect(headers.get("x-frame-options")).toBe("DENY");
      expect(headers.get("referrer-policy")).toBe("no-referrer");
      expect(headers.get("x-content-type-options")).toBe("nosniff");
    }
  });
});

describe("JSON compression", () => {
  it("sends /api/banks/db as gzip or Brotli by Accept-Encoding, decoding to the same JSON", async () => {
    const plain = await rawGet("/api/banks/db", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    const banks = JSON.parse(plain.body.toString("utf8"));
    expect(banks).toHaveLength(3);
    expect(plain.body.length).toBeGreaterThan(1_024);

    const gzipped = await rawGet("/api/banks/db", "gzip, deflate");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers.vary).toBe("accept-encoding");
    expect(gzipped.body.length).toBeLessThan(plain.body.length / 3);
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);

    const brotli = await rawGet("/api/banks/db", "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    // A second request is answered from the kept compression, byte for byte.
    expect((await rawGet("/api/banks/db", "br")).body.equals(brotli.body)).toBe(true);
    const preferred = await rawGet("/api/banks/db", "br;q=0.5, gzip");
    expect(preferred.headers["content-encoding"]).toBe("gzip");
    expect((await rawGet("/api/banks/db", "br;q=0, gzip;q=0")).headers["content-encoding"]).toBeUndefined();
  });

  it("keeps each path's compression: the markets page's replies asked for in turn each decode to their own JSON", async () => {
    const paths = ["/api/banks/db", "/api/banks/rpc"];
    const plain = await Promise.all(paths.map((path) => rawGet(path, "identity")));
    for (const reply of plain) expect(reply.body.length).toBeGreaterThan(1_024);
    for (let round = 0; round < 2; round++) {
      for (const [i, path] of paths.entries()) {
        const brotli = await rawGet(path, "br");
        expect(brotli.headers["content-encoding"]).toBe("br");
        expect(JSON.parse(brotliDecompressSync(brotli.body).toString("utf8"))).toEqual(JSON.parse(plain[i]!.body.toString("utf8")));
      }
    }
  });

  it("leaves replies under 1 KiB as they are", async () => {
    const config = await rawGet("/api/config", "gzip, br");
    expect(config.body.length).toBeLessThan(1_024);
    expect(config.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(config.body.toString("utf8"))).toMatchObject({ rpcPath: "/rpc" });
  });
});
