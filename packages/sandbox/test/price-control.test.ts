// The price control on a real ledger: a set price lands on the feeds of both oracle kinds at once, is held against the
// walk for the hold, and the walk resumes from it; a family's first token moves its LSTs, another token moves alone;
// bad input is refused with its reason and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Connection, Keypair, PublicKey } from "@solana/web3.js";
import { startLocalnet, type Localnet } from "@ballast/ledger";
import { decodePriceUpdateV2, decodePullFeed, pythReceiverProgram, switchboardOnDemandProgram } from "@ballast/oracles";
import { lendingProgram } from "@ballast/protocol";
import { farmsProgram, marketProgram } from "@ballast/market";
import {
  PRICE_CONTROL_ERRORS,
  PriceWalk,
  airdrop,
  seedSandbox,
  type PriceSet,
  type PriceSetResult,
  type SandboxState,
  type SandboxStore,
} from "../src/index.js";

let net: Localnet;
let connection: Connection;
let state: SandboxState;
let walk: PriceWalk;
let nowMs = Date.now();
const admin = Keypair.generate();

function memoryStore(): SandboxStore {
  const values = new Map<string, unknown>();
  return { read: (key) => values.get(key) ?? null, write: (key, value) => void values.set(key, value) };
}

function oracleOf(symbol: string) {
  const oracle = state.oracles.find((o) => o.symbol === symbol);
  if (!oracle) throw new Error(`no ${symbol} oracle`);
  return oracle;
}

/** The feed's price as the chain holds it: Pyth units at its exponent, Switchboard at 18 decimals. */
async function feedPrice(symbol: string): Promise<{ units: bigint; exponent: number; publishTime: bigint | null }> {
  const oracle = oracleOf(symbol);
  const info = await connection.getAccountInfo(new PublicKey(oracle.address), "confirmed");
  if (!info) throw new Error(`no ${symbol} feed`);
  if (oracle.kind === "pyth") {
    const message = decodePriceUpdateV2(info.data).priceMessage;
    return { units: message.price, exponent: message.exponent, publishTime: message.publishTime };
  }
  return { units: decodePullFeed(info.data).result.value, exponent: -18, publishTime: null };
}

function setOf(result: PriceSetResult): PriceSet {
  if ("refused" in result) throw new Error(`refused: ${result.refused}`);
  return result.set;
}

beforeAll(async () => {
  net = await startLocalnet({
    rpcPort: 0,
    dataDir: null,
    slotMs: 400,
    programs: [lendingProgram(), pythReceiverProgram(), switchboardOnDemandProgram(), marketProgram(), farmsProgram()],
  });
  connection = new Connection(net.rpc.url, "confirmed");
  await airdrop(connection, admin.publicKey, 5_000_000_000_000_000n);
  state = await seedSandbox(connection, admin, memoryStore());
  walk = await PriceWalk.create(connection, admin, state, { seed: "price-control", intervalMs: 2_000, clock: () => nowMs, log: () => {} });
  await walk.pushOnce();
}, 120_000);

afterAll(async () => {
  await walk?.stop();
  await net?.close();
});

