import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, type VersionedTransaction } from "@solana/web3.js";
import { MARGINFI_PROGRAM_ID } from "@ballast/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DEFAULT_EXECUTION_STRATEGY,
  ProcessTransactionError,
  TIP_ACCOUNTS,
  broadcast,
  broadcastMethods,
  confirmBundle,
  confirmSignature,
  formatTransactions,
  jsonRpcRequest,
  resolveBroadcastRoute,
  resolveTransactionError,
  type BroadcastEndpoints,
} from "../../src/transactions/index.js";
import { VirtualClock } from "./support/clock.js";
import { rpcResult, startFakeServer, type FakeServer } from "./support/http.js";
import { startTestLedger, type TestLedger } from "./support/ledger.js";

const TIMEOUT = "Transaction failed to confirm in time.";
const LANDED =
  "Transaction confirmation failed. The transaction may have landed on-chain but confirmation failed. Please check your wallet and try again.";

let ledger: TestLedger;
beforeAll(async () => {
  ledger = await startTestLedger();
});
afterAll(() => ledger.close());

/** Signed transfers from `payer` to new recipients, one per transaction, with a tip in the first if asked. */
async function signedTransfers(payer: Keypair, recipients: PublicKey[], tipLamports?: number): Promise<VersionedTransaction[]> {
  const { blockhash } = await ledger.connection.getLatestBlockhash();
  const formatted = formatTransactions(
    recipients.map((toPubkey) => ({
      instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey, lamports: LAMPORTS_PER_SOL / 100 })],
    })),
    {
      payer: payer.publicKey,
      blockhash,
      lendingProgramId: new PublicKey(MARGINFI_PROGRAM_ID),
      bundleTip: tipLamports ? { lamports: tipLamports, account: TIP_ACCOUNTS[1]! } : undefined,
    },
  );
  return formatted.map(({ transaction }) => {
    transaction.sign([payer]);
    return transaction;
  });
}

const newKeys = (n: number) => Array.from({ length: n }, () => Keypair.generate().publicKey);

describe("broadcast routes", () => {
  it("DYNAMIC acts as RPC under the default strategy; a strategy may route it by count", () => {
    expect(resolveBroadcastRoute("DYNAMIC", 1)).toBe("RPC");
    expect(resolveBroadcastRoute("DYNAMIC", 4)).toBe("RPC");
    expect(resolveBroadcastRoute("BUNDLE", 1)).toBe("BUNDLE");
    const strategy = { ...DEFAULT_EXECUTION_STRATEGY, multiTx: "BUNDLE" as const };
    expect(resolveBroadcastRoute("DYNAMIC", 1, strategy)).toBe("RPC");
    expect(resolveBroadcastRoute("DYNAMIC", 2, strategy)).toBe("BUNDLE");
  });

  it("filters the fallback order GRPC bundle, API bundle, RPC bundle, RPC sequential to the route and configured endpoints", () => {
    expect(DEFAULT_EXECUTION_STRATEGY.fallbackSequence).toEqual(["GRPC_BUNDLE", "API_BUNDLE", "RPC_BUNDLE", "RPC_SEQUENTIAL"]);
    const connection = ledger.connection;
    expect(broadcastMethods("RPC", { connection })).toEqual(["RPC_BUNDLE", "RPC_SEQUENTIAL"]);
    expect(broadcastMethods("BUNDLE", { connection, serverUrl: "http://s", blockEngineUrl: "http://b" })).toEqual([
      "GRPC_BUNDLE",
      "API_BUNDLE",
    ]);
    expect(broadcastMethods("BUNDLE", { connection, blockEngineUrl: "http://b" })).toEqual(["API_BUNDLE"]);
    expect(broadcastMethods("BUNDLE", { connection })).toEqual([]);
  });
});

