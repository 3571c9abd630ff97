// The local chain's price control through the API, on the seeded sandbox with its price walk running: setting SOL
// lands on its feed (the bank's price as the SDK loads it is exactly the set price), a walk tick does not move it
// during the hold, the walk resumes after; bad input is refused with exact messages; a server without the control
// (any chain but the local one) refuses like the faucet; requests are rate-limited; the OpenAPI document lists both;
// /api/config tells the web app whether the control is there.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PublicKey } from "@solana/web3.js";
import { decodePriceUpdateV2 } from "@ballast/oracles";
import { i80f48 as fx } from "@ballast/protocol";
import { isOracleFailure } from "@ballast/sdk";
import { startServer, type RunningServer } from "../src/server.js";
import { startSandboxProduct, type SandboxProduct } from "./support/sandbox.js";
import { api, freshDatabase } from "./support/server.js";

let product: SandboxProduct;
let withoutControl: RunningServer;
let limited: RunningServer;

beforeAll(async () => {
  product = await startSandboxProduct();
  const config = product.server.context.config;
  withoutControl = await startServer({ ...config, ...(await freshDatabase("sqlite")), port: 0 });
  limited = await startServer(
    { ...config, ...(await freshDatabase("sqlite")), port: 0, priceControlRateLimit: { limit: 2, windowSeconds: 60 } },
    { priceControl: product.prices },
  );
}, 300_000);

