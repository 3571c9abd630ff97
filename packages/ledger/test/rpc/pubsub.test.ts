import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  type AccountInfo,
  type Context,
  type KeyedAccountInfo,
  type Logs,
  type SignatureResult,
  type SlotInfo,
} from "@solana/web3.js";
import bs58 from "bs58";
import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { Ledger } from "../../src/ledger.js";
import { startLocalnet } from "../../src/localnet.js";
import { PubSub } from "../../src/rpc/pubsub.js";
import { funded, send, signed, startHarness, type Harness } from "./harness.js";

const SYSTEM = "11111111111111111111111111111111";
const SYSTEM_LOGS = [`Program ${SYSTEM} invoke [1]`, `Program ${SYSTEM} success`];
/** u64::MAX as JSON.parse reads it. */
const RENT_EPOCH_AS_DOUBLE = 18446744073709552000;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

/** A raw websocket client that keeps every message, as text and as parsed JSON. */
class RawClient {
  readonly messages: { text: string; json: any }[] = [];
  private waiters: (() => void)[] = [];
  private nextId = 1;
  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const text = data.toString();
      this.messages.push({ text, json: JSON.parse(text) });
      for (const w of this.waiters.splice(0)) w();
    });
  }
  static async open(url: string): Promise<RawClient> {
    const socket = new WebSocket(url);
    await once(socket, "open");
    return new RawClient(socket);
  }
  /** Waits until a message matches, and takes it: its text. */
  async nextText(match: (m: any) => boolean): Promise<string> {
    for (;;) {
      const index = this.messages.findIndex((m) => match(m.json));
      if (index >= 0) return this.messages.splice(index, 1)[0]!.text;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }
  /** Waits until a message matches, and takes it: parsed. */
  async next(match: (m: any) => boolean): Promise<any> {
    return JSON.parse(await this.nextText(match));
  }
  /** The next notification of subscription `id`, as text. */
  notification(id: number): Promise<string> {
    return this.nextText((m) => m.params?.subscription === id);
  }
  async call(method: string, params?: unknown): Promise<any> {
    const id = this.nextId++;
    this.socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
    return this.next((m) => m.id === id);
  }
  /** Subscribes and returns the subscription id. */
  async subscribe(method: string, params?: unknown): Promise<number> {
    const reply = await this.call(method, params);
    expect(Number.isSafeInteger(reply.result) && reply.result > 0).toBe(true);
    return reply.result;
  }
  sendRaw(text: string): void {
    this.socket.send(text);
  }
  async close(): Promise<void> {
    this.socket.close();
    await once(this.socket, "close");
  }
}

/** A fresh web3.js Connection, with its own websocket, to the harness. */
function connect(): Connection {
  return new Connection(h.server.url, { commitment: "confirmed", wsEndpoint: h.server.wsUrl });
}

/**
 * Resolves once every subscription already asked of `connection` is live on the server. The server handles a
 * socket's requests in order, and notifies a signature that has already landed as soon as it is subscribed to, so
 * when that notification comes every earlier subscription request has been handled.
 */
async function live(connection: Connection): Promise<void> {
  const landed = await h.ledger.requestAirdrop(Keypair.generate().publicKey.toBase58(), 1_000_000_000n);
  await new Promise<void>((resolve) => connection.onSignature(landed, () => resolve(), "confirmed"));
}