describe("broadcast on the ledger", () => {
  it("sends over RPC one transaction at a time, each confirmed", async () => {
    const payer = await ledger.fund();
    const recipients = newKeys(3);
    const transactions = await signedTransfers(payer, recipients);
    const result = await broadcast(transactions, ["RPC_SEQUENTIAL"], { connection: ledger.connection });
    expect(result.method).toBe("RPC_SEQUENTIAL");
    expect(result.signatures).toHaveLength(3);
    for (const recipient of recipients) expect(await ledger.balance(recipient)).toBe(LAMPORTS_PER_SOL / 100);
    const statuses = await ledger.connection.getSignatureStatuses(result.signatures);
    expect(statuses.value.every((s) => s?.err === null)).toBe(true);
  });

  it("sends a tipped bundle through the block engine API and polls it to confirmation", async () => {
    const payer = await ledger.fund();
    const recipients = newKeys(2);
    const tipBefore = await ledger.balance(TIP_ACCOUNTS[1]!);
    const transactions = await signedTransfers(payer, recipients, 25_000);
    const result = await broadcast(transactions, ["API_BUNDLE"], { connection: ledger.connection, blockEngineUrl: ledger.blockEngineUrl });
    expect(result.method).toBe("API_BUNDLE");
    expect(typeof result.bundleId).toBe("string");
    expect(await ledger.balance(TIP_ACCOUNTS[1]!)).toBe(tipBefore + 25_000);
    for (const recipient of recipients) expect(await ledger.balance(recipient)).toBe(LAMPORTS_PER_SOL / 100);

    // Sent again, the bundle is "already processed": that is success.
    const again = await broadcast(transactions, ["API_BUNDLE"], { connection: ledger.connection, blockEngineUrl: ledger.blockEngineUrl });
    expect(again).toEqual({ method: "API_BUNDLE", signatures: result.signatures, failedAttempts: [] });
    // And so it is over RPC.
    const rpc = await broadcast(transactions, ["RPC_SEQUENTIAL"], { connection: ledger.connection });
    expect(rpc.signatures).toEqual(result.signatures);
    expect(await ledger.balance(TIP_ACCOUNTS[1]!)).toBe(tipBefore + 25_000);
  });

  it("falls back past a refusing endpoint and stops at the first success", async () => {
    const payer = await ledger.fund();
    const recipient = newKeys(1)[0]!;
    const transactions = await signedTransfers(payer, [recipient], 10_000);
    const endpoints: BroadcastEndpoints = {
      connection: ledger.connection,
      serverUrl: "http://127.0.0.1:1",
      blockEngineUrl: ledger.blockEngineUrl,
    };
    const result = await broadcast(transactions, broadcastMethods("BUNDLE", endpoints), endpoints);
    expect(result.method).toBe("API_BUNDLE");
    expect(result.failedAttempts).toHaveLength(1);
    expect(result.failedAttempts[0]!.method).toBe("GRPC_BUNDLE");
    expect((result.failedAttempts[0]!.error as Error).message).toBe("GRPC bundle failed: fetch failed");
    expect(await ledger.balance(recipient)).toBe(LAMPORTS_PER_SOL / 100);
  });

  it("throws the last failure when every method fails", async () => {
    const payer = Keypair.generate();
    const transactions = await signedTransfers(payer, newKeys(1), 10_000);
    const error = (await broadcast(transactions, ["API_BUNDLE", "RPC_SEQUENTIAL"], {
      connection: ledger.connection,
      blockEngineUrl: ledger.blockEngineUrl,
    }).catch((e: unknown) => e)) as Error;
    // The unfunded payer cannot pay: the RPC's preflight refuses.
    expect(error.message).toMatch(/Attempt to debit an account but found no record of a prior credit/);
  });

  it("routes a bundle through the app server's send-bundle route", async () => {
    const server = await startFakeServer(async (path, body) => {
      expect(path).toBe("/api/transaction/send-bundle");
      expect(body.config).toEqual({ skipSigVerify: false, confirmCommitment: "confirmed" });
      const id = await jsonRpcRequest<string>(ledger.blockEngineUrl, "sendBundle", [body.transactions, { encoding: "base64" }]);
      return { body: { success: true, data: id } };
    });
    try {
      const payer = await ledger.fund();
      const recipient = newKeys(1)[0]!;
      const transactions = await signedTransfers(payer, [recipient], 10_000);
      const result = await broadcast(transactions, ["GRPC_BUNDLE", "API_BUNDLE"], {
        connection: ledger.connection,
        serverUrl: server.url,
        blockEngineUrl: "http://127.0.0.1:1",
      });
      expect(result.method).toBe("GRPC_BUNDLE");
      expect(typeof result.bundleId).toBe("string");
      expect(await ledger.balance(recipient)).toBe(LAMPORTS_PER_SOL / 100);
    } finally {
      await server.close();
    }
  });

  it("reports a server bundle failure, with 'unknown error' when it gives no detail or no bundle id", async () => {
    const replies = [{ success: false, error: "" }, { success: true }, { success: false, error: "leader too far" }];
    const server = await startFakeServer(() => ({ body: replies.shift() }));
    try {
      const transactions = await signedTransfers(Keypair.generate(), newKeys(1), 10_000);
      const send = () => broadcast(transactions, ["GRPC_BUNDLE"], { connection: ledger.connection, serverUrl: server.url });
      await expect(send()).rejects.toThrow(/^GRPC bundle failed: unknown error$/);
      await expect(send()).rejects.toThrow(/^GRPC bundle failed: unknown error$/);
      await expect(send()).rejects.toThrow(/^GRPC bundle failed: leader too far$/);
    } finally {
      await server.close();
    }
  });

  it("keeps the logs of the server's failed bundle, so the program error in them is what the failure resolves to", async () => {
    const program = MARGINFI_PROGRAM_ID;
    const logs = [`Program ${program} invoke [1]`, `Program ${program} failed: custom program error: 0x1782`];
    const server = await startFakeServer(() => ({
      body: {
        success: false,
        error: "API bundle failed: Bank is missing",
        errorType: "sending",
        details: { bundleId: null, logs, programId: program, code: 6018 },
      },
    }));
    try {
      const transactions = await signedTransfers(Keypair.generate(), newKeys(1), 10_000);
      const error = (await broadcast(transactions, ["GRPC_BUNDLE"], { connection: ledger.connection, serverUrl: server.url }).catch(
        (e: unknown) => e,
      )) as ProcessTransactionError;
      expect(error.message).toBe("GRPC bundle failed: API bundle failed: Bank is missing");
      expect(error.logs).toEqual(logs);
      const resolved = resolveTransactionError(error, { lendingProgramId: program, action: { action: "repay", symbol: "USDC" } });
      expect(resolved.message).toBe("You have no USDC debt to repay: it was repaid elsewhere");
      expect(resolved.code).toBe(6018);
    } finally {
      await server.close();
    }
  });
});

