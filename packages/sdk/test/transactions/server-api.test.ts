import { Keypair, SystemProgram, TransactionMessage, VersionedTransaction } from "@solana/web3.js";
import { afterEach, describe, expect, it } from "vitest";
import {
  fetchPriorityFees,
  postTransactionSend,
  postTransactionSendBundle,
  postTransactionSimulate,
} from "../../src/transactions/index.js";
import { startFakeServer, type FakeServer, type Reply } from "./support/http.js";

let server: FakeServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function serve(handle: (path: string, body: any) => Reply): Promise<string> {
  server = await startFakeServer(handle);
  return server.url;
}

function transaction(): VersionedTransaction {
  const payer = Keypair.generate();
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash: payer.publicKey.toBase58(),
    instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: payer.publicKey, lamports: 1 })],
  });
  const tx = new VersionedTransaction(message.compileToV0Message());
  tx.sign([payer]);
  return tx;
}

describe("transaction routes", () => {
  it("POST /api/transaction/simulate with the simulation config; data carries unitsConsumed", async () => {
    const url = await serve(() => ({ body: { success: true, data: { unitsConsumed: 4_321 } } }));
    const tx = transaction();
    const reply = await postTransactionSimulate(url, [tx]);
    expect(reply).toEqual({ success: true, data: { unitsConsumed: 4_321 } });
    expect(server!.requests).toEqual([
      {
        path: "/api/transaction/simulate",
        body: {
          transactions: [Buffer.from(tx.serialize()).toString("base64")],
          config: { skipSigVerify: true, replaceRecentBlockhash: true },
        },
      },
    ]);
  });

  it("POST /api/transaction/send and /send-bundle with skipSigVerify and confirmCommitment 'confirmed'", async () => {
    const url = await serve((path) => ({
      body: path.endsWith("bundle") ? { success: true, data: "bundle-id" } : { success: true, data: ["sig"] },
    }));
    const tx = transaction();
    expect(await postTransactionSend(url, [tx])).toEqual({ success: true, data: ["sig"] });
    expect(await postTransactionSendBundle(url, [tx])).toEqual({ success: true, data: "bundle-id" });
    expect(server!.requests.map((r) => [r.path, r.body.config])).toEqual([
      ["/api/transaction/send", { skipSigVerify: false, confirmCommitment: "confirmed" }],
      ["/api/transaction/send-bundle", { skipSigVerify: false, confirmCommitment: "confirmed" }],
    ]);
  });

  it("passes a failure's error, errorType and details through; a non-2xx reply is an http error", async () => {
    const replies: Reply[] = [
      { body: { success: false, error: "Transaction sending failed", errorType: "sending", details: { logs: ["x"] } } },
      { status: 502, body: "Bad Gateway" },
      { status: 500, body: { success: false, error: "Simulation failed", errorType: "http", details: "boom" } },
    ];
    const url = await serve(() => replies.shift()!);
    const tx = transaction();
    expect(await postTransactionSend(url, [tx])).toEqual({
      success: false,
      error: "Transaction sending failed",
      errorType: "sending",
      details: { logs: ["x"] },
    });
    expect(await postTransactionSend(url, [tx])).toEqual({
      success: false,
      error: "HTTP error! status: 502",
      errorType: "http",
      details: "Bad Gateway",
    });
    expect(await postTransactionSimulate(url, [tx])).toEqual({
      success: false,
      error: "Simulation failed",
      errorType: "http",
      details: "boom",
    });
  });
});

describe("fetchPriorityFees", () => {
  it("reads GET /api/priority-fees/rpc and /bundle", async () => {
    const url = await serve((path) => ({
      body: {
        success: true,
        timestamp: 1_700_000_000,
        source: path.endsWith("rpc") ? "rpc" : "jito",
        fees: { NORMAL: 1, HIGH: 2, ULTRA: 3 },
      },
    }));
    expect(await fetchPriorityFees(url, "rpc")).toEqual({
      fees: { NORMAL: 1, HIGH: 2, ULTRA: 3 },
      source: "rpc",
      timestamp: 1_700_000_000,
    });
    expect((await fetchPriorityFees(url, "bundle")).source).toBe("jito");
    expect(server!.requests.map((r) => r.path)).toEqual(["/api/priority-fees/rpc", "/api/priority-fees/bundle"]);
  });

  it("falls back to the built-in tiers on a bad status or a malformed reply", async () => {
    const replies: Reply[] = [
      { status: 503, body: "" },
      { body: { success: true, fees: { NORMAL: 1, HIGH: "2" } } },
      { body: { success: false } },
    ];
    const url = await serve(() => replies.shift()!);
    expect(await fetchPriorityFees(url, "rpc")).toEqual({
      fees: { NORMAL: 91_000, HIGH: 195_000, ULTRA: 260_000 },
      source: "fallback",
      error: "Priority fee API responded with status: 503",
    });
    expect(await fetchPriorityFees(url, "bundle")).toEqual({
      fees: { NORMAL: 80_000, HIGH: 120_000, ULTRA: 150_000 },
      source: "fallback",
      error: "Invalid priority fee response format",
    });
    expect((await fetchPriorityFees(url, "rpc")).error).toBe("Invalid priority fee response format");
    expect((await fetchPriorityFees("http://127.0.0.1:1", "rpc")).source).toBe("fallback");
  });
});
