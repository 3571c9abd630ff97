// The portfolio's leveraged position: an account holding exactly one deposit and one debt shows one card with the
// pair, the SDK's leverage (assets over equity) to two decimals, both sides and "Close position"; any other shape
// shows none.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MarginfiGroupLayout, decodeMarginfiGroup } from "@ballast/protocol";
import { accountLeverage, accountRisk, toNumber, type EmissionsBalance, type Market, type PricedBank } from "@ballast/sdk";
import { NOW, balance, banksOf, makeBank } from "../../../packages/sdk/test/math/support.js";
import type { TokenInfo } from "../src/api/index.js";
import { formatLeverage } from "../src/format/index.js";
import { PortfolioView } from "../src/features/portfolio/PortfolioView.js";
import { SIMULATION_COMPUTED, portfolioModel } from "../src/features/portfolio/portfolio-model.js";

afterEach(cleanup);

function marketOf(...banks: PricedBank[]): Market {
  const group = Buffer.alloc(MarginfiGroupLayout.space);
  MarginfiGroupLayout.discriminator.copy(group, 0);
  return { group: decodeMarginfiGroup(group), banks: banksOf(...banks), now: NOW };
}

const jitoSol = makeBank({ decimals: 9, mint: "J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn", oracle: { kind: "fixed", price: "110" } });
const sol = makeBank({ decimals: 9, mint: "So11111111111111111111111111111111111111112", oracle: { kind: "fixed", price: "100" } });
const usdc = makeBank({ decimals: 6, oracle: { kind: "fixed", price: "1" } });
const market = marketOf(jitoSol, sol, usdc);
const tokens: TokenInfo[] = [
  { mint: jitoSol.bank.mint, symbol: "JitoSOL", name: "Jito Staked SOL", category: "SOL / LST" },
  { mint: sol.bank.mint, symbol: "SOL", name: "Solana", category: "SOL / LST" },
  { mint: usdc.bank.mint, symbol: "USDC", name: "USD Coin", category: "Stablecoins" },
];

function renderAccount(balances: EmissionsBalance[], onClosePosition = vi.fn()) {
  const health = accountRisk(balances, market.banks).health;
  const model = portfolioModel({ market, balances, health, simulationStatus: SIMULATION_COMPUTED, tokens });
  render(<PortfolioView model={model} onAction={vi.fn()} onClosePosition={onClosePosition} />);
  return { model, onClosePosition };
}

describe("leveraged position", () => {
  it("shows a loop's pair, the SDK's leverage and both sides, and opens the close", () => {
    // 3 JitoSOL ($330) against 2.2 SOL ($220): $110 of equity, 3×.
    const balances = [balance(jitoSol, "assets", "3000000000"), balance(sol, "liabilities", "2200000000")];
    const { model, onClosePosition } = renderAccount(balances);
    const card = screen.getByRole("region", { name: "Leveraged position" });
    expect(within(card).getByText("JitoSOL / SOL")).toBeTruthy();
    const leverage = accountLeverage(accountRisk(balances, market.banks))!;
    expect(within(card).getByTestId("leverage").textContent).toBe(formatLeverage(toNumber(leverage)));
    expect(within(card).getByTestId("leverage").textContent).toBe("3.00×");
    expect(model.leveraged?.collateral.symbol).toBe("JitoSOL");
    expect(model.leveraged?.debt.symbol).toBe("SOL");
    expect(within(card).getByText("3 JitoSOL")).toBeTruthy();
    expect(within(card).getByText("2.2 SOL")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Close position JitoSOL / SOL" }));
    expect(onClosePosition).toHaveBeenCalledOnce();
  });

  it("shows no card without debt, with two deposits or without a way to close", () => {
    renderAccount([balance(jitoSol, "assets", "3000000000")]);
    expect(screen.queryByRole("region", { name: "Leveraged position" })).toBeNull();
    cleanup();
    renderAccount([
      balance(jitoSol, "assets", "3000000000"),
      balance(usdc, "assets", "100000000"),
      balance(sol, "liabilities", "2200000000"),
    ]);
    expect(screen.queryByRole("region", { name: "Leveraged position" })).toBeNull();
    cleanup();
    const balances = [balance(jitoSol, "assets", "3000000000"), balance(sol, "liabilities", "2200000000")];
    const health = accountRisk(balances, market.banks).health;
    const model = portfolioModel({ market, balances, health, simulationStatus: SIMULATION_COMPUTED, tokens });
    render(<PortfolioView model={model} onAction={vi.fn()} />);
    expect(screen.queryByRole("region", { name: "Leveraged position" })).toBeNull();
  });
});
