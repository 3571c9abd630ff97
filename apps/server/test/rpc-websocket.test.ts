// The ledger's websocket through the server's origin: an upgrade at /rpc subscribes on the ledger and its
// notifications arrive as the ledger sends them; other paths are refused, and a ledger that cannot be reached answers
// 502 to the upgrade.
import type { IncomingMessage } from "node:http";
import { createServer } from "node:net";
import { Connection, Keypair, LAMPORTS_PER_SOL, SystemProgram, type AccountInfo } from "@solana/web3.js";
import WebSocket from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestMarket } from "../../../packages/protocol/test/support/market.js";
import { configFromEnvironment } from "../src/config.js";
import { ledgerWebsocketUrl } from "../src/routes/rpc-websocket.js";
import type { RunningServer } from "../src/server.js";
import { startTestServer } from "./support/server.js";

let market: TestMarket;
let server: RunningServer;

beforeAll(async () => {
  market = await TestMarket.start();
  server = await startTestServer(market);
});
afterAll(async () => {
  await server.close();
  await market.close();
});

const wsUrl = (base: string, path: string) => `${base.replace(/^http/, "ws")}${path}`;

/** Opens a websocket; resolves once open, rejects with the refused upgrade's status. */
function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once("open", () => resolve(socket));
    socket.once("unexpected-response", (_request: unknown, response: IncomingMessage) =>
      reject(new Error(`status ${response.statusCode}`)),
    );
    socket.once("error", reject);
  });
}

/** The next JSON message the socket receives. */
function nextMessage(socket: WebSocket): Promise<any> {
  return new Promise((resolve) => socket.once("message", (data: Buffer) => resolve(JSON.parse(data.toString()))));
}

describe("websocket upgrades at /rpc", () => {
  it("subscribe on the ledger and carry its account notifications", async () => {
    const socket = await connect(wsUrl(server.url, "/rpc"));
    try {
      const watched = Keypair.generate().publicKey;
      const reply = nextMessage(socket);
      socket.send(
        JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "accountSubscribe",
          params: [watched.toBase58(), { encoding: "base64", commitment: "confirmed" }],
        }),
      );
      const subscribed = await reply;
      expect(subscribed).toEqual({ jsonrpc: "2.0", id: 7, result: expect.any(Number) });
      const notified = nextMessage(socket);
      await market.send(SystemProgram.transfer({ fromPubkey: market.admin.publicKey, toPubkey: watched, lamports: LAMPORTS_PER_SOL }), [
        market.admin,
      ]);
      const notification = await notified;
      expect(notification.method).toBe("accountNotification");
      expect(notification.params.subscription).toBe(subscribed.result);
      expect(notification.params.result.value.lamports).toBe(LAMPORTS_PER_SOL);
      expect(notification.params.result.value.data).toEqual(["", "base64"]);
    } finally {
      socket.close();
    }
  });

  it("serve web3.js's own subscriptions, pointed at the server's /rpc for both JSON-RPC and the websocket", async () => {
    const connection = new Connection(`${server.url}/rpc`, { commitment: "confirmed", wsEndpoint: wsUrl(server.url, "/rpc") });
    const watched = Keypair.generate().publicKey;
    let subscription: number | undefined;
    try {
      const changed = new Promise<AccountInfo<Buffer>>((resolve) => {
        subscription = connection.onAccountChange(watched, resolve, { commitment: "confirmed" });
      });
      // web3.js subscribes once its socket opens: resend until the notification arrives.
      let notified: AccountInfo<Buffer> | undefined;
      void changed.then((info) => (notified = info));
      for (let i = 0; i < 50 && notified === undefined; i++) {
        await market.send(SystemProgram.transfer({ fromPubkey: market.admin.publicKey, toPubkey: watched, lamports: LAMPORTS_PER_SOL }), [
          market.admin,
        ]);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const info = await changed;
      expect(info.lamports % LAMPORTS_PER_SOL).toBe(0);
      expect(info.lamports).toBeGreaterThanOrEqual(LAMPORTS_PER_SOL);
      expect(info.data).toEqual(Buffer.alloc(0));
    } finally {
      if (subscription !== undefined) await connection.removeAccountChangeListener(subscription);
    }
  });

  it("refuse any other path with 404", async () => {
    await expect(connect(wsUrl(server.url, "/api/banks/db"))).rejects.toThrow("status 404");
  });

  it("answer 502 when the ledger's websocket cannot be reached", async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const down = await startTestServer(market, { config: { rpcWsUrl: `ws://127.0.0.1:${port}` } });
    try {
      await expect(connect(wsUrl(down.url, "/rpc"))).rejects.toThrow("status 502");
    } finally {
      await down.close();
    }
  });

  it("go to RPC_WS_URL when set, else to the JSON-RPC URL as ws(s)://", () => {
    expect(ledgerWebsocketUrl({ rpcUrl: "http://127.0.0.1:8899", rpcWsUrl: null }).toString()).toBe("ws://127.0.0.1:8899/");
    expect(ledgerWebsocketUrl({ rpcUrl: "https://rpc.example/key", rpcWsUrl: null }).toString()).toBe("wss://rpc.example/key");
    expect(ledgerWebsocketUrl({ rpcUrl: "http://127.0.0.1:8899", rpcWsUrl: "ws://127.0.0.1:8900" }).toString()).toBe(
      "ws://127.0.0.1:8900/",
    );
    const group = market.group.toBase58();
    expect(configFromEnvironment({ GROUP: group }).rpcWsUrl).toBeNull();
    expect(configFromEnvironment({ GROUP: group, RPC_WS_URL: "ws://127.0.0.1:8900" }).rpcWsUrl).toBe("ws://127.0.0.1:8900");
  });
});
