import { i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import {
  NO_FLOWS,
  downsample,
  historicAccountValue,
  interestEarned,
  type HistoricBankValue,
  type HistoricShares,
} from "../../src/math/account-history.js";
import { accountSummary, portfolioSummary } from "../../src/math/portfolio-summary.js";

const d = fx.fromDecimal;
const shares = (assets: string, liabilities = "0"): HistoricShares => ({ assetShares: d(assets), liabilityShares: d(liabilities) });
const bank = (assetShareValue: string, liabilityShareValue: string, decimals: number, usdPrice: string): HistoricBankValue => ({
  assetShareValue: d(assetShareValue),
  liabilityShareValue: d(liabilityShareValue),
  decimals,
  usdPrice: d(usdPrice),
});

describe("historicAccountValue", () => {
  it("values shares × share value × price per bank, deposits less debt", () => {
    const value = historicAccountValue(
      new Map([
        ["sol", shares("2000000000")],
        ["usdc", shares("0", "4000000")],
      ]),
      new Map([
        ["sol", bank("1.5", "1", 9, "10")],
        ["usdc", bank("1", "1.25", 6, "2")],
      ]),
    );
    expect(value).toEqual({ deposits: d("30"), debt: d("10"), value: d("20") });
  });

  it("is null when a held bank has no value, and ignores closed balances", () => {
    expect(historicAccountValue(new Map([["sol", shares("1")]]), new Map())).toBeNull();
    expect(historicAccountValue(new Map([["sol", shares("0")]]), new Map())).toEqual({ deposits: fx.ZERO, debt: fx.ZERO, value: fx.ZERO });
  });
});

describe("interestEarned", () => {
  const start = { balances: new Map([["usdc", shares("100000000", "0")]]), banks: new Map([["usdc", bank("1", "1", 6, "1")]]) };

  it("counts the growth of deposits net of deposits and withdrawals, at the end's price", () => {
    // 100 USDC at share value 1; 50 more deposited (40 shares at 1.25); 20 withdrawn (16 shares): 124 shares at 1.25 = 155.
    const end = { balances: new Map([["usdc", shares("124000000")]]), banks: new Map([["usdc", bank("1.25", "1", 6, "2")]]) };
    const flows = new Map([["usdc", { ...NO_FLOWS, deposited: 50_000_000n, withdrawn: 20_000_000n }]]);
    // 155 − 100 − 50 + 20 = 25 USDC at $2.
    expect(interestEarned(start, end, flows)).toEqual(d("50"));
  });

  it("subtracts debt growth net of borrows and repays; a bank opened in the period starts from nothing", () => {
    const end = {
      balances: new Map([
        ["usdc", shares("100000000")],
        ["sol", shares("0", "1000000000")],
      ]),
      banks: new Map([
        ["usdc", bank("1", "1", 6, "1")],
        ["sol", bank("1", "1.125", 9, "8")],
      ]),
    };
    // Borrowed 1.5 SOL, repaid 0.5: 1 SOL owed would be no interest; 1.125 owed is 0.125 SOL ($1 at $8) paid.
    const flows = new Map([["sol", { ...NO_FLOWS, borrowed: 1_500_000_000n, repaid: 500_000_000n }]]);
    expect(interestEarned(start, end, flows)).toEqual(d("-1"));
  });

  it("is null when a bank it needs has no value", () => {
    const end = { balances: new Map([["usdc", shares("1")]]), banks: new Map<string, HistoricBankValue>() };
    expect(interestEarned(start, end, new Map())).toBeNull();
    expect(interestEarned({ ...start, banks: new Map() }, start, new Map())).toBeNull();
  });
});

describe("downsample", () => {
  it("keeps at most the limit, evenly spread, first and last included", () => {
    expect(downsample([1, 2, 3], 5)).toEqual([1, 2, 3]);
    expect(downsample([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 3)).toEqual([0, 5, 10]);
    expect(downsample([0, 1, 2, 3, 4, 5, 6, 7, 8, 9], 4)).toEqual([0, 3, 6, 9]);
    expect(
      downsample(
        Array.from({ length: 1000 }, (_, i) => i),
        200,
      ),
    ).toHaveLength(200);
  });
});

describe("portfolioSummary", () => {
  const account = (address: string, positions: [string | null, boolean][], factor: string, liquidationRisk = false) => ({
    address,
    positions: positions.map(([usdValue, isLending]) => ({ usdValue, isLending })),
    health: { factor, liquidationRisk },
  });

  it("sums deposits and debt per account and market, skips unpriced positions, finds the lowest health", () => {
    const main = account(
      "a1",
      [
        ["120.5", true],
        ["20.25", false],
        [null, true],
      ],
      "0.4",
    );
    const risky = account(
      "a2",
      [
        ["10", true],
        ["9", false],
      ],
      "0.05",
      true,
    );
    const harbor = account("h1", [["100", true]], "1");
    expect(accountSummary(main)).toEqual({
      address: "a1",
      deposits: d("120.5"),
      debt: d("20.25"),
      value: d("100.25"),
      healthFactor: d("0.4"),
      liquidationRisk: false,
    });
    const summary = portfolioSummary([
      { market: "Main", accounts: [main, risky] },
      { market: "Harbor", accounts: [harbor] },
      { market: "Keel", accounts: [] },
    ]);
    expect(summary.markets.map((m) => [m.market, fx.toDecimal(m.value)])).toEqual([
      ["Main", "101.25"],
      ["Harbor", "100"],
      ["Keel", "0"],
    ]);
    expect(fx.toDecimal(summary.totalValue)).toBe("201.25");
    expect(summary.worstHealth?.market).toBe("Main");
    expect(summary.worstHealth?.account.address).toBe("a2");
    expect(portfolioSummary([{ market: "Main", accounts: [] }]).worstHealth).toBeNull();
  });
});
