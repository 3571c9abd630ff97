// Oracle and price routes against a real market: Pyth and Switchboard banks at known prices, display prices equal to
// what the SDK computes for the same accounts, raw Switchboard values, the token price list, the slot duration from
// the ledger's performance samples, and Kamino reserve and obligation state written onto the ledger from mainnet
// snapshots. None of these routes touch the database, so they run on the default one only.
import { readFileSync } from "node:fs";
import { Connection, Keypair, PublicKey, SystemProgram, TransactionInstruction, type PerfSample } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startLocalnet, type Localnet, type Program } from "@ballast/ledger";
import {
  PYTH_PUSH_ORACLE_PROGRAM_ID,
  PYTH_RECEIVER_PROGRAM_ID,
  createPythFeedInstruction,
  decodePriceUpdateV2,
  decodePullFeed,
  updatePythPriceInstruction,
} from "@ballast/oracles";
import { KLEND_PROGRAM_ID, loadMarket, midPrice, priceInfo, toNumber, type Market } from "@ballast/sdk";
import { PROGRAM, TestMarket, ix, type TestBank } from "../../../packages/protocol/test/support/market.js";
import { u8 } from "../../../packages/protocol/test/support/borsh.js";
import { medianSlotDuration, pullFeedDecimal } from "../src/chain/oracles.js";
import type { RunningServer } from "../src/server.js";
import { api, startTestServer } from "./support/server.js";

