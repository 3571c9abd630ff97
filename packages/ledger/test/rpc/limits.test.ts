import { Keypair, PublicKey, SystemProgram, TransactionMessage, VersionedTransaction } from "@solana/web3.js";
import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { Ledger } from "../../src/ledger.js";
import { DEFAULT_RPC_LIMITS, rpcLimitsFromEnvironment, type RpcLimits } from "../../src/rpc/limits.js";
import { startRpcServer, type RpcServer } from "../../src/rpc/server.js";
import { post, rpc } from "./harness.js";

const SYSTEM = "11111111111111111111111111111111";
const I64_MAX = 9223372036854775807n;

/** A real ledger behind the real RPC server with the given limits, its slot clock stopped. */
async function withServer(
  limits: Partial<RpcLimits>,
  body: (server: RpcServer, ledger: Ledger) => Promise<void>,
  trustedProxies?: readonly string[],
): Promise<void> {
  const ledger = Ledger.open({ dataDir: null, slotMs: 0 });
  const server = await startRpcServer({ ledger, port: 0, limits, trustedProxies });
  try {
    await body(server, ledger);
  } finally {
    await server.close();
    await ledger.close();
  }
}

async function openSocket(url: string): Promise<WebSocket> {
  const socket = new WebSocket(url);
  await once(socket, "open");
  return socket;
}

/** Sends one request on a websocket and resolves with the reply carrying its id. */
function call(socket: WebSocket, id: number, method: string, params: unknown[] = []): Promise<any> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const message = JSON.parse(data.toString());
      if (message.id !== id) return;
      socket.off("message", onMessage);
      resolve(message);
    };
    socket.on("message", onMessage);
    socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
  });
}

/** One masked websocket text frame, as a client must send it. */
function clientFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const mask = Buffer.from([1, 2, 3, 4]);
  const length =
    payload.length < 126 ? Buffer.from([0x80 | payload.length]) : Buffer.from([0x80 | 126, payload.length >> 8, payload.length & 0xff]);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([0x81]), length, mask, masked]);
}

/** A websocket client over a raw TCP socket that completes the handshake, sends `requests`, then never reads. */
async function stalledClient(port: number, requests: string[]): Promise<Socket> {
  const socket = connect(port, "127.0.0.1");
  await once(socket, "connect");
  socket.write(
    "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
  );
  const [head] = (await once(socket, "data")) as [Buffer];
  expect(head.toString().split("\r\n")[0]).toBe("HTTP/1.1 101 Switching Protocols");
  for (const request of requests) socket.write(clientFrame(request));
  socket.pause();
  return socket;
}

describe("JSON-RPC batches", () => {
  it("refuses a batch longer than the limit (100 by default) with an error naming the limit, and answers one at the limit", async () => {
    expect(DEFAULT_RPC_LIMITS.maxBatchRequests).toBe(100);
    await withServer({}, async (server) => {
      const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "getSlot" }));
      const refused = await post(server.url, batch(300));
      expect(refused.status).toBe(200);
      expect(refused.text).toBe(
        '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Batch of 300 requests exceeds the limit of 100 requests per batch"},"id":null}',
      );
      const answered = (await post(server.url, batch(100))).json;
      expect(answered).toHaveLength(100);
      expect(answered[99]).toEqual({ jsonrpc: "2.0", result: 1, id: 99 });
    });
  });

  it("applies a configured batch limit over the websocket too", async () => {
    await withServer({ maxBatchRequests: 2 }, async (server) => {
      const socket = await openSocket(server.wsUrl);
      try {
        const reply = new Promise<string>((resolve) => socket.once("message", (data) => resolve(data.toString())));
        socket.send(JSON.stringify([1, 2, 3].map((id) => ({ jsonrpc: "2.0", id, method: "getSlot" }))));
        expect(await reply).toBe(
          '{"jsonrpc":"2.0","error":{"code":-32600,"message":"Batch of 3 requests exceeds the limit of 2 requests per batch"},"id":null}',
        );
      } finally {
        socket.close();
      }
    });
  });
});