afterAll(async () => {
  await limited?.close();
  await withoutControl?.close();
  await product?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function oracleOf(symbol: string) {
  const oracle = product.state.oracles.find((o) => o.symbol === symbol);
  if (!oracle) throw new Error(`no ${symbol} oracle`);
  return oracle;
}

/** SOL's Pyth feed as the chain holds it: the price in units of 10^-8. */
async function solFeedUnits(): Promise<bigint> {
  const info = await product.connection.getAccountInfo(new PublicKey(oracleOf("SOL").address), "confirmed");
  if (!info) throw new Error("no SOL feed");
  const message = decodePriceUpdateV2(info.data).priceMessage;
  expect(message.exponent).toBe(-8);
  return message.price;
}

interface Listed {
  symbol: string;
  usd: string | null;
  family: string;
  oracles: { address: string; kind: string }[];
  heldUntil: string | null;
}

describe("GET /api/sandbox/prices", () => {
  it("lists every token's price now, its oracle and its hold", async () => {
    const { status, body } = await api<{ prices: Listed[] }>(product.server, "GET", "/api/sandbox/prices");
    expect(status).toBe(200);
    expect(body.prices.map((p) => p.symbol)).toEqual(product.state.oracles.map((o) => o.symbol));
    for (const listed of body.prices) {
      const oracle = oracleOf(listed.symbol);
      expect(listed.oracles).toEqual([{ address: oracle.address, kind: oracle.kind }]);
      expect(listed.family).toBe(oracle.family);
      expect(Number(listed.usd)).toBeGreaterThan(0);
    }
    expect(new Set(body.prices.flatMap((p) => p.oracles.map((o) => o.kind)))).toEqual(new Set(["pyth", "switchboard"]));
  });
});

describe("POST /api/sandbox/prices", () => {
  it("sets SOL now, holds it through walk ticks, then the walk resumes from it", async () => {
    const before = Date.now();
    const { status, body } = await api(product.server, "POST", "/api/sandbox/prices", { symbol: "SOL", usd: 120.5, holdSeconds: 8 });
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, symbol: "SOL", usd: "120.5" });
    const heldUntil = Date.parse(body.heldUntil as string);
    expect(heldUntil).toBeGreaterThanOrEqual(before + 8_000);
    expect(heldUntil).toBeLessThanOrEqual(Date.now() + 8_000);
    const feeds = body.feeds as { symbol: string; address: string; kind: string; usd: string }[];
    expect(feeds.map((f) => [f.symbol, f.kind])).toEqual([
      ["SOL", "pyth"],
      ["JitoSOL", "pyth"],
      ["mSOL", "switchboard"],
      ["bSOL", "pyth"],
      ["INF", "switchboard"],
    ]);
    expect(feeds[0]).toEqual({ symbol: "SOL", address: oracleOf("SOL").address, kind: "pyth", usd: "120.5" });

    // On chain at once: the feed, and the SOL bank's price as the SDK loads it.
    expect(await solFeedUnits()).toBe(12_050_000_000n);
    const price = (await product.market()).banks.get(product.bank("SOL"))!.price.realTime;
    if (isOracleFailure(price)) throw new Error(`SOL has no price: ${price.name}`);
    expect(price.price).toBe(fx.div(fx.fromInt(241n), fx.fromInt(2n)));

    // The walk ticks every 2 s: over 3 s at least one tick lands, and the price does not move.
    await sleep(3_000);
    expect(await solFeedUnits()).toBe(12_050_000_000n);
    const listed = await api<{ prices: Listed[] }>(product.server, "GET", "/api/sandbox/prices");
    const sol = listed.body.prices.find((p) => p.symbol === "SOL");
    expect(sol).toMatchObject({ usd: "120.5", heldUntil: body.heldUntil });
    expect(listed.body.prices.find((p) => p.symbol === "JitoSOL")?.heldUntil).toBe(body.heldUntil);
    expect(listed.body.prices.find((p) => p.symbol === "USDC")?.heldUntil).toBeNull();

    // Once the hold is over the walk moves it again, starting from 120.5.
    await sleep(Math.max(0, heldUntil - Date.now()));
    const deadline = Date.now() + 15_000;
    let units = await solFeedUnits();
    while (units === 12_050_000_000n && Date.now() < deadline) {
      await sleep(500);
      units = await solFeedUnits();
    }
    expect(units).not.toBe(12_050_000_000n);
    expect(Math.abs(Math.log(Number(units) / 12_050_000_000))).toBeLessThan(0.01);
    const after = await api<{ prices: Listed[] }>(product.server, "GET", "/api/sandbox/prices");
    expect(after.body.prices.find((p) => p.symbol === "SOL")?.heldUntil).toBeNull();
  }, 60_000);

  it("refuses unknown symbols, prices not above zero or not numbers, and bad holds with exact messages", async () => {
    const symbols = product.state.oracles.map((o) => o.symbol).join(", ");
    const cases: [unknown, string][] = [
      [{ symbol: "DOGE", usd: 1 }, `Unknown token "DOGE"; the sandbox prices ${symbols}`],
      [{ symbol: "SOL", usd: 0 }, "usd must be a number above 0 and at most 1000000000, got 0"],
      [{ symbol: "SOL", usd: -120.5 }, "usd must be a number above 0 and at most 1000000000, got -120.5"],
      [{ symbol: "SOL", usd: 2e9 }, "usd must be a number above 0 and at most 1000000000, got 2000000000"],
      ['{"symbol":"SOL","usd":1e999}', "Invalid body.usd: must be a number of USD above 0"],
      [{ symbol: "SOL", usd: "120" }, "Invalid body.usd: must be a number of USD above 0"],
      [{ symbol: "SOL", usd: 0.000000001 }, "SOL's feed shows prices in steps of 1e-8 USD; set a price at least that high"],
      [{ symbol: "SOL", usd: 100, holdSeconds: 0 }, "holdSeconds must be a whole number of seconds from 1 to 3600, got 0"],
      [{ symbol: "SOL", usd: 100, holdSeconds: 3_601 }, "holdSeconds must be a whole number of seconds from 1 to 3600, got 3601"],
      [{ symbol: "SOL", usd: 100, holdSeconds: 2.5 }, "holdSeconds must be a whole number of seconds from 1 to 3600, got 2.5"],
      [{ symbol: "SOL", usd: 100, holdSeconds: "long" }, "Invalid body.holdSeconds: must be a whole number of seconds"],
    ];
    for (const [body, error] of cases) {
      const response = await api(product.server, "POST", "/api/sandbox/prices", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error, JSON.stringify(body)).toBe(error);
    }
  });

  it("is refused off the local chain, like the faucet", async () => {
    for (const method of ["GET", "POST"] as const) {
      const { status, body } = await api(
        withoutControl,
        method,
        "/api/sandbox/prices",
        method === "POST" ? { symbol: "SOL", usd: 1 } : undefined,
      );
      expect(status).toBe(403);
      expect(body).toEqual({ success: false, error: "The price control is only available on the local chain" });
    }
  });

  it("is rate-limited per client address", async () => {
    expect((await api(limited, "GET", "/api/sandbox/prices")).status).toBe(200);
    expect((await api(limited, "POST", "/api/sandbox/prices", { symbol: "DOGE", usd: 1 })).status).toBe(400);
    const refused = await api(limited, "GET", "/api/sandbox/prices");
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/^Too many price control requests from this address; try again in \d+ s$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("is in the OpenAPI document", async () => {
    const { body } = await api<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>(product.server, "GET", "/api/docs");
    const path = body.paths["/api/sandbox/prices"];
    expect(Object.keys(path ?? {}).sort()).toEqual(["get", "post"]);
    expect(JSON.stringify(path?.post?.requestBody)).toContain("holdSeconds");
  });
});

describe("GET /api/config", () => {
  it("says priceControl: true where the server holds the price control, false where it does not", async () => {
    const local = await api(product.server, "GET", "/api/config");
    expect(local.status).toBe(200);
    expect(local.body).toMatchObject({ priceControl: true });
    const remote = await api(withoutControl, "GET", "/api/config");
    expect(remote.status).toBe(200);
    expect(remote.body).toMatchObject({ priceControl: false });
  });
});