const FIXTURES = new URL("../../../../shared/fixtures/mainnet-accounts/", import.meta.url);
const fixtureData = (file: string) => Buffer.from(JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8")).account.data[0], "base64");

/** Stands in for klend: writes `data[4..]` at offset u32 `data[0..4]` into the account it owns. */
const klendWriter: Program = {
  id: KLEND_PROGRAM_ID,
  builtin: false,
  execute(ctx) {
    ctx.accounts[0]!.account.data.set(ctx.data.subarray(4), ctx.data.readUInt32LE(0));
  },
};

/**
 * Stands in for Pyth's push oracle: creates a receiver feed at its PDA [shard u16 LE, feed id], signing for it in
 * the receiver's create_feed as the real program does. Data: shard u16, feed id, bump.
 */
const pushOracle: Program = {
  id: PYTH_PUSH_ORACLE_PROGRAM_ID,
  builtin: false,
  execute(ctx) {
    const shard = ctx.data.subarray(0, 2);
    const feedId = ctx.data.subarray(2, 34);
    const [authority, feed] = ctx.accounts;
    const create = createPythFeedInstruction({ authority: authority!.key, feedId, feed: feed!.key });
    ctx.invoke(
      {
        programId: create.programId.toBase58(),
        accounts: create.keys.map((k) => ({ pubkey: k.pubkey.toBase58(), isSigner: k.isSigner, isWritable: k.isWritable })),
        data: create.data,
      },
      [[shard, feedId, ctx.data.subarray(34, 35)]],
    );
  },
};

let market: TestMarket;
let server: RunningServer;
let sol: TestBank;
let usdc: TestBank;
let capped: TestBank;
let uncertain: TestBank;
let fixedBank: TestBank;
let sharded: TestBank;
let orphanPyth: PublicKey;
let orphanSwitchboard: PublicKey;

const get = (path: string) => api(server, "GET", path);
const config = () => ({ programId: PROGRAM.toBase58(), group: market.group.toBase58() });

/** The SDK's prices for every bank, with freshness judged at `now`. */
const sdkMarket = (now: bigint): Promise<Market> => loadMarket(market.connection, config(), now);

async function account(key: PublicKey) {
  return (await market.connection.getAccountInfo(key))!;
}

/** A klend-owned account holding `data`, written in chunks small enough for one transaction each. */
async function klendAccount(data: Buffer): Promise<PublicKey> {
  const target = Keypair.generate();
  const lamports = await market.connection.getMinimumBalanceForRentExemption(data.length);
  await market.send(
    SystemProgram.createAccount({
      fromPubkey: market.admin.publicKey,
      newAccountPubkey: target.publicKey,
      lamports,
      space: data.length,
      programId: new PublicKey(KLEND_PROGRAM_ID),
    }),
    [market.admin, target],
  );
  for (let offset = 0; offset < data.length; offset += 900) {
    const header = Buffer.alloc(4);
    header.writeUInt32LE(offset);
    await market.send(
      new TransactionInstruction({
        programId: new PublicKey(KLEND_PROGRAM_ID),
        keys: [{ pubkey: target.publicKey, isSigner: false, isWritable: true }],
        data: Buffer.concat([header, data.subarray(offset, offset + 900)]),
      }),
      [market.admin],
    );
  }
  return target.publicKey;
}

/** A Pyth feed at the push oracle's shard PDA, priced like TestMarket's feeds, and a bank reading it. */
async function shardedBank(shard: number): Promise<TestBank> {
  const feedId = Buffer.alloc(32, 7);
  const shardSeed = Buffer.alloc(2);
  shardSeed.writeUInt16LE(shard);
  const [feed, bump] = PublicKey.findProgramAddressSync([shardSeed, feedId], new PublicKey(PYTH_PUSH_ORACLE_PROGRAM_ID));
  const authority = market.oracleAuthority;
  await market.send(
    new TransactionInstruction({
      programId: new PublicKey(PYTH_PUSH_ORACLE_PROGRAM_ID),
      keys: [
        { pubkey: authority.publicKey, isSigner: true, isWritable: true },
        { pubkey: feed, isSigner: false, isWritable: true },
        { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
        { pubkey: new PublicKey(PYTH_RECEIVER_PROGRAM_ID), isSigner: false, isWritable: false },
      ],
      data: Buffer.concat([shardSeed, feedId, Buffer.from([bump])]),
    }),
    [authority],
  );
  await market.send(
    updatePythPriceInstruction({
      authority: authority.publicKey,
      feed,
      price: 6_400_000_000_000n,
      conf: 3_200_000_000n,
      exponent: -8,
      publishTime: market.now(),
      emaPrice: 6_390_000_000_000n,
      emaConf: 3_000_000_000n,
    }),
    [authority],
  );
  const bank = await market.addBank(8, { kind: "pyth", price: 1 });
  await market.send(
    ix(
      "lending_pool_configure_bank_oracle",
      [
        [market.group, false, false],
        [market.admin.publicKey, true, false],
        [bank.key, false, true],
        [feed, false, false],
      ],
      [u8(3), feed.toBuffer()],
    ),
    [market.admin],
  );
  return { ...bank, oracle: feed };
}

beforeAll(async () => {
  market = await TestMarket.start({ programs: [klendWriter, pushOracle] });
  sol = await market.addBank(9, { kind: "pyth", price: 150, conf: 0.5, emaPrice: 149, emaConf: 0.4 });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1, stdDev: 0.001 });
  // conf × 2.12 = 0.1908, within the 10% gate (0.2) but above the 5% cap (0.1).
  capped = await market.addBank(6, { kind: "pyth", price: 2, conf: 0.09 });
  // conf × 2.12 = 2.12 on a price of 2: beyond the bank's 10% gate.
  uncertain = await market.addBank(6, { kind: "pyth", price: 2, conf: 1 });
  fixedBank = await market.addBank(6, { kind: "fixed", price: "2.5" });
  sharded = await shardedBank(0);
  orphanPyth = (await market.createOracle({ kind: "pyth", price: 10 }))!;
  orphanSwitchboard = (await market.createOracle({ kind: "switchboard", price: 3 }))!;
  server = await startTestServer(market);
});

afterAll(async () => {
  await server?.close();
  await market.close();
});

describe("OpenAPI document", () => {
  it("lists every oracle, price and Kamino route with its query parameter", async () => {
    const { body } = await get("/api/docs");
    const routes = {
      "/api/oracles/pythOracleData": "pythOracleKeys",
      "/api/oracles/swbOracleMap": "oracleKeys",
      "/api/oracles/swbOracleData": "feedIds",
      "/api/tokens/multi": "mintList",
      "/api/kamino/states": "keys",
    };
    for (const [path, parameter] of Object.entries(routes)) {
      expect(body.paths[path].get.parameters.map((p: { name: string }) => p.name)).toEqual([parameter]);
      expect(body.paths[path].get.summary).toEqual(expect.any(String));
    }
    expect(body.paths["/api/solana/slot-duration"].get.summary).toBe("Median slot duration");
  });
});

