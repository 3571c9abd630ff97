// The what-if card on the portfolio over SDK banks encoded in the program's layout: today's figures and those after a
// price change typed or slid per asset, checked against exact hand-computed values and the SDK's own report; the
// reset, a refused entry, the "Liquidatable" state, the polite announcement, and no card without positions.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MarginfiGroupLayout, decodeMarginfiGroup } from "@ballast/protocol";
import { accountRisk, priceShockReport, toNumber, type EmissionsBalance, type Market, type PricedBank } from "@ballast/sdk";
import { NOW, balance, banksOf, sol, usdc } from "../../../packages/sdk/test/math/support.js";
import { formatPercent } from "../src/format/index.js";
import { PortfolioView } from "../src/features/portfolio/PortfolioView.js";
import { LIQUIDATABLE_MESSAGE } from "../src/features/portfolio/WhatIfCard.js";
import { CHANGE_ERROR, changeText, parsePriceChange } from "../src/features/portfolio/what-if-model.js";
import { SIMULATION_ONCHAIN, portfolioModel } from "../src/features/portfolio/portfolio-model.js";

function marketOf(...banks: PricedBank[]): Market {
  const data = Buffer.alloc(MarginfiGroupLayout.space);
  MarginfiGroupLayout.discriminator.copy(data, 0);
  return { group: decodeMarginfiGroup(data), banks: banksOf(...banks), now: NOW };
}

// 3 SOL at $10 (maintenance weight 0.75, initial 0.625) against 12 USDC (liability weights 1.125 and 1.25): weights and
// prices exact in binary. Today: maintenance 22.5 − 13.5 (factor 40 %), Initial 18.75 − 15 ($3.75 free), SOL
// liquidates at 13.5 / 2.25 = $6 and USDC at 22.5 / 13.5 = $1.67.
const solBank = sol({ assetWeightInit: "0.625", assetWeightMaint: "0.75" });
const usdcBank = usdc({ liabilityWeightInit: "1.25", liabilityWeightMaint: "1.125" });
const market = marketOf(solBank, usdcBank);
const tokens = [
  { mint: solBank.bank.mint, symbol: "SOL", name: "Solana", category: "SOL / LST" as const },
  { mint: usdcBank.bank.mint, symbol: "USDC", name: "USD Coin", category: "Stablecoins" as const },
];
const balances: EmissionsBalance[] = [balance(solBank, "assets", "3000000000"), balance(usdcBank, "liabilities", "12000000")];

function renderPortfolio(accountBalances: EmissionsBalance[] = balances) {
  const health = accountRisk(accountBalances, market.banks).health;
  const model = portfolioModel({ market, balances: accountBalances, health, simulationStatus: SIMULATION_ONCHAIN, tokens });
  render(<PortfolioView model={model} onAction={vi.fn()} />);
}

const cell = (testId: string) => screen.getByTestId(testId).textContent;
const solChange = () => screen.getByRole("spinbutton", { name: "SOL price change in percent" });
const solSlider = () => screen.getByRole("slider", { name: "SOL price change" });
const results = () => screen.getByRole("table", { name: "What-if results" });

afterEach(cleanup);

