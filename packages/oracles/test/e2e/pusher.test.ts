import { Connection, Keypair, PublicKey, Transaction, sendAndConfirmTransaction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalnet, type Localnet } from "@ballast/ledger";
import {
  PricePusher,
  oracleHeartbeatInstruction,
  oracleInitInstruction,
  oracleSecp256k1SecretKey,
  pullFeedInitInstruction,
  queueAddMrEnclaveInstruction,
  queueInitInstruction,
  queueOverrideOracleInstruction,
  secp256k1SignerOf,
  createPythFeedInstruction,
  createScopeOraclePricesInstructions,
  createSwitchboardFeedInstruction,
  decodePriceUpdateV2,
  decodePullFeed,
  pythFeedAddress,
  pythReceiverProgram,
  readDatedPrice,
  scopeProgram,
  switchboardFeedAddress,
  switchboardOnDemandProgram,
  type PushedUpdate,
  type PusherFeed,
  type PusherFeedKind,
} from "../../src/index.js";

let net: Localnet;
let connection: Connection;
const authority = Keypair.generate();

function id(n: number): Uint8Array {
  return new Uint8Array(32).fill(n);
}
const pythFeed = pythFeedAddress(authority.publicKey, id(1))[0];
const sbFeed = switchboardFeedAddress(authority.publicKey, id(2))[0];
// A queue whose one oracle the pusher's authority operates, and a feed on it that only the queue's oracles write.
const queue = Keypair.generate();
const oracle = Keypair.generate();
const queueFeed = Keypair.generate();
const scopePrices = Keypair.generate();
const SCOPE_FEED_NAME = "pusher";
const SCOPE_INDEX = 7;

/** What the chain holds for a feed right now: the price (feed units), confidence and, for Pyth, publish time. */
async function onChain(kind: PusherFeedKind, address: PublicKey) {
  const raw = (await connection.getAccountInfo(address, "confirmed"))!.data;
  if (kind === "pyth") {
    const m = decodePriceUpdateV2(raw).priceMessage;
    return { price: m.price, confidence: m.conf, publishTime: m.publishTime as bigint | null, exponent: m.exponent };
  }
  if (kind === "scope") {
    const entry = readDatedPrice(raw, SCOPE_INDEX);
    return {
      price: entry.price.value,
      confidence: 0n,
      publishTime: entry.unixTimestamp as bigint | null,
      exponent: -Number(entry.price.exp),
    };
  }
  const r = decodePullFeed(raw).result;
  return { price: r.value, confidence: r.stdDev, publishTime: null as bigint | null, exponent: -18 };
}