describe("GET /api/oracles/pythOracleData", () => {
  it("prices each feed as the SDK does for its bank: spot and EMA legs, conf × 2.12, at the publish time", async () => {
    const keys = [sol, capped, sharded].map((b) => b.oracle!.toBase58());
    const { status, body } = await get(`/api/oracles/pythOracleData?pythOracleKeys=${keys.join(",")}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(keys);
    for (const bank of [sol, capped, sharded]) {
      const publishTime = decodePriceUpdateV2((await account(bank.oracle!)).data).priceMessage.publishTime;
      const expected = priceInfo((await sdkMarket(publishTime)).banks.get(bank.key.toBase58())!.price);
      expect(body[bank.oracle!.toBase58()]).toEqual({
        ...expected,
        timestamp: Number(publishTime),
        pythShardId: bank === sharded ? 0 : null,
      });
    }
    const solInfo = body[sol.oracle!.toBase58()];
    expect(solInfo.priceRealtime.price).toBe(150);
    expect(solInfo.priceRealtime.confidence).toBeCloseTo(1.06, 12);
    expect(solInfo.priceRealtime.lowestPrice).toBeCloseTo(148.94, 12);
    expect(solInfo.priceRealtime.highestPrice).toBeCloseTo(151.06, 12);
    expect(solInfo.priceWeighted.price).toBe(149);
    expect(solInfo.priceWeighted.confidence).toBeCloseTo(0.848, 12);
    expect(solInfo.timestamp).toBe(Number(market.now()));
    // 0.09 × 2.12 = 0.1908 is capped at 5% of 2.
    expect(body[capped.oracle!.toBase58()].priceRealtime.confidence).toBeCloseTo(0.1, 12);
    expect(body[capped.oracle!.toBase58()].priceRealtime.lowestPrice).toBeCloseTo(1.9, 12);
    expect(body[sharded.oracle!.toBase58()].priceRealtime.price).toBe(64_000);
    expect(body[sharded.oracle!.toBase58()].priceRealtime.confidence).toBeCloseTo(67.84, 9);
  });

  it("answers null for a feed beyond its bank's confidence gate, one no bank reads, a Switchboard feed and a missing account", async () => {
    const missing = Keypair.generate().publicKey.toBase58();
    const keys = [uncertain.oracle!, orphanPyth, usdc.oracle!].map((k) => k.toBase58()).concat(missing);
    const { status, body } = await get(`/api/oracles/pythOracleData?pythOracleKeys=${keys.join(",")}`);
    expect(status).toBe(200);
    expect(body).toEqual(Object.fromEntries(keys.map((k) => [k, null])));
  });

  it("keeps showing a price once stale, with its old timestamp", async () => {
    const publishTime = Number(market.now());
    market.advanceTime(500);
    const { body } = await get(`/api/oracles/pythOracleData?pythOracleKeys=${sol.oracle!.toBase58()}`);
    expect(body[sol.oracle!.toBase58()].priceRealtime.price).toBe(150);
    expect(body[sol.oracle!.toBase58()].timestamp).toBe(publishTime);
    await market.setOracle(sol.oracle!, { kind: "pyth", price: 150, conf: 0.5, emaPrice: 149, emaConf: 0.4 });
    await market.setOracle(capped.oracle!, { kind: "pyth", price: 2, conf: 0.09 });
    await market.setOracle(usdc.oracle!, { kind: "switchboard", price: 1, stdDev: 0.001 });
    const refreshed = await get(`/api/oracles/pythOracleData?pythOracleKeys=${sol.oracle!.toBase58()}`);
    expect(refreshed.body[sol.oracle!.toBase58()].timestamp).toBe(publishTime + 500);
  });

  it("ignores empty entries and repeats", async () => {
    const key = sol.oracle!.toBase58();
    const { status, body } = await get(`/api/oracles/pythOracleData?pythOracleKeys=${key},,${key}&pythOracleKeys=${key}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual([key]);
  });

  it("rejects malformed, missing and too many keys with 400 naming the field", async () => {
    const bad = await get(`/api/oracles/pythOracleData?pythOracleKeys=${sol.oracle!.toBase58()},not-a-key`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      success: false,
      error: 'Invalid query.pythOracleKeys: "not-a-key" is not a base58 address',
      field: "query.pythOracleKeys",
    });
    const short = await get(`/api/oracles/pythOracleData?pythOracleKeys=${"1".repeat(31)}`);
    expect(short.body.error).toBe(`Invalid query.pythOracleKeys: "${"1".repeat(31)}" is not a base58 address`);
    const empty = await get("/api/oracles/pythOracleData?pythOracleKeys=,");
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("Invalid query.pythOracleKeys: at least one base58 address is required");
    const missing = await get("/api/oracles/pythOracleData");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: "Invalid query.pythOracleKeys: at least one base58 address is required",
      field: "query.pythOracleKeys",
    });
    const many = Array.from({ length: 101 }, () => Keypair.generate().publicKey.toBase58());
    const tooMany = await get(`/api/oracles/pythOracleData?pythOracleKeys=${many.join(",")}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe("Invalid query.pythOracleKeys: at most 100 entries, got 101");
    const hundred = await get(`/api/oracles/pythOracleData?pythOracleKeys=${many.slice(0, 100).join(",")}`);
    expect(hundred.status).toBe(200);
    expect(Object.values(hundred.body)).toEqual(Array(100).fill(null));
  });
});

describe("GET /api/oracles/swbOracleMap", () => {
  it("gives each pull feed's hash and raw on-chain value and std dev", async () => {
    const keys = [usdc.oracle!, orphanSwitchboard, sol.oracle!].map((k) => k.toBase58());
    const { status, body } = await get(`/api/oracles/swbOracleMap?oracleKeys=${keys.join(",")}`);
    expect(status).toBe(200);
    const usdcFeed = decodePullFeed((await account(usdc.oracle!)).data);
    const orphanFeed = decodePullFeed((await account(orphanSwitchboard)).data);
    expect(body).toEqual({
      data: {
        [keys[0]!]: {
          feedId: Buffer.from(usdcFeed.feedHash).toString("hex"),
          rawPrice: "1000000000000000000",
          stdev: "1000000000000000",
          lastUpdateTimestamp: Number(usdcFeed.lastUpdateTimestamp),
        },
        [keys[1]!]: {
          feedId: Buffer.from(orphanFeed.feedHash).toString("hex"),
          rawPrice: "3000000000000000000",
          stdev: "0",
          lastUpdateTimestamp: Number(orphanFeed.lastUpdateTimestamp),
        },
        [keys[2]!]: null,
      },
    });
    // TestMarket's feed hashes carry a counter in their first four bytes.
    expect(body.data[keys[0]!].feedId).toMatch(/^[0-9a-f]{8}0{56}$/);
    expect(body.data[keys[0]!].feedId).not.toBe(body.data[keys[1]!].feedId);
  });

  it("rejects a malformed key with 400 naming the field", async () => {
    const { status, body } = await get("/api/oracles/swbOracleMap?oracleKeys=0OIl");
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'Invalid query.oracleKeys: "0OIl" is not a base58 address', field: "query.oracleKeys" });
  });
});

describe("GET /api/oracles/swbOracleData", () => {
  const hashOf = async (feed: PublicKey) => Buffer.from(decodePullFeed((await account(feed)).data).feedHash).toString("hex");

  it("finds the group's feeds by hash and gives their current values", async () => {
    const usdcHash = await hashOf(usdc.oracle!);
    const orphanHash = await hashOf(orphanSwitchboard);
    const unknown = "ab".repeat(32);
    const query = [`0x${usdcHash.toUpperCase()}`, orphanHash, unknown].join(",");
    const { status, body } = await get(`/api/oracles/swbOracleData?feedIds=${query}`);
    expect(status).toBe(200);
    const feed = decodePullFeed((await account(usdc.oracle!)).data);
    expect(body).toEqual({
      results: [
        {
          feedHash: usdcHash,
          results: [1],
          value: "1",
          stdDev: "0.001",
          oracleKey: usdc.oracle!.toBase58(),
          lastUpdateTimestamp: Number(feed.lastUpdateTimestamp),
        },
      ],
    });
  });

  it("follows a new price", async () => {
    await market.setOracle(usdc.oracle!, { kind: "switchboard", price: 1.0025, stdDev: 0.0005 });
    const { body } = await get(`/api/oracles/swbOracleData?feedIds=${await hashOf(usdc.oracle!)}`);
    expect(body.results[0]).toMatchObject({ results: [1.0025], value: "1.0025", stdDev: "0.0005" });
    await market.setOracle(usdc.oracle!, { kind: "switchboard", price: 1, stdDev: 0.001 });
  });

  it("rejects a malformed feed id with 400 naming the field", async () => {
    const { status, body } = await get(`/api/oracles/swbOracleData?feedIds=${"zz".repeat(32)}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({
      error: `Invalid query.feedIds: "${"zz".repeat(32)}" is not a 32-byte hex feed hash`,
      field: "query.feedIds",
    });
  });

  it("writes pull-feed values as exact decimals", () => {
    expect(pullFeedDecimal(0n)).toBe("0");
    expect(pullFeedDecimal(1n)).toBe("0.000000000000000001");
    expect(pullFeedDecimal(150_000_000_000_000_000_000n)).toBe("150");
    expect(pullFeedDecimal(-1_250_000_000_000_000_000n)).toBe("-1.25");
  });
});