describe("what-if card", () => {
  it("shows today's figures on both sides before any change", () => {
    renderPortfolio();
    expect(screen.getByRole("region", { name: "What if prices move" })).toBeTruthy();
    expect(cell("what-if-health-today")).toBe("40.00%");
    expect(cell("what-if-health-after")).toBe("40.00%");
    expect(cell("what-if-free-collateral-today")).toBe("$3.75");
    expect(cell("what-if-free-collateral-after")).toBe("$3.75");
    expect(cell(`what-if-price-${solBank.address}-today`)).toBe("$10.00");
    expect(cell(`what-if-liquidation-${solBank.address}-today`)).toBe("$6.00");
    expect(cell(`what-if-liquidation-${usdcBank.address}-today`)).toBe("$1.67");
    expect(screen.getByRole("status").textContent).toBe("Prices as today.");
    expect(screen.queryByText(LIQUIDATABLE_MESSAGE)).toBeNull();
    expect(solSlider()).toHaveProperty("value", "0");
    expect(screen.getByRole("button", { name: "Reset SOL price" })).toHaveProperty("disabled", true);
  });

  it("SOL −50 % typed: health −20 %, no free collateral, Liquidatable, announced politely; the figures are the SDK's", () => {
    renderPortfolio();
    fireEvent.change(solChange(), { target: { value: "-50" } });
    // Maintenance 11.25 − 13.5 = −2.25 of 11.25; Initial 9.375 − 15 < 0; USDC now liquidates at 11.25 / 13.5.
    expect(cell("what-if-health-today")).toBe("40.00%");
    expect(cell("what-if-health-after")).toBe("-20.00%Liquidatable");
    expect(within(results()).getByText("Liquidatable")).toBeTruthy();
    expect(cell("what-if-free-collateral-after")).toBe("$0.00");
    expect(cell(`what-if-price-${solBank.address}-after`)).toBe("$5.00");
    expect(cell(`what-if-liquidation-${solBank.address}-after`)).toBe("$6.00");
    expect(cell(`what-if-liquidation-${usdcBank.address}-after`)).toBe("$0.8333");
    expect(screen.getByText(LIQUIDATABLE_MESSAGE)).toBeTruthy();
    const status = screen.getByRole("status");
    expect(status.getAttribute("aria-live")).toBe("polite");
    expect(status.textContent).toBe("After the price changes: health factor -20.00%, free collateral $0.00, liquidatable.");
    expect(solSlider()).toHaveProperty("value", "-50");
    expect(solSlider().getAttribute("aria-valuetext")).toBe("−50 %");

    const sdk = priceShockReport(balances, market.banks, new Map([[solBank.address, 5_000n]]));
    expect(cell("what-if-health-after")).toBe(`${formatPercent(toNumber(sdk.healthFactor!))}Liquidatable`);
    expect(sdk.liquidatable).toBe(true);
  });

  it("USDC +25 % slid: liabilities 16.875, free collateral exactly used up, SOL liquidates at $7.50", () => {
    renderPortfolio();
    fireEvent.change(screen.getByRole("slider", { name: "USDC price change" }), { target: { value: "25" } });
    expect(screen.getByRole("spinbutton", { name: "USDC price change in percent" })).toHaveProperty("value", "25");
    // Maintenance 22.5 − 16.875 = 5.625 of 22.5 = 25 %.
    expect(cell("what-if-health-after")).toBe("25.00%");
    expect(cell("what-if-free-collateral-after")).toBe("$0.00");
    expect(cell(`what-if-price-${usdcBank.address}-after`)).toBe("$1.25");
    expect(cell(`what-if-liquidation-${solBank.address}-after`)).toBe("$7.50");
    expect(screen.getByRole("status").textContent).toBe("After the price changes: health factor 25.00%, free collateral $0.00.");
    expect(screen.queryByText(LIQUIDATABLE_MESSAGE)).toBeNull();
  });

  it("combines changes of both assets, and a reset puts one back", () => {
    renderPortfolio();
    fireEvent.change(solChange(), { target: { value: "-10" } });
    fireEvent.change(screen.getByRole("spinbutton", { name: "USDC price change in percent" }), { target: { value: "12.5" } });
    // Maintenance 20.25 − 15.1875 = 5.0625 of 20.25 = 25 %; Initial 16.875 − 16.875 = 0.
    expect(cell("what-if-health-after")).toBe("25.00%");
    expect(cell("what-if-free-collateral-after")).toBe("$0.00");
    fireEvent.click(screen.getByRole("button", { name: "Reset SOL price" }));
    expect(solChange()).toHaveProperty("value", "0");
    // USDC +12.5 % alone: 22.5 − 15.1875 = 7.3125 of 22.5 = 32.5 %; Initial 18.75 − 16.875 = 1.875.
    expect(cell("what-if-health-after")).toBe("32.50%");
    expect(cell("what-if-free-collateral-after")).toBe("$1.88");
  });

  it("refuses an entry out of range or malformed, keeping the last accepted change", () => {
    renderPortfolio();
    fireEvent.change(solChange(), { target: { value: "-50" } });
    fireEvent.change(solChange(), { target: { value: "-150" } });
    expect(solChange().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText(CHANGE_ERROR)).toBeTruthy();
    expect(cell(`what-if-price-${solBank.address}-after`)).toBe("$5.00");
    fireEvent.click(screen.getByRole("button", { name: "Reset SOL price" }));
    expect(screen.queryByText(CHANGE_ERROR)).toBeNull();
    expect(cell(`what-if-price-${solBank.address}-after`)).toBe("$10.00");
  });

  it("offers collateral before debt whatever the slot order, and no control for dust", () => {
    const dustBank = usdc({ assetShareValue: "0.5", totalAssets: "1000000" });
    const withDust = marketOf(solBank, usdcBank, dustBank);
    const slots = [
      balance(usdcBank, "liabilities", "12000000"),
      balance(dustBank, "assets", "0.75"),
      balance(solBank, "assets", "3000000000"),
    ];
    const health = accountRisk(slots, withDust.banks).health;
    const model = portfolioModel({ market: withDust, balances: slots, health, simulationStatus: SIMULATION_ONCHAIN, tokens });
    render(<PortfolioView model={model} onAction={vi.fn()} />);
    const controls = screen.getAllByTestId(/^what-if-control-/).map((control) => control.getAttribute("data-testid"));
    expect(controls).toEqual([`what-if-control-${solBank.address}`, `what-if-control-${usdcBank.address}`]);
  });

  it("is not shown for an account without positions", () => {
    renderPortfolio([]);
    expect(screen.queryByRole("region", { name: "What if prices move" })).toBeNull();
  });
});

describe("price change entry", () => {
  it("reads percentages with up to two decimals as basis points, within −100 % and 100 %", () => {
    expect(parsePriceChange("-20")).toEqual({ ok: true, bps: -2_000n });
    expect(parsePriceChange("12.5")).toEqual({ ok: true, bps: 1_250n });
    expect(parsePriceChange("+0.01")).toEqual({ ok: true, bps: 1n });
    expect(parsePriceChange("-100")).toEqual({ ok: true, bps: -10_000n });
    expect(parsePriceChange("100")).toEqual({ ok: true, bps: 10_000n });
    for (const text of ["", "-", "100.01", "-101", "1.234", "1e2", "abc", "--5"]) {
      expect(parsePriceChange(text)).toEqual({ ok: false, error: CHANGE_ERROR });
    }
  });

  it("writes basis points back as the inputs show them", () => {
    expect([-5_000n, 1_250n, 1n, 0n, -10_000n].map(changeText)).toEqual(["-50", "12.5", "0.01", "0", "-100"]);
  });
});
