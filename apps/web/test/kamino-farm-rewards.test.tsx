// A Kamino bank's deposit APY panel lists its reserve farm's rewards, each reward token by symbol with its APR from
// the SDK, apart from the APY's parts (the protocol harvests them); a bank without a farm shows no farm section, and a
// reward the market cannot price says so.
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { i80f48 as fx } from "@ballast/protocol";
import { farmRewardView } from "../src/features/bank/bank-detail.js";
import { ApyBreakdown } from "../src/features/markets/ApyBreakdown.js";
import type { ApyView } from "../src/features/markets/bank-rows.js";

afterEach(cleanup);

const apy: ApyView = { side: "lending", interest: 0.026, emissions: 0, stakingYield: 0, total: 0.026 };
const tokens = [
  { mint: "PyusdMint1111111111111111111111111111111111", symbol: "PYUSD", name: "PayPal USD", category: "Stablecoins" as const },
];

describe("farm rewards in the APY breakdown", () => {
  it("lists each reward of the reserve's farm with its APR, under its own heading, leaving the total alone", () => {
    const rewards = [
      farmRewardView({ mint: tokens[0]!.mint, apr: fx.fromDecimal("0.0315") }, tokens),
      farmRewardView({ mint: "Unpriced11111111111111111111111111111111111", apr: null }, tokens),
    ];
    render(<ApyBreakdown apy={apy} label="Deposit APY" testId="bank-deposit-apy" farmRewards={rewards} />);
    expect(screen.getByTestId("bank-deposit-apy").textContent).toBe("2.60%");
    const farm = screen.getByTestId("farm-rewards");
    expect(within(farm).getByText("Kamino farm rewards (harvested by the protocol)")).toBeTruthy();
    const pyusd = farm.querySelector('[data-farm-reward="PYUSD"]')!;
    expect(pyusd.textContent).toBe("PYUSD3.15%");
    expect(farm.querySelector('[data-farm-reward="Unpr…"]')!.textContent).toBe("Unpr…No price");
  });

  it("shows no farm section for a bank whose reserve has no farm", () => {
    render(<ApyBreakdown apy={apy} label="Deposit APY" />);
    expect(screen.queryByTestId("farm-rewards")).toBeNull();
  });
});