describe("GET /api/tokens/multi", () => {
  it("prices the group's bank mints as the SDK does and leaves other mints out", async () => {
    const stranger = Keypair.generate().publicKey.toBase58();
    const mints = [sol, usdc, fixedBank].map((b) => b.mint.toBase58());
    const { status, body } = await get(`/api/tokens/multi?mintList=${[...mints, stranger].join(",")}`);
    expect(status).toBe(200);
    const snapshot = await sdkMarket(market.now());
    const sdkPrice = (bank: TestBank) => toNumber(midPrice(snapshot.banks.get(bank.key.toBase58())!.price)!);
    expect(body).toEqual({
      success: true,
      data: {
        [mints[0]!]: { value: sdkPrice(sol) },
        [mints[1]!]: { value: sdkPrice(usdc) },
        [mints[2]!]: { value: sdkPrice(fixedBank) },
      },
    });
    expect(body.data[mints[0]!].value).toBe(150);
    expect(body.data[mints[1]!].value).toBe(1);
    expect(body.data[mints[2]!].value).toBe(2.5);
  });

  it("leaves out mints whose price is stale", async () => {
    market.advanceTime(101);
    const mints = [sol, usdc, fixedBank].map((b) => b.mint.toBase58());
    const { body } = await get(`/api/tokens/multi?mintList=${mints.join(",")}`);
    expect(body).toEqual({ success: true, data: { [mints[2]!]: { value: 2.5 } } });
  });

  it("rejects a malformed mint with 400 naming the field", async () => {
    const { status, body } = await get("/api/tokens/multi?mintList=abc!");
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'Invalid query.mintList: "abc!" is not a base58 address', field: "query.mintList" });
  });
});

