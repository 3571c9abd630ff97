import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  type AccountInfo,
  type Context,
  type KeyedAccountInfo,
  type SignatureResult,
  type SlotInfo,
} from "@solana/web3.js";
import bs58 from "bs58";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import type { Account } from "../../src/account.js";
import { PubSub } from "../../src/rpc/pubsub.js";
import { emptyMeta, FakeLedger } from "./fake-ledger.js";
import { startHarness, type Harness } from "./harness.js";

const SYSTEM = "11111111111111111111111111111111";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

function account(lamports: bigint, data: Buffer = Buffer.alloc(0), owner = SYSTEM): Account {
  return { lamports, data, owner, executable: false, rentEpoch: 0xffff_ffff_ffff_ffffn };
}

function transfer(payer: Keypair, to: PublicKey): Transaction {
  const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1000 }));
  tx.feePayer = payer.publicKey;
  tx.recentBlockhash = h.ledger.latestBlockhash().blockhash;
  tx.sign(payer);
  return tx;
}

/** A raw websocket client that collects every message as parsed JSON. */
class RawClient {
  readonly messages: any[] = [];
  private waiters: (() => void)[] = [];
  private nextId = 1;
  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      this.messages.push(JSON.parse(data.toString()));
      for (const w of this.waiters.splice(0)) w();
    });
  }
  static async open(url: string): Promise<RawClient> {
    const socket = new WebSocket(url);
    await once(socket, "open");
    return new RawClient(socket);
  }
  /** Waits until a message matches. */
  async next(match: (m: any) => boolean): Promise<any> {
    for (;;) {
      const found = this.messages.find(match);
      if (found) {
        this.messages.splice(this.messages.indexOf(found), 1);
        return found;
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
  async call(method: string, params?: unknown): Promise<any> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    return this.next((m) => m.id === id);
  }
  sendRaw(text: string): void {
    this.socket.send(text);
  }
  async close(): Promise<void> {
    this.socket.close();
    await once(this.socket, "close");
  }
}

describe("websocket framing", () => {
  it("subscribes with numeric ids, notifies in Solana's shape and unsubscribes", async () => {
    const client = await RawClient.open(h.server.wsUrl);
    try {
      const address = Keypair.generate().publicKey.toBase58();
      const subscribed = await client.call("accountSubscribe", [address, { encoding: "base64", commitment: "confirmed" }]);
      expect(subscribed).toEqual({ jsonrpc: "2.0", result: expect.any(Number), id: 1 });
      const id = subscribed.result;

      h.ledger.setAccount(address, account(18_446_744_073_709_551_615n, Buffer.from([1, 2, 3])));
      const note = await client.next((m) => m.method === "accountNotification");
      expect(note).toEqual({
        jsonrpc: "2.0",
        method: "accountNotification",
        params: {
          result: {
            context: { slot: 100 },
            value: {
              lamports: 18446744073709552000,
              data: ["AQID", "base64"],
              owner: SYSTEM,
              executable: false,
              rentEpoch: 18446744073709552000,
              space: 3,
            },
          },
          subscription: id,
        },
      });

      expect(await client.call("accountUnsubscribe", [id])).toEqual({ jsonrpc: "2.0", result: true, id: 2 });
      expect(await client.call("accountUnsubscribe", [id])).toEqual({
        jsonrpc: "2.0",
        error: { code: -32602, message: "Invalid subscription id." },
        id: 3,
      });
      expect(await client.call("slotSubscribe", [])).toEqual({ jsonrpc: "2.0", result: expect.any(Number), id: 4 });
      expect(await client.call("nope", [])).toEqual({ jsonrpc: "2.0", error: { code: -32601, message: "Method not found" }, id: 5 });
      client.sendRaw("{bad json");
      expect(await client.next((m) => m.error?.code === -32700)).toEqual({
        jsonrpc: "2.0",
        error: { code: -32700, message: "Parse error" },
        id: null,
      });
      expect(await client.call("logsSubscribe", [{ mentions: [address, address] }])).toEqual({
        jsonrpc: "2.0",
        error: { code: -32602, message: "Invalid Request: Only 1 address supported" },
        id: 6,
      });
    } finally {
      await client.close();
    }
  });

  it("writes u64 values exactly in notifications", async () => {
    const client = await RawClient.open(h.server.wsUrl);
    try {
      const address = Keypair.generate().publicKey.toBase58();
      await client.call("accountSubscribe", [address, { encoding: "base64" }]);
      const raw = new Promise<string>((resolve) => client.socket.once("message", (data) => resolve(data.toString())));
      h.ledger.setAccount(address, account(18_446_744_073_709_551_615n));
      expect(await raw).toContain('"lamports":18446744073709551615');
    } finally {
      await client.close();
    }
  });

  it("does not answer notifications (web3.js pings)", async () => {
    const client = await RawClient.open(h.server.wsUrl);
    try {
      client.sendRaw(JSON.stringify({ jsonrpc: "2.0", method: "ping", params: null }));
      expect(await client.call("getVersionless", [])).toMatchObject({ id: 1 });
      expect(client.messages).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("is also served on the JSON-RPC port", async () => {
    const client = await RawClient.open(h.server.url.replace("http", "ws"));
    try {
      expect((await client.call("slotSubscribe", [])).result).toEqual(expect.any(Number));
    } finally {
      await client.close();
    }
  });
});

describe("subscriptions through web3.js", () => {
  it("notifies slots", async () => {
    const slots: SlotInfo[] = [];
    const done = new Promise<void>((resolve) => {
      const id = h.connection.onSlotChange((info) => {
        slots.push(info);
        if (slots.length === 2) {
          void h.connection.removeSlotChangeListener(id);
          resolve();
        }
      });
    });
    const timer = setInterval(() => h.ledger.tick(), 20);
    try {
      await done;
    } finally {
      clearInterval(timer);
    }
    expect(slots[1].slot).toBe(slots[0].slot + 1);
    expect(slots[0].parent).toBe(slots[0].slot - 1);
  });

  it("notifies account and program changes", async () => {
    const address = Keypair.generate().publicKey;
    const program = Keypair.generate().publicKey;
    const accountChange = new Promise<[AccountInfo<Buffer>, Context]>((resolve) => {
      const id = h.connection.onAccountChange(address, (info, ctx) => {
        void h.connection.removeAccountChangeListener(id);
        resolve([info, ctx]);
      });
    });
    const programChange = new Promise<KeyedAccountInfo>((resolve) => {
      const id = h.connection.onProgramAccountChange(
        program,
        (info) => {
          void h.connection.removeProgramAccountChangeListener(id);
          resolve(info);
        },
        { filters: [{ dataSize: 4 }] },
      );
    });
    // web3.js subscribes lazily; keep writing until both notifications have come.
    let done = false;
    void Promise.all([accountChange, programChange]).then(() => (done = true));
    const other = Keypair.generate().publicKey.toBase58();
    while (!done) {
      h.ledger.setAccount(other, account(1n, Buffer.alloc(5), program.toBase58()));
      h.ledger.setAccount(address.toBase58(), account(1234n, Buffer.alloc(4), program.toBase58()));
      await new Promise((r) => setTimeout(r, 20));
    }
    const [info, ctx] = await accountChange;
    expect(info.lamports).toBe(1234);
    expect(info.owner.toBase58()).toBe(program.toBase58());
    expect(ctx.slot).toBe(Number(h.ledger.currentSlot));
    const keyed = await programChange;
    expect(keyed.accountId.toBase58()).toBe(address.toBase58());
  });

  it("notifies a signature once it lands, and at once if it already has", async () => {
    const payer = Keypair.generate();
    const tx = transfer(payer, Keypair.generate().publicKey);
    const logs = new Promise<string[]>((resolve) => {
      const id = h.connection.onLogs(payer.publicKey, (entry) => {
        void h.connection.removeOnLogsListener(id);
        resolve(entry.logs);
      });
    });
    // Let the logs subscription reach the server before anything lands.
    await new Promise((r) => setTimeout(r, 200));

    h.ledger.nextMeta = emptyMeta({
      logMessages: ["Program 11111111111111111111111111111111 invoke [1]", "Program 11111111111111111111111111111111 success"],
    });
    const signature = await h.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    // The fake lands it at once and reports it durable on the next tick: this subscribes after that.
    await new Promise((r) => setTimeout(r, 20));
    const early = await new Promise<SignatureResult>((resolve) =>
      h.connection.onSignature(signature, (result) => resolve(result), "confirmed"),
    );
    expect(early).toEqual({ err: null });

    const failing = transfer(Keypair.generate(), Keypair.generate().publicKey);
    h.ledger.nextMeta = emptyMeta({ err: { InstructionError: [0, { Custom: 1 }] }, logMessages: ["failed"] });
    const wire = failing.serialize();
    // Subscribe first, then send once the subscription is surely registered.
    const late = new Promise<SignatureResult>((resolve) =>
      h.connection.onSignature(bs58.encode(failing.signature!), (result) => resolve(result), "confirmed"),
    );
    await new Promise((r) => setTimeout(r, 200));
    await h.connection.sendRawTransaction(wire, { skipPreflight: true });
    expect(await late).toEqual({ err: { InstructionError: [0, { Custom: 1 }] } });

    expect(await logs).toEqual(["Program 11111111111111111111111111111111 invoke [1]", "Program 11111111111111111111111111111111 success"]);
  });
});

describe("cleanup", () => {
  it("drops a connection's subscriptions when it closes, and stops listening on close()", async () => {
    const ledger = new FakeLedger();
    const pubsub = new PubSub({ ledger });
    const http = createServer();
    const wss = new WebSocketServer({ server: http });
    wss.on("connection", (socket) => pubsub.attach(socket));
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
    try {
      const client = await RawClient.open(url);
      await client.call("slotSubscribe", []);
      await client.call("accountSubscribe", [SYSTEM, { encoding: "base64" }]);
      await client.call("signatureSubscribe", ["1".repeat(64)]);
      await client.call("logsSubscribe", ["all"]);
      expect(pubsub.size).toBe(4);
      await client.close();
      for (let i = 0; i < 50 && pubsub.size > 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(pubsub.size).toBe(0);
      expect(ledger.events.listenerCount("slot")).toBe(1);
      pubsub.close();
      expect(ledger.events.listenerCount("slot")).toBe(0);
      expect(ledger.events.listenerCount("account")).toBe(0);
      expect(ledger.events.listenerCount("transaction")).toBe(0);
    } finally {
      wss.close();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});
