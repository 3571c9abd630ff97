// `ballast oracle show` against a real ledger: every bank of the group with its price, confidence, age and the rule
// that applied — a fixed price, a live feed, the 5% confidence cap, the max-confidence gate and a stale feed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { i80f48 as fx } from "@ballast/protocol";
import { TestMarket, type TestBank } from "../../../packages/protocol/test/support/market.js";
import { cli, json, keypairFile, tempHome } from "./support.js";

let market: TestMarket;
let fixed: TestBank;
let live: TestBank;
let capped: TestBank;
let exceeded: TestBank;
let stale: TestBank;
let home: string;
let global: string[];

beforeAll(async () => {
  market = await TestMarket.start();
  fixed = await market.addBank(6, { kind: "fixed", price: "0.75" });
  live = await market.addBank(9, { kind: "pyth", price: 10, conf: 0.01, emaPrice: 9.5, emaConf: 0.02 });
  // conf 0.3 × 2.12 = $0.636: over 5% of $10 (the cap) but within the default 10% gate.
  capped = await market.addBank(9, { kind: "pyth", price: 10, conf: 0.3 });
  // conf 0.6 × 2.12 = $1.272: over 10% of $10.
  exceeded = await market.addBank(9, { kind: "pyth", price: 10, conf: 0.6 });
  stale = await market.addBank(6, { kind: "switchboard", price: 1 }, { oracleMaxAge: 10 });
  // 20 s later every Pyth feed publishes again; the Switchboard feed does not.
  market.advanceTime(20);
  await market.setOracle(live.oracle!, { kind: "pyth", price: 10, conf: 0.01, emaPrice: 9.5, emaConf: 0.02 }, market.now() - 3n);
  await market.setOracle(capped.oracle!, { kind: "pyth", price: 10, conf: 0.3 });
  await market.setOracle(exceeded.oracle!, { kind: "pyth", price: 10, conf: 0.6 });
  home = tempHome();
  global = ["--url", market.net.rpc.url, "--keypair", keypairFile(home, market.admin, "admin"), "--group", market.group.toBase58()];
}, 120_000);

afterAll(async () => {
  await market?.close();
});

type Row = Record<string, string | null>;

describe("oracle show", () => {
  it("names the rule behind every bank's price, with the price, confidence and age", async () => {
    const run = await cli(home, [...global, "--output", "json", "oracle", "show"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const rows = new Map(json<Row[]>(run).map((r) => [r["bank"], r]));
    expect(rows.size).toBe(5);
    expect(rows.get(fixed.key.toBase58())).toMatchObject({
      setup: "Fixed",
      price: "0.75",
      confidence: "0",
      ageSeconds: null,
      rule: "fixed",
      error: null,
      oracles: null,
    });
    const liveRow = rows.get(live.key.toBase58())!;
    expect(liveRow).toMatchObject({
      setup: "PythPushOracle",
      ageSeconds: "3",
      maxAgeSeconds: "100",
      rule: "live",
      error: null,
      oracles: live.oracle!.toBase58(),
    });
    expect(Number(liveRow["price"])).toBeCloseTo(10, 12);
    expect(Number(liveRow["confidence"])).toBeCloseTo(0.0212, 12);
    expect(Number(liveRow["emaPrice"])).toBeCloseTo(9.5, 12);
    expect(Number(liveRow["emaConfidence"])).toBeCloseTo(0.0424, 12);
    const cappedRow = rows.get(capped.key.toBase58())!;
    expect(cappedRow).toMatchObject({ rule: "confidence-capped", ageSeconds: "0" });
    expect(cappedRow["confidence"]).toBe(fx.toDecimal(fx.mul(fx.fromDecimal(cappedRow["price"]!), fx.fromDecimal("0.05"))));
    expect(rows.get(exceeded.key.toBase58())).toMatchObject({
      rule: "confidence-exceeded",
      price: null,
      error: "6055 OracleMaxConfidenceExceeded",
    });
    expect(rows.get(stale.key.toBase58())).toMatchObject({
      setup: "SwitchboardPull",
      rule: "stale",
      price: null,
      ageSeconds: "20",
      maxAgeSeconds: "10",
      error: "6049 SwitchboardStalePrice",
    });
  });

  it("prints a table by default, needs --group (exit 2), and reads only", async () => {
    const run = await cli(home, [...global, "oracle", "show"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(`^${fixed.key.toBase58()}\\s+\\S+\\s+Fixed\\s+0\\.75\\s+0\\s+0\\.75\\s+0\\s+-\\s+100\\s+0\\.1\\s+fixed\\s+-\\s+-$`, "m"),
    );
    expect(await cli(home, ["--url", market.net.rpc.url, "oracle", "show"])).toMatchObject({
      code: 2,
      stderr: "ballast: --group: required (the group's address)\n",
    });
    const help = await cli(home, ["oracle", "show", "--help"]);
    expect(help.stdout.replace(/\s+/g, " ")).toContain("Reads only.");
  });
});
