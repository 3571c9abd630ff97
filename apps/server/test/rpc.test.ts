// The JSON-RPC passthrough: /rpc and /rpc/api/v1/bundles answer exactly what the ledger answers (single requests,
// batches, parse errors, the block engine), web3.js works against the server's origin as its RPC endpoint, a body
// over 2 MB is refused, and a ledger that cannot be reached answers 502 in JSON-RPC's shape. The OpenAPI document
// lists the new routes.
import { createServer } from "node:net";
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket, type TestBank } from "../../../packages/protocol/test/support/market.js";
import type { RunningServer } from "../src/server.js";
import { api, startTestServer } from "./support/server.js";

let market: TestMarket;
let bank: TestBank;
let server: RunningServer;

beforeAll(async () => {
  market = await TestMarket.start();
  bank = await market.addBank(6, { kind: "fixed", price: "1" });
  server = await startTestServer(market);
});
afterAll(async () => {
  await server.close();
  await market.close();
});

/** The raw reply of a POST: status, content type and body text. */
async function post(url: string, body: string, contentType = "application/json") {
  const response = await fetch(url, { method: "POST", headers: { "content-type": contentType }, body });
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

const rpc = (method: string, params: unknown[] = [], id: number | string = 1) => ({ jsonrpc: "2.0", id, method, params });

describe("POST /rpc", () => {
  it("answers getSlot as the ledger does", async () => {
    const body = JSON.stringify(rpc("getSlot"));
    const direct = await post(market.net.rpc.url, body);
    const passed = await post(`${server.url}/rpc`, body);
    expect(passed).toEqual(direct);
    expect(passed.status).toBe(200);
    expect(JSON.parse(passed.text)).toEqual({ jsonrpc: "2.0", id: 1, result: await market.connection.getSlot() });
  });

  it("answers a batch as the ledger does, in order", async () => {
    const body = JSON.stringify([
      rpc("getBalance", [market.admin.publicKey.toBase58()], 1),
      rpc("getAccountInfo", [bank.key.toBase58(), { encoding: "base64" }], "two"),
      rpc("noSuchMethod", [], 3),
    ]);
    const direct = await post(market.net.rpc.url, body);
    const passed = await post(`${server.url}/rpc`, body);
    expect(passed).toEqual(direct);
    const replies = JSON.parse(passed.text);
    expect(replies.map((r: { id: unknown }) => r.id)).toEqual([1, "two", 3]);
    expect(replies[2].error.code).toBe(-32601);
  });

  it("serves web3.js with the server's origin as its RPC endpoint: account data equal to a direct read", async () => {
    const proxied = new Connection(`${server.url}/rpc`, { commitment: "confirmed" });
    const [through, direct] = await Promise.all([proxied.getAccountInfo(bank.key), market.connection.getAccountInfo(bank.key)]);
    expect(through).not.toBeNull();
    expect(through!.data.equals(direct!.data)).toBe(true);
    expect(through!.owner.equals(direct!.owner)).toBe(true);
    expect(through!.lamports).toBe(direct!.lamports);

    // A transaction sent through the passthrough lands.
    const recipient = Keypair.generate().publicKey;
    const { blockhash } = await proxied.getLatestBlockhash();
    const tx = new Transaction({ feePayer: market.admin.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: market.admin.publicKey, toPubkey: recipient, lamports: LAMPORTS_PER_SOL }),
    );
    tx.sign(market.admin);
    const signature = await proxied.sendRawTransaction(tx.serialize());
    for (let i = 0; i < 100 && (await proxied.getSignatureStatus(signature)).value?.confirmationStatus === undefined; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await market.connection.getBalance(recipient, "confirmed")).toBe(LAMPORTS_PER_SOL);
  });

  it("passes a body that is not JSON to the ledger, which answers its parse error", async () => {
    const direct = await post(market.net.rpc.url, "{not json", "text/plain");
    const passed = await post(`${server.url}/rpc`, "{not json", "text/plain");
    expect(passed).toEqual(direct);
    expect(JSON.parse(passed.text).error.code).toBe(-32700);
  });

  it("refuses a body over 2 MB with 413 in JSON-RPC's shape", async () => {
    const passed = await post(`${server.url}/rpc`, JSON.stringify(rpc("getSlot", ["x".repeat(2 * 1024 * 1024)])));
    expect(passed.status).toBe(413);
    expect(JSON.parse(passed.text)).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32600, message: "Request body is too large" },
    });
  });
});