describe("scan results", () => {
  it("aborts the scans of one message past the limit with Solana's -32012, a batch sharing one budget", async () => {
    const ledger = Ledger.open({ dataDir: null, slotMs: 0 });
    for (let i = 0; i < 20; i++) await ledger.requestAirdrop(Keypair.generate().publicKey.toBase58(), 1_000_000n);
    // The system program owns the wallets (and the faucet), none with data: 128 bytes each.
    const owned = [...ledger.accountsOwnedBy(SYSTEM)];
    expect(owned.every(([, account]) => account.data.length === 0)).toBe(true);
    const server = await startRpcServer({ ledger, port: 0, limits: { maxScanBytes: owned.length * 128 } });
    try {
      const scan = (id: number, filters: unknown[] = []) => ({
        jsonrpc: "2.0",
        id,
        method: "getProgramAccounts",
        params: [SYSTEM, { encoding: "base64", filters }],
      });
      const aborted = { code: -32012, message: "scan aborted: The accumulated scan results exceeded the limit" };
      expect((await post(server.url, scan(1))).json.result).toHaveLength(owned.length);
      // The budget is per message: every request gets a fresh one, a batch's requests share one.
      expect((await post(server.url, scan(1))).json.result).toHaveLength(owned.length);
      const twice = (await post(server.url, [scan(1), scan(2)])).json;
      expect(twice[0].result).toHaveLength(owned.length);
      expect(twice[1]).toEqual({ jsonrpc: "2.0", error: aborted, id: 2 });
      // Only what a scan returns is charged: one matching nothing costs nothing.
      const filtered = (await post(server.url, [scan(1, [{ dataSize: 1 }]), scan(2)])).json;
      expect(filtered.map((r: { result: unknown[] }) => r.result.length)).toEqual([0, owned.length]);
    } finally {
      await server.close();
      await ledger.close();
    }
  });

  it("reads its limits from the environment and refuses bad values by name", () => {
    expect(rpcLimitsFromEnvironment({})).toEqual({});
    expect(
      rpcLimitsFromEnvironment({
        RPC_MAX_BATCH: "10",
        RPC_MAX_SCAN_BYTES: "1048576",
        RPC_WS_MAX_BUFFERED_BYTES: "65536",
        RPC_WS_MAX_SUBSCRIPTIONS: "5",
        RPC_WS_MAX_CONNECTIONS_PER_ADDRESS: "3",
      }),
    ).toEqual({
      maxBatchRequests: 10,
      maxScanBytes: 1_048_576,
      maxWsBufferedBytes: 65_536,
      maxSubscriptionsPerConnection: 5,
      maxConnectionsPerAddress: 3,
    });
    expect(() => rpcLimitsFromEnvironment({ RPC_MAX_BATCH: "0" })).toThrow('RPC_MAX_BATCH must be a positive whole number, got "0"');
    expect(() => rpcLimitsFromEnvironment({ RPC_WS_MAX_SUBSCRIPTIONS: "ten" })).toThrow(
      'RPC_WS_MAX_SUBSCRIPTIONS must be a positive whole number, got "ten"',
    );
  });
});

describe("u64 params beyond the ledger's slots", () => {
  it("answers getBlockTime of a slot of 2^63 or more with invalid params, not an internal error", async () => {
    const internal: unknown[] = [];
    const ledger = Ledger.open({ dataDir: null, slotMs: 0 });
    const server = await startRpcServer({ ledger, port: 0, onInternalError: (error) => internal.push(error) });
    try {
      for (const slot of [I64_MAX + 1n, 18446744073709551615n]) {
        const reply = await post(server.url, `{"jsonrpc":"2.0","id":1,"method":"getBlockTime","params":[${slot}]}`);
        expect(reply.text).toBe(
          `{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params: invalid value: integer \`${slot}\`, expected a slot below 2^63."},"id":1}`,
        );
      }
      const beyond = await post(server.url, `{"jsonrpc":"2.0","id":1,"method":"getBlockTime","params":[${I64_MAX}]}`);
      expect(beyond.json.error).toEqual({ code: -32004, message: `Block not available for slot ${I64_MAX}` });
      expect(internal).toEqual([]);
    } finally {
      await server.close();
      await ledger.close();
    }
  });
});

describe("simulateTransaction accounts", () => {
  it("refuses more addresses than the transaction's account keys, in Solana's words", async () => {
    await withServer({}, async (server, ledger) => {
      const payer = Keypair.generate();
      await ledger.requestAirdrop(payer.publicKey.toBase58(), 1_000_000_000n);
      const to = Keypair.generate().publicKey;
      const message = new TransactionMessage({
        payerKey: payer.publicKey,
        recentBlockhash: ledger.latestBlockhash().blockhash,
        instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1_000_000 })],
      }).compileToV0Message();
      const tx = new VersionedTransaction(message);
      tx.sign([payer]);
      const wire = Buffer.from(tx.serialize()).toString("base64");
      // payer, recipient and the system program: three keys.
      const simulate = (addresses: string[]) =>
        rpc(server.url, "simulateTransaction", [wire, { encoding: "base64", accounts: { addresses, encoding: "base64" } }]);
      const many = Array.from({ length: 5_000 }, (_, i) => new PublicKey(i + 1).toBase58());
      expect((await simulate(many)).error).toEqual({ code: -32602, message: "Too many accounts provided; max 3" });
      expect((await simulate(many.slice(0, 4))).error).toEqual({ code: -32602, message: "Too many accounts provided; max 3" });
      // The count is checked before the addresses are parsed, as Solana does.
      expect((await simulate(["x", "y", "z", "w"])).error).toEqual({ code: -32602, message: "Too many accounts provided; max 3" });
      const fits = await simulate([payer.publicKey.toBase58(), to.toBase58(), SYSTEM]);
      expect(fits.result.value.err).toBeNull();
      expect(fits.result.value.accounts.map((a: { lamports: number }) => a.lamports)).toEqual([
        1_000_000_000 - 1_000_000 - 5_000,
        1_000_000,
        1,
      ]);
    });
  });
});