describe("setting a price", () => {
  it("sets SOL now on its Pyth feed and its LSTs' Pyth and Switchboard feeds, holds it, then the walk resumes from it", async () => {
    const set = setOf(await walk.setPrice("SOL", 120.5));
    expect(set.symbol).toBe("SOL");
    expect(set.usd).toBe("120.5");
    expect(set.heldUntil).toBe(new Date(nowMs + 300_000).toISOString());
    expect(set.feeds.map((f) => f.symbol)).toEqual(["SOL", "JitoSOL", "mSOL", "bSOL", "INF"]);
    expect(set.feeds[0]).toEqual({ symbol: "SOL", address: oracleOf("SOL").address, kind: "pyth", usd: "120.5" });
    expect(await feedPrice("SOL")).toMatchObject({ units: 12_050_000_000n, exponent: -8 });
    // mSOL (Switchboard) follows at its exchange rate: the seeded 226.7060 / 181.65 grown a little since the seeding.
    const msol = await feedPrice("mSOL");
    const rate = Number(msol.units) / 1e18 / 120.5;
    const seededRate = Number(oracleOf("mSOL").price) / Number(oracleOf("SOL").price);
    expect(rate / seededRate).toBeGreaterThanOrEqual(1);
    expect(rate / seededRate).toBeLessThan(1.0001);
    expect(set.feeds.find((f) => f.symbol === "mSOL")?.kind).toBe("switchboard");

    // Rounds during the hold keep the feed fresh at exactly the set price.
    const first = await feedPrice("SOL");
    for (let i = 0; i < 3; i++) {
      nowMs += 2_000;
      await walk.pushOnce();
      expect(await feedPrice("SOL")).toMatchObject({ units: 12_050_000_000n });
    }
    const later = await feedPrice("SOL");
    expect(later.publishTime! >= first.publishTime!).toBe(true);
    const listed = (await walk.prices()).find((p) => p.symbol === "SOL");
    expect(listed).toEqual({
      symbol: "SOL",
      usd: "120.5",
      family: "SOL",
      oracles: [{ address: oracleOf("SOL").address, kind: "pyth" }],
      heldUntil: set.heldUntil,
    });
    expect((await walk.prices()).find((p) => p.symbol === "INF")?.heldUntil).toBe(set.heldUntil);

    // After the hold the walk starts from the held price, then moves.
    nowMs += 300_000;
    await walk.pushOnce();
    expect((await feedPrice("SOL")).units).toBe(12_050_000_000n);
    expect((await walk.prices()).find((p) => p.symbol === "SOL")?.heldUntil).toBeNull();
    await walk.pushOnce();
    const moved = Number((await feedPrice("SOL")).units) / 1e8;
    expect(moved).not.toBe(120.5);
    expect(Math.abs(Math.log(moved / 120.5))).toBeLessThan(0.01);
  });

  it("sets an LST alone, exactly, holding SOL where it is", async () => {
    const sol = (await feedPrice("SOL")).units;
    const set = setOf(await walk.setPrice("jitosol", 99.25, 60));
    expect(set.symbol).toBe("JitoSOL");
    expect(set.feeds).toEqual([{ symbol: "JitoSOL", address: oracleOf("JitoSOL").address, kind: "pyth", usd: "99.25" }]);
    expect((await feedPrice("JitoSOL")).units).toBe(9_925_000_000n);
    nowMs += 2_000;
    await walk.pushOnce();
    expect((await feedPrice("JitoSOL")).units).toBe(9_925_000_000n);
    expect((await feedPrice("SOL")).units).toBe(sol);
    nowMs += 60_000;
    await walk.pushOnce();
    expect((await feedPrice("JitoSOL")).units).toBe(9_925_000_000n);
  });

  it("sets a Switchboard feed on its own family", async () => {
    const set = setOf(await walk.setPrice("WIF", 0.000123, 1));
    expect(set.feeds).toEqual([{ symbol: "WIF", address: oracleOf("WIF").address, kind: "switchboard", usd: "0.000123" }]);
    expect((await feedPrice("WIF")).units).toBe(123_000_000_000_000n);
  });
});

describe("refusals", () => {
  it("refuses unknown tokens, prices that are not above zero, too high or too fine for the feed, and bad holds", async () => {
    const before = await walk.prices();
    const known = state.oracles.map((o) => o.symbol);
    expect(await walk.setPrice("DOGE", 1)).toEqual({ refused: PRICE_CONTROL_ERRORS.unknownSymbol("DOGE", known) });
    expect(PRICE_CONTROL_ERRORS.unknownSymbol("DOGE", known)).toBe(`Unknown token "DOGE"; the sandbox prices ${known.join(", ")}`);
    for (const usd of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, 1_000_000_001])
      expect(await walk.setPrice("SOL", usd)).toEqual({ refused: `usd must be a number above 0 and at most 1000000000, got ${usd}` });
    for (const hold of [0, 3_601, 1.5])
      expect(await walk.setPrice("SOL", 100, hold)).toEqual({
        refused: `holdSeconds must be a whole number of seconds from 1 to 3600, got ${hold}`,
      });
    expect(await walk.setPrice("SOL", 0.000000001)).toEqual({
      refused: "SOL's feed shows prices in steps of 1e-8 USD; set a price at least that high",
    });
    expect(await walk.prices()).toEqual(before);
  });
});