describe("GET /api/kamino/states", () => {
  let reserve: PublicKey;
  let obligation: PublicKey;
  beforeAll(async () => {
    reserve = await klendAccount(fixtureData("kamino_usdc_reserve.json"));
    obligation = await klendAccount(fixtureData("kamino_usdc_obligation.json"));
  });

  it("decodes the reserve and obligation of each bank, fractions as exact decimals", async () => {
    const bank = Keypair.generate().publicKey.toBase58();
    const { status, body } = await get(`/api/kamino/states?keys=${bank},${reserve.toBase58()},${obligation.toBase58()}`);
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual([bank]);
    const { reserveState, obligationState } = body[bank];
    expect(reserveState).toMatchObject({
      version: "1",
      lastUpdate: { slot: "377723091", stale: 1, priceStatus: 63 },
      lendingMarket: "7u3HeHxYDLhnCoErrtycNokbQYbWGzLs6JSDqGAv5PfF",
      liquidity: {
        mintPubkey: "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v",
        supplyVault: "Bgq7trRgVMeq33yt235zM2onQ4bRDBsY5EWiTetF4qw6",
        availableAmount: "129639221256987",
        borrowedAmount: "458163294492906.195822461865816164171272273364365901215933263301849365234375",
        marketPrice: "0.99989051999999999965906827270600842894054949283599853515625",
        mintDecimals: "6",
        cumulativeBorrowRate: "1.2374485682478534587236396191656240262091159820556640625",
        accumulatedProtocolFees: "291829476797.47971633372626363601975985062608742737211287021636962890625",
        tokenProgram: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
      },
      collateral: { mintPubkey: "B8V6WVjPxW1UGwVDfxH2d2r8SyT4cqn7dQRK6XneVa7D", mintTotalSupply: "505501704354504" },
      config: {
        status: 0,
        protocolTakeRatePct: 10,
        loanToValuePct: 80,
        liquidationThresholdPct: 90,
        fees: { originationFee: "0", flashLoanFee: "0.0000099999999999995925481499625675496645271778106689453125" },
        depositLimit: "1000000000000000",
        borrowLimit: "700000000000000",
        borrowFactorPct: "100",
        tokenInfo: { name: "USDC", maxAgePriceSeconds: "180" },
        depositWithdrawalCap: { currentTotal: "-354446203304" },
      },
    });
    expect(reserveState.config.borrowRateCurve.points).toEqual([
      { utilizationRateBps: 0, borrowRateBps: 0 },
      { utilizationRateBps: 9500, borrowRateBps: 475 },
      ...Array(9).fill({ utilizationRateBps: 10000, borrowRateBps: 3000 }),
    ]);
    expect(obligationState).toEqual({
      tag: "0",
      lastUpdate: { slot: "377501284", stale: 1, priceStatus: 63 },
      lendingMarket: "7u3HeHxYDLhnCoErrtycNokbQYbWGzLs6JSDqGAv5PfF",
      owner: "HRpCJaTjXMgxsDAHSLHTQigUmezEitySEf6SWWmLsiNY",
      deposits: [
        {
          depositReserve: "D6q6wuQSrifJKZYpR1M8R4YawnLDtDsMmWM1NbBmgJ59",
          depositedAmount: "163105714338",
          marketValue: "175536.767179769586084592432329021249870493193157017230987548828125",
          borrowedAmountAgainstThisCollateralInElevationGroup: "0",
        },
      ],
      lowestReserveDepositLiquidationLtv: "255",
      depositedValue: "175536.767179769586084592432329021249870493193157017230987548828125",
      borrows: [],
      borrowFactorAdjustedDebtValue: "0",
      borrowedAssetsMarketValue: "0",
      allowedBorrowValue: "140429.41374381566874587033699750548976226127706468105316162109375",
      unhealthyBorrowValue: "157983.090461792627415230950982394375614603632129728794097900390625",
      depositsAssetTiers: [0, 255, 255, 255, 255, 255, 255, 255],
      borrowsAssetTiers: [255, 255, 255, 255, 255],
      elevationGroup: 0,
      numOfObsoleteDepositReserves: 0,
      hasDebt: 0,
      referrer: "11111111111111111111111111111111",
      borrowingDisabled: 0,
      autodeleverageTargetLtvPct: 0,
      lowestReserveDepositMaxLtvPct: 80,
      numOfObsoleteBorrowReserves: 0,
      highestBorrowFactorPct: "100",
      autodeleverageMarginCallStartedTimestamp: "0",
      orders: [],
    });
    // No raw scaled fraction leaks under its on-chain name.
    expect(JSON.stringify(body)).not.toMatch(/B?[sS]f"/);
  });

  it("answers null for a missing account, one klend does not own and one of the other kind", async () => {
    const [a, b] = [Keypair.generate().publicKey.toBase58(), Keypair.generate().publicKey.toBase58()];
    const missing = Keypair.generate().publicKey.toBase58();
    const query = [
      `keys=${a},${missing},${market.admin.publicKey.toBase58()}`,
      `keys=${b},${obligation.toBase58()},${reserve.toBase58()}`,
    ].join("&");
    const { status, body } = await get(`/api/kamino/states?${query}`);
    expect(status).toBe(200);
    expect(body).toEqual({ [a]: { reserveState: null, obligationState: null }, [b]: { reserveState: null, obligationState: null } });
  });

  it("takes 20 banks per call and rejects more, malformed triples and a missing parameter with 400 naming the field", async () => {
    const triple = () => [0, 1, 2].map(() => Keypair.generate().publicKey.toBase58()).join(",");
    const twenty = Array.from({ length: 20 }, triple);
    const ok = await get(`/api/kamino/states?${twenty.map((t) => `keys=${t}`).join("&")}`);
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body)).toHaveLength(20);
    const tooMany = await get(`/api/kamino/states?${[...twenty, triple()].map((t) => `keys=${t}`).join("&")}`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ error: "Invalid query.keys: at most 20 banks per call, got 21", field: "query.keys" });
    const pair = twenty[0]!.split(",").slice(0, 2).join(",");
    const malformed = await get(`/api/kamino/states?keys=${twenty[0]}&keys=${pair}`);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({
      error: `Invalid query.keys.1: "${pair}" is not three base58 addresses "bank,reserve,obligation"`,
      field: "query.keys.1",
    });
    const missing = await get("/api/kamino/states");
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: 'Invalid query.keys: at least one "bank,reserve,obligation" triple is required',
      field: "query.keys",
    });
  });
});

