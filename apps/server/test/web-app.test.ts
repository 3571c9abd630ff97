// The built web app as the server hands it out: pages answered with index.html (revalidated on every load), hashed
// assets cached for good and sent pre-compressed, a file written after start served at once (a rebuild), and a
// missing asset a JSON 404 rather than HTML.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
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
  server = await startTestServer(market, { config: { webRoot } });
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
    expect(await api(server, "GET", "/api/nope")).toMatchObject({ status: 404, body: { success: false, error: "Not found: GET /api/nope" } });
    expect(await api(server, "POST", "/portfolio", {})).toMatchObject({ status: 404, body: { error: "Not found: POST /portfolio" } });
  });
});
