// lst_apy on both databases: the snapshot job records each LST bank's exchange rate (its price over SOL's), and the
// banks' lst_apy is that rate's growth over the recorded week, annualised: null until ten minutes of history, then
// exact, in the live and stored bank lists and in the rates' staking yield; rates older than the week are dropped.
import { NATIVE_MINT } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AssetTag } from "@ballast/protocol";
import type { BankDto, RatesReply } from "@ballast/sdk";
import { TestMarket, type TestBank } from "../../../packages/protocol/test/support/market.js";
import { LST_APY_LOOKBACK_SECONDS } from "../src/jobs/lst-rates.js";
import type { RunningServer } from "../src/server.js";
import { DIALECTS, api, startTestServer } from "./support/server.js";

const DAY = 86_400;

let market: TestMarket;
let sol: TestBank;
let lst: TestBank;
let usdc: TestBank;

/** Moves the chain's clock and publishes the prices (fresh at the new time): SOL at 150, the LST at 150 × rate. */
async function at(seconds: number, rate: number): Promise<void> {
  market.advanceTime(seconds);
  await market.setOracle(sol.oracle!, { kind: "pyth", price: 150 });
  await market.setOracle(lst.oracle!, { kind: "pyth", price: 150 * rate });
  await market.setOracle(usdc.oracle!, { kind: "switchboard", price: 1 });
}

beforeAll(async () => {
  market = await TestMarket.start();
  sol = await market.addBank(9, { kind: "pyth", price: 150 }, { assetTag: AssetTag.Sol }, { mint: NATIVE_MINT });
  lst = await market.addBank(9, { kind: "pyth", price: 165 }, { assetTag: AssetTag.Sol });
  usdc = await market.addBank(6, { kind: "switchboard", price: 1 });
});
afterAll(async () => {
  await market.close();
});

describe.each(DIALECTS)("on %s", (dialect) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(market, { dialect, now: () => Number(market.now()) });
  });
  afterAll(async () => {
    await server.close();
  });

  const yields = async (path: "/api/banks/rpc" | "/api/banks/db") => {
    const { status, body } = await api<BankDto[]>(server, "GET", path);
    expect(status).toBe(200);
    return Object.fromEntries(body.map((dto) => [dto.bank_address, dto.lst_apy]));
  };
  const rates = async () => (await api<RatesReply>(server, "GET", "/api/rates")).body;
  const stored = () => server.context.db.selectFrom("lst_rates").selectAll().orderBy("time").execute();

  it("records LST exchange rates at each snapshot and gives lst_apy from their annualised growth", async () => {
    const none = { [sol.key.toBase58()]: null, [lst.key.toBase58()]: null, [usdc.key.toBase58()]: null };
    await at(1, 1.1);
    const start = Number(market.now());
    await server.jobs.bankHistory.run();
    // Only the LST has a rate: SOL itself and USDC are not liquid staking tokens.
    const first = await stored();
    expect(first.map((r) => [r.bank, Number(r.time)])).toEqual([[lst.key.toBase58(), start]]);
    expect(first[0]!.rate).toBeCloseTo(1.1, 12);
    expect(await yields("/api/banks/rpc")).toEqual(none);

    // Five minutes of history say nothing yet.
    await at(300, 1.1001);
    await server.jobs.bankHistory.run();
    expect(await yields("/api/banks/rpc")).toEqual(none);

    // About a day after the start the rate is 1.1 × 1.0002: (1.0002)^365 − 1 = 7.57% a year over exactly a day.
    await at(DAY - 300, 1.1 * 1.0002);
    await server.jobs.bankHistory.run();
    const times = (await stored()).map((r) => Number(r.time));
    const expected = 1.0002 ** (31_536_000 / (times[2]! - times[0]!)) - 1;
    const live = await yields("/api/banks/rpc");
    expect(live[lst.key.toBase58()]).toBeCloseTo(expected, 9);
    expect(live[lst.key.toBase58()]).toBeCloseTo(0.0757, 3);
    expect({ ...live, [lst.key.toBase58()]: null }).toEqual(none);

    // The stored list carries it after the bank-states job, and the rates count it as staking yield on both sides.
    await server.jobs.bankStates.run();
    expect((await yields("/api/banks/db"))[lst.key.toBase58()]).toBe(live[lst.key.toBase58()]);
    const lstRates = (await rates())[lst.key.toBase58()]!;
    expect(lstRates.lstRate).toBeCloseTo(expected, 9);
    expect(lstRates.totalLendingRate).toBeCloseTo(lstRates.lendingRate + lstRates.emissionsLendingRate + lstRates.lstRate, 12);
    expect((await rates())[usdc.key.toBase58()]!.lstRate).toBe(0);

    // A week later the first rates have left the lookback and are deleted; the yield is measured over what is left.
    await at(LST_APY_LOOKBACK_SECONDS, 1.1 * 1.0002 * 1.001);
    await server.jobs.bankHistory.run();
    const kept = await stored();
    expect(kept).toHaveLength(2);
    expect(Number(kept[0]!.time)).toBe(times[2]);
    const week = Number(kept[1]!.time) - Number(kept[0]!.time);
    expect((await yields("/api/banks/rpc"))[lst.key.toBase58()]).toBeCloseTo(1.001 ** (31_536_000 / week) - 1, 9);
  });
});