/** Runs a pusher until every feed has landed `count` updates; returns what landed and what the chain held after each. */
async function runUntil(pusher: PricePusher, pushes: PushedUpdate[], feeds: number, count: number): Promise<void> {
  const deadline = Date.now() + 20_000;
  pusher.start();
  while (Date.now() < deadline) {
    const perFeed = new Map<string, number>();
    for (const p of pushes) perFeed.set(p.address, (perFeed.get(p.address) ?? 0) + 1);
    if (perFeed.size === feeds && [...perFeed.values()].every((n) => n >= count)) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await pusher.stop();
}

beforeAll(async () => {
  net = await startLocalnet({
    rpcPort: 0,
    dataDir: null,
    slotMs: 50,
    programs: [pythReceiverProgram(), switchboardOnDemandProgram(), scopeProgram()],
  });
  connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
  await net.ledger.requestAirdrop(authority.publicKey.toBase58(), 100_000_000_000n);
  await sendAndConfirmTransaction(
    connection,
    new Transaction()
      .add(createPythFeedInstruction({ authority: authority.publicKey, feedId: id(1) }))
      .add(createSwitchboardFeedInstruction({ authority: authority.publicKey, feedHash: id(2), name: "TEST/USD", maxStaleness: 100 }))
      .add(
        ...createScopeOraclePricesInstructions({
          admin: authority.publicKey,
          feedName: SCOPE_FEED_NAME,
          oraclePrices: scopePrices.publicKey,
        }),
      ),
    [authority, scopePrices],
  );
  const mrEnclave = id(3);
  const payer = authority.publicKey;
  await sendAndConfirmTransaction(
    connection,
    new Transaction().add(
      queueInitInstruction({ queue: queue.publicKey, authority: payer, payer }),
      queueAddMrEnclaveInstruction({ queue: queue.publicKey, authority: payer, mrEnclave }),
      oracleInitInstruction({ oracle: oracle.publicKey, payer, authority: payer, queue: queue.publicKey }),
      queueOverrideOracleInstruction({
        queue: queue.publicKey,
        oracle: oracle.publicKey,
        authority: payer,
        secp256k1Signer: secp256k1SignerOf(oracleSecp256k1SecretKey(authority.secretKey)),
        maxQuoteVerificationAge: 3_600n,
        mrEnclave,
      }),
      oracleHeartbeatInstruction({ oracle: oracle.publicKey, oracleSigner: payer, queue: queue.publicKey }),
      pullFeedInitInstruction({
        pullFeed: queueFeed.publicKey,
        queue: queue.publicKey,
        authority: payer,
        payer,
        feedHash: id(4),
        maxStaleness: 100,
      }),
    ),
    [authority, queue, oracle, queueFeed],
  );
});
afterAll(() => net.close());

describe("price pusher on the ledger", () => {
  it("moves the feeds through scripted prices exactly, then holds the last, and survives a feed that cannot be updated", async () => {
    const missing = Keypair.generate().publicKey; // never created: every update to it fails
    const feeds: PusherFeed[] = [
      { kind: "pyth", address: pythFeed, price: "100", exponent: -8, confidence: 0.001, script: ["100", "101.5", "99.25", "0.00000001"] },
      { kind: "switchboard", address: sbFeed, price: "1", confidence: 0.5, script: ["1", "0.5", "2.000000000000000001"] },
      { kind: "switchboard", address: missing, price: "1" },
      {
        kind: "scope",
        address: scopePrices.publicKey,
        scopeEntry: { feedName: SCOPE_FEED_NAME, index: SCOPE_INDEX },
        price: "1.07",
        exponent: -9,
        script: ["1.07", "1.071"],
      },
    ];
    const pushes: PushedUpdate[] = [];
    const seen: Record<PusherFeedKind, Awaited<ReturnType<typeof onChain>>[]> = { pyth: [], switchboard: [], scope: [] };
    const logs: string[] = [];
    const pusher = new PricePusher({
      rpc: net.rpc.url,
      authority,
      feeds,
      intervalMs: 100,
      log: (m) => logs.push(m),
      onPush: async (update) => {
        pushes.push(update);
        seen[update.kind].push(await onChain(update.kind, new PublicKey(update.address)));
      },
    });
    await runUntil(pusher, pushes, 3, 5);
    expect(pusher.running).toBe(false);

    const pythPrices = [10_000_000_000n, 10_150_000_000n, 9_925_000_000n, 1n, 1n];
    expect(seen.pyth.slice(0, 5).map((s) => s.price)).toEqual(pythPrices);
    expect(seen.pyth.slice(0, 5).map((s) => s.confidence)).toEqual([10_000_000n, 10_150_000n, 9_925_000n, 0n, 0n]);
    expect(seen.pyth.every((s) => s.exponent === -8)).toBe(true);
    const publishTimes = seen.pyth.map((s) => s.publishTime!);
    for (let i = 1; i < publishTimes.length; i++) expect(publishTimes[i]).toBeGreaterThanOrEqual(publishTimes[i - 1]!);
    const pythPushes = pushes.filter((p) => p.kind === "pyth");
    expect(pythPushes.slice(0, 5).map((p) => [p.sequence, p.price, p.publishTime])).toEqual(
      pythPrices.map((price, i) => [i, price, publishTimes[i]]),
    );

    const e18 = 10n ** 18n;
    const sbPrices = [e18, e18 / 2n, 2n * e18 + 1n, 2n * e18 + 1n, 2n * e18 + 1n];
    expect(seen.switchboard.slice(0, 5).map((s) => s.price)).toEqual(sbPrices);
    expect(seen.switchboard.slice(0, 5).map((s) => s.confidence)).toEqual(sbPrices.map((p) => p / 2n));

    expect(seen.scope.slice(0, 3).map((s) => [s.price, s.exponent])).toEqual([
      [1_070_000_000n, -9],
      [1_071_000_000n, -9],
      [1_071_000_000n, -9],
    ]);
    const scopeTimes = seen.scope.map((s) => s.publishTime!);
    expect(pushes.filter((p) => p.kind === "scope").map((p) => p.publishTime)).toEqual(
      scopeTimes.slice(0, pushes.filter((p) => p.kind === "scope").length),
    );

    // The missing feed never landed; each round's failure was logged and the pusher carried on.
    expect(pushes.some((p) => p.address === missing.toBase58())).toBe(false);
    const failures = logs.filter((m) => m.includes(`updating switchboard feed ${missing.toBase58()} failed, retrying next round`));
    expect(failures.length).toBeGreaterThanOrEqual(5);
    expect(logs.length).toBe(failures.length);
  });

  it("stop() halts updates: nothing changes on chain afterwards", async () => {
    const pushes: PushedUpdate[] = [];
    const pusher = new PricePusher({
      rpc: net.rpc.url,
      authority,
      feeds: [
        { kind: "pyth", address: pythFeed, price: "50", volatility: 2, confidence: 0.01 },
        { kind: "switchboard", address: sbFeed, price: "50", volatility: 2 },
      ],
      intervalMs: 50,
      seed: "halt",
      onPush: (u) => void pushes.push(u),
    });
    await runUntil(pusher, pushes, 2, 3);
    const count = pushes.length;
    const pythBytes = (await connection.getAccountInfo(pythFeed, "confirmed"))!.data;
    const sbBytes = (await connection.getAccountInfo(sbFeed, "confirmed"))!.data;
    expect(decodePriceUpdateV2(pythBytes).priceMessage.price).toBe(pushes.filter((p) => p.kind === "pyth").at(-1)!.price);
    await new Promise((r) => setTimeout(r, 400));
    expect(pushes.length).toBe(count);
    expect((await connection.getAccountInfo(pythFeed, "confirmed"))!.data.equals(pythBytes)).toBe(true);
    expect((await connection.getAccountInfo(sbFeed, "confirmed"))!.data.equals(sbBytes)).toBe(true);
  });

  it("walks the same integer prices for the same seed, and different ones for another seed", async () => {
    const feeds: PusherFeed[] = [
      { kind: "pyth", address: pythFeed, price: "182.5", exponent: -6, volatility: 0.9, confidence: 0.0005 },
      { kind: "switchboard", address: sbFeed, price: "0.9998", volatility: 0.05, confidence: 0.0001 },
    ];
    async function walk(seed: number): Promise<Record<PusherFeedKind, bigint[]>> {
      const pushes: PushedUpdate[] = [];
      const chain: Record<PusherFeedKind, bigint[]> = { pyth: [], switchboard: [], scope: [] };
      const pusher = new PricePusher({
        rpc: new Connection(net.rpc.url, "confirmed"),
        authority,
        feeds,
        intervalMs: 60,
        seed,
        onPush: async (u) => {
          pushes.push(u);
          chain[u.kind].push((await onChain(u.kind, new PublicKey(u.address))).price);
        },
      });
      await runUntil(pusher, pushes, 2, 6);
      for (const kind of ["pyth", "switchboard"] as const) {
        expect(chain[kind]).toEqual(pushes.filter((p) => p.kind === kind).map((p) => p.price));
        chain[kind] = chain[kind].slice(0, 6);
      }
      return chain;
    }
    const a = await walk(7);
    const b = await walk(7);
    const c = await walk(8);
    expect(b).toEqual(a);
    expect(a.pyth[0]).toBe(182_500_000n);
    expect(a.switchboard[0]).toBe(999_800_000_000_000_000n);
    expect(new Set(a.pyth).size).toBeGreaterThan(1);
    expect(new Set(a.switchboard).size).toBeGreaterThan(1);
    expect(c.pyth[0]).toBe(a.pyth[0]);
    expect(c.pyth.slice(1)).not.toEqual(a.pyth.slice(1));
    expect(c.switchboard.slice(1)).not.toEqual(a.switchboard.slice(1));
  });

  it("grows prices at a continuous yearly rate from a start time, and sends a round's updates in one transaction", async () => {
    // Past every publish time stored so far, and rising: the receiver refuses an older one.
    const since = BigInt(Math.floor(Date.now() / 1000)) + 1_000n;
    const year = 31_536_000n;
    const times = [since - 10n, since, since + year / 2n, since + year];
    const pushes: PushedUpdate[] = [];
    const pusher = new PricePusher({
      rpc: new Connection(net.rpc.url, "confirmed"),
      authority,
      atomic: true,
      feeds: [
        { kind: "pyth", address: pythFeed, price: "100", exponent: -8, script: ["100"], growth: { rate: Math.log1p(0.07), since } },
        { kind: "switchboard", address: sbFeed, price: "2", script: ["2"], walkSeed: "unused by a script" },
      ],
      now: async () => times[Math.min(pushes.length / 2, times.length - 1)]!,
      onPush: (u) => {
        pushes.push(u);
      },
    });
    for (let i = 0; i < times.length; i++) await pusher.pushOnce();
    await pusher.stop();
    const pyth = pushes.filter((p) => p.kind === "pyth");
    const sb = pushes.filter((p) => p.kind === "switchboard");
    // Before and at the start: flat. Half a year later: × √1.07 = 1.03440804328; a year later: × 1.07, both within
    // 1e-9 (the rate keeps 9 decimals, e^x is rounded down in 18-decimal fixed point); the same integers every time.
    expect(pyth.map((p) => p.price)).toEqual([10_000_000_000n, 10_000_000_000n, 10_344_080_430n, 10_699_999_994n]);
    expect(sb.map((p) => p.price)).toEqual(Array(4).fill(2_000_000_000_000_000_000n));
    for (let i = 0; i < 4; i++) expect(sb[i]!.signature).toBe(pyth[i]!.signature);
    expect((await onChain("pyth", pythFeed)).price).toBe(10_699_999_994n);
  });

  it("submits to a feed on a queue as the oracle its authority operates, signed with that oracle's key", async () => {
    const pushes: PushedUpdate[] = [];
    const pusher = new PricePusher({
      rpc: connection,
      authority,
      feeds: [{ kind: "switchboard", address: queueFeed.publicKey, price: "10", confidence: 0.01, script: ["10", "11.5"] }],
      onPush: (u) => void pushes.push(u),
    });
    await pusher.pushOnce();
    const e18 = 10n ** 18n;
    const first = decodePullFeed((await connection.getAccountInfo(queueFeed.publicKey, "confirmed"))!.data);
    expect(first.result).toMatchObject({ value: 10n * e18, stdDev: 0n, numSamples: 1 });
    expect(first.submissions[0]!.oracle).toBe(oracle.publicKey.toBase58());
    await pusher.pushOnce();
    expect((await onChain("switchboard", queueFeed.publicKey)).price).toBe(11_500_000_000_000_000_000n);
    expect(pushes.map((p) => [p.sequence, p.price, p.confidence])).toEqual([
      [0, 10n * e18, 0n],
      [1, 11_500_000_000_000_000_000n, 0n],
    ]);

    // A key that operates none of the queue's oracles cannot submit: the round is refused before anything is sent.
    const outsider = Keypair.generate();
    await net.ledger.requestAirdrop(outsider.publicKey.toBase58(), 1_000_000_000n);
    const refused = new PricePusher({
      rpc: connection,
      authority: outsider,
      feeds: [{ kind: "switchboard", address: queueFeed.publicKey, price: "1" }],
      log: () => {},
    });
    await expect(refused.pushOnce()).rejects.toThrow(
      `no oracle on switchboard queue ${queue.publicKey.toBase58()} signs with this pusher's key`,
    );
  });

  it("pushes a price again when another pusher already landed the same bytes before a different update, and a hand round rejects when nothing lands", async () => {
    // A connection that hands out one fixed blockhash first: the way a stalled chain (or a quick succession of
    // setters) gives two pushers of the same update the same transaction bytes.
    class PinnedBlockhash extends Connection {
      pinned: string | null = null;
      override async getLatestBlockhash(...args: Parameters<Connection["getLatestBlockhash"]>) {
        const latest = await super.getLatestBlockhash(...args);
        const pinned = this.pinned;
        this.pinned = null;
        return pinned === null ? latest : { ...latest, blockhash: pinned };
      }
    }
    const feed = (price: string): PusherFeed[] => [{ kind: "switchboard", address: sbFeed, price, script: [price] }];
    const e18 = 10n ** 18n;
    const first = new PinnedBlockhash(net.rpc.url, "confirmed");
    const { blockhash } = await connection.getLatestBlockhash("confirmed");
    first.pinned = blockhash;
    await new PricePusher({ rpc: first, authority, feeds: feed("3") }).pushOnce();
    await new PricePusher({ rpc: connection, authority, feeds: feed("4") }).pushOnce();
    expect((await onChain("switchboard", sbFeed)).price).toBe(4n * e18);

    const again = new PinnedBlockhash(net.rpc.url, "confirmed");
    again.pinned = blockhash;
    await new PricePusher({ rpc: again, authority, feeds: feed("3") }).pushOnce();
    expect(again.pinned).toBeNull();
    expect((await onChain("switchboard", sbFeed)).price).toBe(3n * e18);

    const missing = Keypair.generate().publicKey;
    const refused = new PricePusher({
      rpc: connection,
      authority,
      feeds: [{ kind: "switchboard", address: missing, price: "1" }],
      log: () => {},
    });
    await expect(refused.pushOnce()).rejects.toThrow(`The price update did not land: ${missing.toBase58()}: `);
  });
});