describe("websocket limits", () => {
  it("refuses subscriptions past the limit per connection and keeps the connection", async () => {
    await withServer({ maxSubscriptionsPerConnection: 3 }, async (server) => {
      const socket = await openSocket(server.wsUrl);
      try {
        for (let id = 1; id <= 3; id++) expect((await call(socket, id, "slotSubscribe")).result).toBeGreaterThan(0);
        expect(await call(socket, 4, "accountSubscribe", [SYSTEM])).toEqual({
          jsonrpc: "2.0",
          error: { code: -32600, message: "Subscription refused: this connection has reached the limit of 3 subscriptions" },
          id: 4,
        });
        expect(server.websocketStats()).toEqual({ connections: 1, subscriptions: 3 });
        // Unsubscribing makes room again.
        expect((await call(socket, 5, "slotUnsubscribe", [1])).result).toBe(true);
        expect((await call(socket, 6, "slotSubscribe")).result).toBeGreaterThan(0);
      } finally {
        socket.close();
      }
    });
  });

  it("refuses connections past the limit per client address with 429, and admits one again after a close", async () => {
    await withServer({ maxConnectionsPerAddress: 2 }, async (server) => {
      const open = [await openSocket(server.wsUrl), await openSocket(server.wsUrl)];
      const refused = new WebSocket(server.wsUrl);
      const [, response] = (await once(refused, "unexpected-response")) as [unknown, import("node:http").IncomingMessage];
      expect(response.statusCode).toBe(429);
      let text = "";
      for await (const chunk of response) text += chunk;
      expect(text).toBe("Too many websocket connections from this address (max 2)\n");
      // The JSON-RPC port's upgrade is counted the same way.
      const viaHttpPort = new WebSocket(server.url.replace("http", "ws"));
      const [, second] = (await once(viaHttpPort, "unexpected-response")) as [unknown, import("node:http").IncomingMessage];
      expect(second.statusCode).toBe(429);
      const closed = once(open[0]!, "close");
      open[0]!.close();
      await closed;
      await expect.poll(() => server.websocketStats().connections).toBe(1);
      const again = await openSocket(server.wsUrl);
      expect((await call(again, 1, "slotSubscribe")).result).toBeGreaterThan(0);
      again.close();
      open[1]!.close();
    });
  });

  it("counts a trusted proxy's connections by the client it forwards, and ignores the header from anyone else", async () => {
    const behindProxy = (url: string, client: string) => new WebSocket(url, { headers: { "x-forwarded-for": `10.9.9.9, ${client}` } });
    const refusal = async (socket: WebSocket) => {
      const [, response] = (await once(socket, "unexpected-response")) as [unknown, import("node:http").IncomingMessage];
      response.resume();
      return response.statusCode;
    };
    await withServer(
      { maxConnectionsPerAddress: 1 },
      async (server) => {
        // Two browsers behind the proxy each get their own allowance of one; the second connection of one is refused.
        const first = behindProxy(server.wsUrl, "10.0.0.1");
        const second = behindProxy(server.wsUrl, "10.0.0.2");
        await Promise.all([once(first, "open"), once(second, "open")]);
        expect(await refusal(behindProxy(server.wsUrl, "10.0.0.1"))).toBe(429);
        first.close();
        second.close();
      },
      ["127.0.0.1"],
    );
    await withServer({ maxConnectionsPerAddress: 1 }, async (server) => {
      // Without trust, the header is the client's own claim: both connections are 127.0.0.1's.
      const first = behindProxy(server.wsUrl, "10.0.0.1");
      await once(first, "open");
      expect(await refusal(behindProxy(server.wsUrl, "10.0.0.2"))).toBe(429);
      first.close();
    });
  });

  it("drops a client that never reads once its queued bytes pass the limit, and keeps serving the others", async () => {
    await withServer({ maxWsBufferedBytes: 64 * 1024 }, async (server, ledger) => {
      const subscriptions = Array.from({ length: 200 }, (_, i) => JSON.stringify({ jsonrpc: "2.0", id: i, method: "slotSubscribe" }));
      const stalled = await stalledClient(server.wsPort, subscriptions);
      await expect.poll(() => server.websocketStats().subscriptions).toBe(200);
      const reader = await openSocket(server.wsUrl);
      const readerSub = (await call(reader, 1, "slotSubscribe")).result;
      let lastSlot = 0;
      reader.on("message", (data) => {
        const message = JSON.parse(data.toString());
        if (message.params?.subscription === readerSub) lastSlot = message.params.result.slot;
      });
      // Each slot queues 200 notifications (~20 KB) for the stalled client; the kernel's socket buffers fill first.
      let slots = 0;
      while (server.websocketStats().connections === 2 && slots < 5_000) {
        ledger.warp(1);
        slots++;
        if (slots % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(server.websocketStats()).toEqual({ connections: 1, subscriptions: 1 });
      const ended = once(stalled, "close");
      stalled.resume();
      await ended;
      await expect.poll(() => lastSlot).toBe(Number(ledger.slot()));
      reader.close();
    });
  });
});