describe("bundle polling through the block engine API", () => {
  let engine: FakeServer;
  let statuses: unknown[];
  let bundleIds: unknown[];
  beforeAll(async () => {
    engine = await startFakeServer((_path, body) => {
      if (body.method === "sendBundle") return rpcResult(body, bundleIds.shift());
      return rpcResult(body, { context: { slot: 1 }, value: [statuses.shift() ?? null] });
    });
  });
  afterAll(() => engine.close());

  async function sendThroughEngine(clock: VirtualClock) {
    const transactions = await signedTransfers(Keypair.generate(), newKeys(1), 10_000);
    return broadcast(transactions, ["API_BUNDLE"], { connection: ledger.connection, blockEngineUrl: engine.url, clock }).catch(
      (e: unknown) => e as ProcessTransactionError,
    );
  }

  it("waits 500 ms, then checks 10 times 1 s apart before giving up", async () => {
    bundleIds = ["b1"];
    statuses = [];
    const clock = new VirtualClock("hold");
    const error = (await sendThroughEngine(clock)) as ProcessTransactionError;
    expect(error.message).toBe(`API bundle failed: ${TIMEOUT}`);
    expect(error.type).toBe("TimeoutError");
    expect(clock.intervals).toEqual([500, ...Array(9).fill(1_000)]);
  });

  it("after landing, confirms the bundle's commitment 5 times 2 s apart", async () => {
    bundleIds = ["b2"];
    const processed = { bundle_id: "b2", transactions: [], slot: 1, confirmation_status: "processed", err: { Ok: null } };
    statuses = [processed, processed, processed, { ...processed, confirmation_status: "confirmed" }];
    const clock = new VirtualClock("hold");
    const result = await sendThroughEngine(clock);
    expect(result).toMatchObject({ method: "API_BUNDLE", bundleId: "b2" });
    // Landed at the first check; confirmed at the third check of the confirmation.
    expect(clock.intervals).toEqual([500, 2_000, 2_000]);
  });

  it("a failed bundle and a missing bundle id fail the method", async () => {
    bundleIds = ["b3", null];
    statuses = [{ bundle_id: "b3", transactions: [], slot: 1, confirmation_status: "Failed", err: { Err: "x" } }];
    expect(((await sendThroughEngine(new VirtualClock("hold"))) as Error).message).toBe("API bundle failed: Bundle b3 failed");
    expect(((await sendThroughEngine(new VirtualClock("hold"))) as Error).message).toBe("API bundle failed: unknown error");
  });
});