describe("websocket framing", () => {
  it("subscribes with numeric ids, notifies in Solana's shape and unsubscribes", async () => {
    const client = await RawClient.open(h.server.wsUrl);
    try {
      const address = Keypair.generate().publicKey.toBase58();
      const subscribed = await client.call("accountSubscribe", [address, { encoding: "base64", commitment: "confirmed" }]);
      const id = subscribed.result;
      expect(Number.isSafeInteger(id) && id > 0).toBe(true);
      expect(subscribed).toEqual({ jsonrpc: "2.0", result: id, id: 1 });

      // More lamports than a double holds exactly: the notification writes them as an exact integer.
      await h.ledger.requestAirdrop(address, 100_000_000_000_000_001n);
      expect(await client.notification(id)).toBe(
        '{"jsonrpc":"2.0","method":"accountNotification","params":{"result":{"context":{"slot":100},"value":' +
          `{"lamports":100000000000000001,"data":["","base64"],"owner":"${SYSTEM}","executable":false,"rentEpoch":18446744073709551615,"space":0}},` +
          `"subscription":${id}}}`,
      );

      expect(await client.call("accountUnsubscribe", [id])).toEqual({ jsonrpc: "2.0", result: true, id: 2 });
      expect(await client.call("accountUnsubscribe", [id])).toEqual({
        jsonrpc: "2.0",
        error: { code: -32602, message: "Invalid subscription id." },
        id: 3,
      });
      // Ids are handed out in order.
      expect(await client.call("slotSubscribe", [])).toEqual({ jsonrpc: "2.0", result: id + 1, id: 4 });
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
      // Unsubscribed: a second airdrop to the address tells this client nothing.
      await h.ledger.requestAirdrop(address, 1n);
      await client.call("getVersionless", []);
      expect(client.messages.filter((m) => m.json.method === "accountNotification")).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("notifies a program's accounts, with filters, and writes u64 values exactly", async () => {
    const client = await RawClient.open(h.server.wsUrl);
    try {
      const payer = await funded(h);
      const program = Keypair.generate().publicKey;
      const id = await client.subscribe("programSubscribe", [program.toBase58(), { encoding: "base64", filters: [{ dataSize: 4 }] }]);
      const other = Keypair.generate();
      const watched = Keypair.generate();
      const create = (account: Keypair, space: number, lamports: number) =>
        SystemProgram.createAccount({
          fromPubkey: payer.publicKey,
          newAccountPubkey: account.publicKey,
          lamports,
          space,
          programId: program,
        });
      await send(h, payer, [create(other, 5, 925_680), create(watched, 4, 918_720)], [other, watched]);
      expect(await client.notification(id)).toBe(
        '{"jsonrpc":"2.0","method":"programNotification","params":{"result":{"context":{"slot":100},"value":' +
          `{"pubkey":"${watched.publicKey.toBase58()}","account":{"lamports":918720,"data":["AAAAAA==","base64"],"owner":"${program.toBase58()}",` +
          `"executable":false,"rentEpoch":18446744073709551615,"space":4}}},"subscription":${id}}}`,
      );

      // Anyone may credit any account: the faucet sends the program's account more lamports than a double holds.
      await h.ledger.requestAirdrop(watched.publicKey.toBase58(), 200_000_000_000_000_003n);
      expect(await client.notification(id)).toBe(
        '{"jsonrpc":"2.0","method":"programNotification","params":{"result":{"context":{"slot":100},"value":' +
          `{"pubkey":"${watched.publicKey.toBase58()}","account":{"lamports":${200_000_000_000_000_003n + 918_720n},"data":["AAAAAA==","base64"],` +
          `"owner":"${program.toBase58()}","executable":false,"rentEpoch":18446744073709551615,"space":4}}},"subscription":${id}}}`,
      );
      // The 5-byte account was filtered out: a round trip shows nothing else was sent before it.
      await client.call("getVersionless", []);
      expect(client.messages).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("notifies logs and signatures of a landed transaction, and new slots and roots", async () => {
    const client = await RawClient.open(h.server.wsUrl);
    try {
      const payer = await funded(h);
      const tx = signed(h, payer, [
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
      ]);
      const signature = bs58.encode(tx.signature!);
      const logs = await client.subscribe("logsSubscribe", [{ mentions: [payer.publicKey.toBase58()] }]);
      const status = await client.subscribe("signatureSubscribe", [signature, { commitment: "confirmed" }]);
      await h.connection.sendRawTransaction(tx.serialize());
      expect(await client.notification(status)).toBe(
        `{"jsonrpc":"2.0","method":"signatureNotification","params":{"result":{"context":{"slot":100},"value":{"err":null}},"subscription":${status}}}`,
      );
      expect(await client.notification(logs)).toBe(
        '{"jsonrpc":"2.0","method":"logsNotification","params":{"result":{"context":{"slot":100},"value":' +
          `{"signature":"${signature}","err":null,"logs":${JSON.stringify(SYSTEM_LOGS)}}},"subscription":${logs}}}`,
      );
      // A signature subscription ends with its one notification.
      expect(await client.call("signatureUnsubscribe", [status])).toEqual({
        jsonrpc: "2.0",
        error: { code: -32602, message: "Invalid subscription id." },
        id: 3,
      });

      const slots = await client.subscribe("slotSubscribe", []);
      const roots = await client.subscribe("rootSubscribe", []);
      const before = Number(h.ledger.slot());
      h.ledger.warp(3);
      expect(await client.notification(slots)).toBe(
        `{"jsonrpc":"2.0","method":"slotNotification","params":{"result":{"parent":${before},"root":${before},"slot":${before + 3}},"subscription":${slots}}}`,
      );
      expect(await client.notification(roots)).toBe(
        `{"jsonrpc":"2.0","method":"rootNotification","params":{"result":${before},"subscription":${roots}}}`,
      );
    } finally {
      await client.close();
    }
  });

  it("does not answer notifications (web3.js pings)", async () => {
    const client = await RawClient.open(h.server.wsUrl);
    try {
      client.sendRaw(JSON.stringify({ jsonrpc: "2.0", method: "ping", params: null }));
      expect(await client.call("getVersionless", [])).toEqual({
        jsonrpc: "2.0",
        error: { code: -32601, message: "Method not found" },
        id: 1,
      });
      expect(client.messages).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it("is also served on the JSON-RPC port", async () => {
    const client = await RawClient.open(h.server.url.replace("http", "ws"));
    try {
      const id = await client.subscribe("slotSubscribe", []);
      const before = Number(h.ledger.slot());
      h.ledger.warp(1);
      expect(JSON.parse(await client.notification(id))).toEqual({
        jsonrpc: "2.0",
        method: "slotNotification",
        params: { result: { parent: before, root: before, slot: before + 1 }, subscription: id },
      });
    } finally {
      await client.close();
    }
  });
});

describe("subscriptions through web3.js", () => {
  it("notifies slots", async () => {
    const connection = connect();
    const slots: SlotInfo[] = [];
    let arrived: () => void = () => {};
    const id = connection.onSlotChange((info) => {
      slots.push(info);
      if (slots.length === 2) arrived();
    });
    const two = new Promise<void>((resolve) => (arrived = resolve));
    await live(connection);
    const start = Number(h.ledger.slot());
    h.ledger.warp(1);
    h.ledger.warp(4);
    await two;
    await connection.removeSlotChangeListener(id);
    expect(slots).toEqual([
      { parent: start, root: start, slot: start + 1 },
      { parent: start + 1, root: start + 1, slot: start + 5 },
    ]);
  });

  it("notifies account and program changes", async () => {
    const connection = connect();
    const payer = await funded(h);
    const watched = Keypair.generate();
    const program = Keypair.generate().publicKey;
    const accountChange = new Promise<[AccountInfo<Buffer>, Context]>((resolve) => {
      const id = connection.onAccountChange(watched.publicKey, (info, ctx) => {
        void connection.removeAccountChangeListener(id);
        resolve([info, ctx]);
      });
    });
    const programChange = new Promise<[KeyedAccountInfo, Context]>((resolve) => {
      const id = connection.onProgramAccountChange(
        program,
        (info, ctx) => {
          void connection.removeProgramAccountChangeListener(id);
          resolve([info, ctx]);
        },
        { filters: [{ dataSize: 4 }] },
      );
    });
    await live(connection);

    // First an account of the program the filter leaves out, then the watched one.
    const other = Keypair.generate();
    const create = (account: Keypair, space: number, lamports: number) =>
      SystemProgram.createAccount({
        fromPubkey: payer.publicKey,
        newAccountPubkey: account.publicKey,
        lamports,
        space,
        programId: program,
      });
    await send(h, payer, [create(other, 5, 925_680)], [other]);
    await send(h, payer, [create(watched, 4, 918_720)], [watched]);
    const slot = Number(h.ledger.slot());
    const expected = {
      lamports: 918_720,
      data: Buffer.alloc(4),
      owner: program,
      executable: false,
      rentEpoch: RENT_EPOCH_AS_DOUBLE,
      space: 4,
    };

    const [info, ctx] = await accountChange;
    expect(info).toEqual(expected);
    expect(ctx).toEqual({ slot });
    const [keyed, programCtx] = await programChange;
    expect(keyed).toEqual({ accountId: watched.publicKey, accountInfo: expected });
    expect(programCtx).toEqual({ slot });
  });

  it("notifies a signature once it lands, and at once if it already has, and logs", async () => {
    const connection = connect();
    const payer = await funded(h);
    const logs = new Promise<[Logs, Context]>((resolve) => {
      const id = connection.onLogs(payer.publicKey, (entry, ctx) => {
        void connection.removeOnLogsListener(id);
        resolve([entry, ctx]);
      });
    });
    await live(connection);

    const tx = signed(h, payer, [
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000_000 }),
    ]);
    // sendRawTransaction returns once the transaction has landed and is durable: this subscribes after that.
    const signature = await connection.sendRawTransaction(tx.serialize());
    const slot = Number(h.ledger.slot());
    const early = await new Promise<[SignatureResult, Context]>((resolve) =>
      connection.onSignature(signature, (result, ctx) => resolve([result, ctx]), "confirmed"),
    );
    expect(early).toEqual([{ err: null }, { slot }]);
    expect(await logs).toEqual([{ signature, err: null, logs: SYSTEM_LOGS }, { slot }]);

    // Fails in its instruction, and lands anyway (fee charged) because preflight is skipped.
    const poor = await funded(h, 2_000_000n);
    const failing = signed(h, poor, [
      SystemProgram.transfer({ fromPubkey: poor.publicKey, toPubkey: new PublicKey(SYSTEM), lamports: 5_000_000 }),
    ]);
    const late = new Promise<SignatureResult>((resolve) =>
      connection.onSignature(bs58.encode(failing.signature!), (result) => resolve(result), "confirmed"),
    );
    await live(connection);
    await connection.sendRawTransaction(failing.serialize(), { skipPreflight: true });
    expect(await late).toEqual({ err: { InstructionError: [0, { Custom: 1 }] } });
    expect(await connection.getBalance(poor.publicKey)).toBe(1_995_000);
  });
});

describe("cleanup", () => {
  it("drops a connection's subscriptions when it closes, and stops listening on close()", async () => {
    const ledger = Ledger.open({ dataDir: null, slotMs: 0 });
    const pubsub = new PubSub({ ledger });
    const http = createServer();
    const wss = new WebSocketServer({ server: http });
    const serverSockets: WebSocket[] = [];
    wss.on("connection", (socket) => {
      pubsub.attach(socket);
      serverSockets.push(socket);
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
    try {
      const client = await RawClient.open(url);
      await client.call("slotSubscribe", []);
      await client.call("accountSubscribe", [SYSTEM, { encoding: "base64" }]);
      await client.call("signatureSubscribe", ["1".repeat(64)]);
      await client.call("logsSubscribe", ["all"]);
      expect(pubsub.size).toBe(4);
      // PubSub's own close handler was attached first, so it has run when this one does.
      const closed = once(serverSockets[0]!, "close");
      await client.close();
      await closed;
      expect(pubsub.size).toBe(0);
      expect(ledger.events.listenerCount("slot")).toBe(1);
      pubsub.close();
      expect(ledger.events.listenerCount("slot")).toBe(0);
      expect(ledger.events.listenerCount("account")).toBe(0);
      expect(ledger.events.listenerCount("transaction")).toBe(0);
    } finally {
      wss.close();
      await new Promise((resolve) => http.close(resolve));
      await ledger.close();
    }
  });

  it("stops listening to the ledger when the RPC server closes", async () => {
    const net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 0 });
    try {
      expect(["slot", "account", "transaction"].map((e) => net.ledger.events.listenerCount(e as "slot"))).toEqual([1, 1, 1]);
      const client = await RawClient.open(net.rpc.wsUrl);
      await client.call("slotSubscribe", []);
      const closed = once(client.socket, "close");
      await net.rpc.close();
      await closed;
      expect(["slot", "account", "transaction"].map((e) => net.ledger.events.listenerCount(e as "slot"))).toEqual([0, 0, 0]);
    } finally {
      await net.close();
    }
  });
});