describe("POST /rpc ahead of the app's router", () => {
  it("is reached with a trailing slash or a query, as the router would match it, and carries the app's security headers", async () => {
    const body = JSON.stringify(rpc("getSlot"));
    const direct = await post(market.net.rpc.url, body);
    for (const path of ["/rpc/", "/rpc?cluster=local"]) expect(await post(`${server.url}${path}`, body)).toEqual(direct);
    const response = await fetch(`${server.url}/rpc`, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("connect-src 'self'");
  });

  it("refuses a streamed body (no content-length) once it passes 2 MB, with 413 in JSON-RPC's shape", async () => {
    const chunk = new TextEncoder().encode("x".repeat(256 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 12) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const response = await fetch(`${server.url}/rpc`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32600, message: "Request body is too large" } });
  });
});

describe("POST /rpc/api/v1/bundles", () => {
  it("answers the block engine's methods as the ledger does", async () => {
    const body = JSON.stringify(rpc("getTipAccounts"));
    const direct = await post(`${market.net.rpc.url}/api/v1/bundles`, body);
    const passed = await post(`${server.url}/rpc/api/v1/bundles`, body);
    expect(passed).toEqual(direct);
    expect(JSON.parse(passed.text).result).toHaveLength(8);
  });
});

describe("with the ledger in this process (as `npm start` runs it)", () => {
  let local: RunningServer;
  beforeAll(async () => {
    // Its configured RPC URL leads nowhere: every answer below comes from the dispatch in this process.
    local = await startTestServer(market, { ledgerInProcess: true, config: { rpcUrl: "http://127.0.0.1:9" } });
  });
  afterAll(async () => {
    await local.close();
  });

  it("answers requests, batches, parse errors and the block engine with the ledger's bytes, through its dispatch", async () => {
    const batch = JSON.stringify([
      rpc("getBalance", [market.admin.publicKey.toBase58()], 1),
      rpc("getAccountInfo", [bank.key.toBase58(), { encoding: "base64" }], "two"),
      rpc("noSuchMethod", [], 3),
    ]);
    for (const [path, body, type] of [
      ["", batch, "application/json"],
      ["", "{not json", "text/plain"],
      ["/api/v1/bundles", JSON.stringify(rpc("getTipAccounts")), "application/json"],
    ] as const) {
      expect(await post(`${local.url}/rpc${path}`, body, type)).toEqual(await post(`${market.net.rpc.url}${path}`, body, type));
    }
  });

  it("lands a transaction sent by web3.js, confirms it, and carries the app's security headers", async () => {
    const proxied = new Connection(`${local.url}/rpc`, { commitment: "confirmed" });
    const to = Keypair.generate().publicKey;
    const transfer = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: market.admin.publicKey, toPubkey: to, lamports: LAMPORTS_PER_SOL }),
    );
    transfer.recentBlockhash = (await proxied.getLatestBlockhash()).blockhash;
    transfer.feePayer = market.admin.publicKey;
    transfer.sign(market.admin);
    const signature = await proxied.sendRawTransaction(transfer.serialize());
    // Confirmed by polling through the same path (the test server proxies no websocket).
    await expect
      .poll(async () => (await proxied.getSignatureStatus(signature)).value?.confirmationStatus, { timeout: 20_000 })
      .toMatch(/confirmed|finalized/);
    expect(await market.connection.getBalance(to, "confirmed")).toBe(LAMPORTS_PER_SOL);
    const response = await fetch(`${local.url}/rpc`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(rpc("getSlot")),
    });
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("still refuses a body over 2 MB with 413 before the ledger sees it", async () => {
    const passed = await post(`${local.url}/rpc`, JSON.stringify(rpc("getSlot", ["x".repeat(2 * 1024 * 1024)])));
    expect(passed.status).toBe(413);
    expect(JSON.parse(passed.text).error).toEqual({ code: -32600, message: "Request body is too large" });
  });
});

describe("with the ledger down", () => {
  it("answers 502 with a JSON-RPC error naming the cause", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const down = await startTestServer(market, { config: { rpcUrl: `http://127.0.0.1:${port}` } });
    try {
      for (const path of ["/rpc", "/rpc/api/v1/bundles"]) {
        const { status, body } = await api(down, "POST", path, rpc("getSlot"));
        expect(status).toBe(502);
        expect(body).toEqual({
          jsonrpc: "2.0",
          id: null,
          error: { code: -32603, message: `Ledger unreachable: connect ECONNREFUSED 127.0.0.1:${port}` },
        });
      }
    } finally {
      await down.close();
    }
  });
});

describe("the OpenAPI document", () => {
  it("is still served and lists the config, faucet and passthrough routes", async () => {
    const { status, body } = await api(server, "GET", "/api/docs");
    expect(status).toBe(200);
    expect(Object.keys(body.paths)).toEqual(expect.arrayContaining(["/api/config", "/api/faucet", "/rpc", "/rpc/api/v1/bundles"]));
    expect(body.paths["/api/faucet"].post.requestBody.content["application/json"].schema.required).toEqual(["wallet"]);
  });
});