describe("confirmation timeouts against the ledger", () => {
  it("an unknown signature: 8 checks 2 s apart, then the timeout message", async () => {
    const clock = new VirtualClock("hold");
    const unknown = "5".repeat(87);
    const error = (await confirmSignature(ledger.connection, unknown, { clock }).catch((e: unknown) => e)) as ProcessTransactionError;
    expect(error.message).toBe(TIMEOUT);
    expect(error.type).toBe("TimeoutError");
    expect(clock.intervals).toEqual(Array(7).fill(2_000));
  });

  it("an unknown bundle: 5 checks 2 s apart, then the timeout message", async () => {
    const clock = new VirtualClock("hold");
    await expect(confirmBundle(ledger.blockEngineUrl, "f".repeat(64), { clock })).rejects.toThrow(TIMEOUT);
    expect(clock.intervals).toEqual(Array(4).fill(2_000));
  });
});

describe("a reply web3.js cannot validate", () => {
  let rpc: FakeServer;
  let connection: Connection;
  beforeAll(async () => {
    // The send reaches the node but its reply (here without "jsonrpc") fails web3.js's validation: the
    // transaction may well have landed.
    rpc = await startFakeServer((_path, body) => ({ body: { id: body.id, result: "accepted" } }));
    connection = new Connection(rpc.url, "confirmed");
  });
  afterAll(() => rpc.close());

  it("is reported as possibly landed and ends the fallback sequence", async () => {
    const transactions = await signedTransfers(Keypair.generate(), newKeys(2));
    const endpoints: BroadcastEndpoints = { connection };
    const error = (await broadcast(transactions, ["RPC_BUNDLE", "RPC_SEQUENTIAL"], endpoints).catch(
      (e: unknown) => e,
    )) as ProcessTransactionError;
    expect(error.message).toBe(LANDED);
    expect(error.type).toBe("TransactionSendingError");
    expect(error.possiblyLanded).toBe(true);
    expect(rpc.requests.filter((r) => r.body.method === "sendTransaction")).toHaveLength(1);
  });

  it("is a TransactionTupleError when the transactions were sent in parallel", async () => {
    const transactions = await signedTransfers(Keypair.generate(), newKeys(2));
    const error = (await broadcast(transactions, ["RPC_BUNDLE"], { connection, rpcMode: "parallel" }).catch(
      (e: unknown) => e,
    )) as ProcessTransactionError;
    expect(error.message).toBe(LANDED);
    expect(error.type).toBe("TransactionTupleError");
  });
});