describe("GET /api/solana/slot-duration", () => {
  let net: Localnet;
  let slotServer: RunningServer;
  let clock = 1_000_000;
  beforeAll(async () => {
    // Its own ledger: the samples are made by moving the wall clock the ledger reads.
    net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 0 });
    slotServer = await startTestServer(market, { config: { rpcUrl: net.rpc.url }, now: () => clock });
  });
  afterAll(async () => {
    await slotServer.close();
    await net.close();
  });

  /** Starts `slots` slots with the ledger's wall clock at `at` (ms), which closes a sample once a minute has passed. */
  const slotsAt = (at: number, slots: number) => {
    const spy = vi.spyOn(Date, "now").mockReturnValue(at);
    try {
      net.ledger.warp(slots);
    } finally {
      spy.mockRestore();
    }
  };
  const duration = () => api(slotServer, "GET", "/api/solana/slot-duration");

  it("falls back to 500 ms without samples, then takes the median of the samples, cached for a minute", async () => {
    const connection = new Connection(net.rpc.url, "confirmed");
    expect(await connection.getRecentPerformanceSamples()).toEqual([]);
    const first = await duration();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ medianSlotDurationMs: 500, sampleCount: 0, fallback: true });

    const start = Date.now() + 61_000;
    slotsAt(start, 1);
    slotsAt(start + 90_000, 300);
    slotsAt(start + 150_000, 50);
    const samples = await connection.getRecentPerformanceSamples();
    expect(samples).toHaveLength(3);
    expect(samples.slice(0, 2).map((s) => [s.numSlots, s.samplePeriodSecs])).toEqual([
      [50, 60],
      [300, 90],
    ]);
    // The first sample spans the ledger's start: at least 61 s over a slot or two, far above the others.
    expect((samples[2]!.samplePeriodSecs * 1000) / samples[2]!.numSlots).toBeGreaterThan(20_000);

    clock += 59;
    expect((await duration()).body).toEqual(first.body);
    clock += 1;
    // Per-sample durations 1200, 300 and ≥ 20 000 ms: the median is 1200.
    expect((await duration()).body).toEqual({ medianSlotDurationMs: 1200, sampleCount: 3, fallback: false });

    slotsAt(start + 210_000, 240);
    clock += 60;
    // 250, 300, 1200 and the first: the mean of the middle two.
    expect((await duration()).body).toEqual({ medianSlotDurationMs: 750, sampleCount: 4, fallback: false });
  });

  it("skips samples without slots and takes the mean of the middle two of an even count", () => {
    const sample = (numSlots: number, samplePeriodSecs: number): PerfSample => ({
      slot: 0,
      numTransactions: 0,
      numSlots,
      samplePeriodSecs,
    });
    expect(medianSlotDuration([])).toEqual({ medianSlotDurationMs: 500, sampleCount: 0, fallback: true });
    expect(medianSlotDuration([sample(0, 60)])).toEqual({ medianSlotDurationMs: 500, sampleCount: 0, fallback: true });
    expect(medianSlotDuration([sample(150, 60), sample(0, 60), sample(100, 60)])).toEqual({
      medianSlotDurationMs: 500,
      sampleCount: 2,
      fallback: false,
    });
    expect(medianSlotDuration([sample(120, 60), sample(150, 60), sample(100, 60)]).medianSlotDurationMs).toBe(500);
  });

  it("is a median of random samples: at most half the durations lie on either side", () => {
    let seed = 0x5107;
    const next = () => {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      return seed;
    };
    for (let round = 0; round < 200; round++) {
      const samples = Array.from({ length: 1 + (next() % 30) }, () => ({
        slot: 0,
        numTransactions: 0,
        numSlots: next() % 5 === 0 ? 0 : 1 + (next() % 300),
        samplePeriodSecs: 60,
      }));
      const durations = samples.filter((s) => s.numSlots > 0).map((s) => 60_000 / s.numSlots);
      const result = medianSlotDuration(samples);
      if (durations.length === 0) {
        expect(result.fallback).toBe(true);
        continue;
      }
      const below = durations.filter((d) => d < result.medianSlotDurationMs).length;
      const above = durations.filter((d) => d > result.medianSlotDurationMs).length;
      // Half the durations on each side (ties at the median count for neither).
      expect(below).toBeLessThanOrEqual(durations.length / 2);
      expect(above).toBeLessThanOrEqual(durations.length / 2);
      expect(result.sampleCount).toBe(durations.length);
    }
  });
});
