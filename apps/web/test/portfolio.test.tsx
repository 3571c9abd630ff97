// The portfolio over a realistic SDK market and account (banks encoded in the program's layout and priced through the
// program's feed loading, as the SDK's math tests build them): the rendered health, free collateral, net APY,
// liquidation prices and dust markers are the SDK's numbers formatted by src/format; the liquidation-risk warning in
// both branches of the spec's rule; the health bar's cap and colours; the position actions.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AssetTag, BankOperationalState, MarginfiGroupLayout, decodeMarginfiGroup, i80f48 as fx } from "@ballast/protocol";
import {
  accountRisk,
  freeCollateral,
  healthBar,
  healthFactor,
  accountNetApy,
  liquidationPrice,
  marketApys,
  positionUsdValue,
  toNumber,
  type BalanceLike,
  type EmissionsBalance,
  type Market,
  type PricedBank,
} from "@ballast/sdk";
import { NOW, balance, banksOf, makeBank, sol, usdc } from "../../../packages/sdk/test/math/support.js";
import { formatPercent, formatPrice, formatUsd } from "../src/format/index.js";
import { LIQUIDATION_RISK_MESSAGE } from "../src/features/risk/LiquidationRiskWarning.js";
import { PortfolioView } from "../src/features/portfolio/PortfolioView.js";
import {
  SIMULATION_COMPUTED,
  SIMULATION_ONCHAIN,
  balanceFromDto,
  healthFromDto,
  portfolioModel,
} from "../src/features/portfolio/portfolio-model.js";
import type { BalanceDto, HealthCacheDto } from "../src/api/index.js";

function emptyGroup() {
  const data = Buffer.alloc(MarginfiGroupLayout.space);
  MarginfiGroupLayout.discriminator.copy(data, 0);
  return decodeMarginfiGroup(data);
}

function marketOf(...banks: PricedBank[]): Market {
  return { group: emptyGroup(), banks: banksOf(...banks), now: NOW };
}

/** Renders the portfolio of `balances` with the SDK's local health (status 2) unless told otherwise. */
function renderPortfolio(market: Market, balances: EmissionsBalance[], simulationStatus = SIMULATION_COMPUTED) {
  const health = accountRisk(balances, market.banks).health;
  const model = portfolioModel({ market, balances, health, simulationStatus });
  const onAction = vi.fn();
  render(<PortfolioView model={model} onAction={onAction} />);
  return { model, onAction };
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

afterEach(cleanup);

describe("portfolio figures", () => {
  // SOL collateral (maint weight 0.8) at $10 on a Pyth feed with confidence, USDC debt, and a dust deposit: a bank
  // whose share value is 0.5, where 1.5 shares are 0.75 of a native unit.
  const solBank = makeBank({
    decimals: 9,
    oracle: { kind: "pyth", price: 1000n, conf: 1n, exponent: -2 },
    assetWeightInit: "0.7",
    assetWeightMaint: "0.8",
    totalAssets: "50000000000",
    totalLiabilities: "20000000000",
  });
  const usdcBank = usdc({
    liabilityWeightInit: "1.25",
    liabilityWeightMaint: "1.1",
    totalAssets: "900000000",
    totalLiabilities: "600000000",
  });
  const dustBank = usdc({ assetShareValue: "0.5", totalAssets: "1000000" });
  const market = marketOf(solBank, usdcBank, dustBank);
  const balances = [
    balance(solBank, "assets", "3000000000"),
    balance(usdcBank, "liabilities", "12000000"),
    balance(dustBank, "assets", "0.75"),
  ];
  const risk = accountRisk(balances, market.banks);

  it("shows the SDK's health factor, bar, free collateral, values and net APY", () => {
    renderPortfolio(market, balances);
    const factor = healthFactor(risk.health.maintenance);
    expect(text("health-factor")).toBe(formatPercent(toNumber(factor)));
    expect(text("free-collateral")).toBe(formatUsd(toNumber(freeCollateral(risk.health.initial))));
    expect(text("net-apy")).toBe(formatPercent(toNumber(accountNetApy(risk, marketApys(market)).total)));
    expect(text("supplied-value")).toBe(formatUsd(toNumber(risk.health.equity.assets)));
    expect(text("borrowed-value")).toBe(formatUsd(toNumber(risk.health.equity.liabilities)));
    expect(text("net-value")).toBe(formatUsd(toNumber(fx.sub(risk.health.equity.assets, risk.health.equity.liabilities))));
    expect(screen.getByRole("meter", { name: "Health" }).getAttribute("aria-valuenow")).toBe(String(toNumber(healthBar(factor))));
    // The local fallback is said so, and its bar is grey.
    expect(text("health-source")).toBe("Health computed locally: the on-chain simulation was unavailable.");
    expect(screen.getByTestId("health-bar").className).toContain("bg-muted");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows each position's amount, value and liquidation price from the SDK, split into Supplied and Borrowed", () => {
    renderPortfolio(market, balances);
    const supplied = screen.getByRole("table", { name: "Supplied" });
    const borrowed = screen.getByRole("table", { name: "Borrowed" });
    const row = (table: HTMLElement, bank: PricedBank) => within(table).getByTestId(`position-${bank.address}`);

    const solRow = row(supplied, solBank);
    expect(within(solRow).getByTestId("position-amount").textContent).toBe(`3 ${solBank.bank.mint.slice(0, 4)}…`);
    expect(within(solRow).getByTestId("position-value").textContent).toBe(formatUsd(toNumber(positionUsdValue(risk.positions[0]!)!)));
    expect(within(solRow).getByTestId("position-liquidation-price").textContent).toBe(
      formatPrice(toNumber(liquidationPrice(risk, risk.positions[0]!)!)),
    );
    const usdcRow = row(borrowed, usdcBank);
    expect(within(usdcRow).getByTestId("position-amount").textContent).toBe(`12 ${usdcBank.bank.mint.slice(0, 4)}…`);
    expect(within(usdcRow).getByTestId("position-value").textContent).toBe("$12.00");
    expect(within(usdcRow).getByTestId("position-liquidation-price").textContent).toBe(
      formatPrice(toNumber(liquidationPrice(risk, risk.positions[1]!)!)),
    );
    // SOL: (12 × 1.1) / (3 × 0.8) + confidence 0.01 × 2.12 = 5.5212.
    expect(within(solRow).getByTestId("position-liquidation-price").textContent).toBe("$5.52");

    // Only the 0.75-native-unit deposit is dust: less than the smallest amount shown.
    const dustRow = row(supplied, dustBank);
    expect(within(dustRow).getByText("dust")).toBeTruthy();
    expect(within(dustRow).getByTestId("position-amount").textContent).toBe(`<0.000001 ${dustBank.bank.mint.slice(0, 4)}…`);
    expect(within(solRow).queryByText("dust")).toBeNull();
    expect(within(usdcRow).queryByText("dust")).toBeNull();
    const dustPrice = liquidationPrice(risk, risk.positions[2]!);
    expect(within(dustRow).getByTestId("position-liquidation-price").textContent).toBe(
      dustPrice === null ? "—" : formatPrice(toNumber(dustPrice)),
    );
  });

  it("opens the action box with the position's bank and action", () => {
    const { onAction } = renderPortfolio(market, balances);
    const supplied = screen.getByRole("table", { name: "Supplied" });
    const solRow = within(supplied).getByTestId(`position-${solBank.address}`);
    fireEvent.click(within(solRow).getAllByRole("button")[1]!);
    expect(onAction).toHaveBeenLastCalledWith(solBank.address, "withdraw");
    const usdcRow = within(screen.getByRole("table", { name: "Borrowed" })).getByTestId(`position-${usdcBank.address}`);
    fireEvent.click(within(usdcRow).getAllByRole("button")[0]!);
    expect(onAction).toHaveBeenLastCalledWith(usdcBank.address, "repay");
  });

  it("names the third-party market on a Kamino bank's position and its actions", () => {
    const kamino = usdc({ assetTag: AssetTag.Kamino, totalAssets: "5000000" });
    const m = marketOf(kamino);
    const { onAction } = renderPortfolio(m, [balance(kamino, "assets", "5000000")]);
    const row = within(screen.getByRole("table", { name: "Supplied" })).getByTestId(`position-${kamino.address}`);
    // No token list here: the symbol is the mint's start.
    const symbol = `${kamino.bank.mint.slice(0, 4)}…`;
    expect(row.querySelector("td")!.textContent).toBe(`${symbol}Kamino-style third-party market`);
    fireEvent.click(within(row).getByRole("button", { name: `Withdraw ${symbol} (Kamino-style third-party market)` }));
    expect(onAction).toHaveBeenLastCalledWith(kamino.address, "withdraw");
  });

  it("shows a position's bank state and disables the actions the bank refuses", () => {
    const killed = usdc({ operationalState: BankOperationalState.KilledByBankruptcy, totalAssets: "5000000" });
    const reduceOnly = usdc({ operationalState: BankOperationalState.ReduceOnly, totalAssets: "5000000" });
    const { onAction } = renderPortfolio(marketOf(killed, reduceOnly), [
      balance(killed, "assets", "5000000"),
      balance(reduceOnly, "assets", "5000000"),
    ]);
    const supplied = screen.getByRole("table", { name: "Supplied" });
    const buttons = (bank: PricedBank) =>
      within(within(supplied).getByTestId(`position-${bank.address}`))
        .getAllByRole("button")
        .map((b) => [b.textContent, (b as HTMLButtonElement).disabled]);
    expect(within(within(supplied).getByTestId(`position-${killed.address}`)).getByText("Killed by bankruptcy")).toBeTruthy();
    expect(buttons(killed)).toEqual([
      ["Supply", true],
      ["Withdraw", true],
    ]);
    expect(within(within(supplied).getByTestId(`position-${reduceOnly.address}`)).getByText("Reduce-only")).toBeTruthy();
    expect(buttons(reduceOnly)).toEqual([
      ["Supply", true],
      ["Withdraw", false],
    ]);
    fireEvent.click(within(within(supplied).getByTestId(`position-${killed.address}`)).getAllByRole("button")[1]!);
    expect(onAction).not.toHaveBeenCalled();
  });

  it("reads the account DTO's exact decimals back to the same numbers", () => {
    const dto: BalanceDto = {
      bankPk: solBank.address,
      active: true,
      assetShares: fx.toDecimal(balances[0]!.assetShares),
      liabilityShares: "0",
      emissionsOutstanding: "0",
      lastUpdate: Number(NOW),
    };
    expect(balanceFromDto(dto)).toEqual({ ...balances[0], active: true });
    const cache = {
      assetValue: fx.toDecimal(risk.health.initial.assets),
      liabilityValue: fx.toDecimal(risk.health.initial.liabilities),
      assetValueMaint: fx.toDecimal(risk.health.maintenance.assets),
      liabilityValueMaint: fx.toDecimal(risk.health.maintenance.liabilities),
      assetValueEquity: fx.toDecimal(risk.health.equity.assets),
      liabilityValueEquity: fx.toDecimal(risk.health.equity.liabilities),
    } as HealthCacheDto;
    expect(healthFromDto(cache)).toEqual(risk.health);
  });
});

describe("liquidation-risk rule and health bar", () => {
  it("flags health below 0.1 when the positions are not all staked SOL, and colours by the SDK's bands", () => {
    const solBank = sol();
    const usdcBank = usdc();
    const market = marketOf(solBank, usdcBank);
    // $10 of SOL against $9.50 of USDC: health 0.05.
    renderPortfolio(market, [balance(solBank, "assets", "1000000000"), balance(usdcBank, "liabilities", "9500000")], SIMULATION_ONCHAIN);
    expect(screen.getByRole("alert").textContent).toBe(LIQUIDATION_RISK_MESSAGE);
    expect(text("health-factor")).toBe("5.00%");
    expect(screen.getByTestId("health-bar").className).toContain("bg-danger");
    expect(text("health-source")).toBe("Health from the program's own check (simulated on chain).");
    cleanup();

    // $9.10 of debt: health 0.09 still flagged; $8.90: 0.11 is not.
    renderPortfolio(market, [balance(solBank, "assets", "1000000000"), balance(usdcBank, "liabilities", "9100000")], SIMULATION_ONCHAIN);
    expect(screen.getByRole("alert")).toBeTruthy();
    cleanup();
    renderPortfolio(market, [balance(solBank, "assets", "1000000000"), balance(usdcBank, "liabilities", "8900000")], SIMULATION_ONCHAIN);
    expect(screen.queryByRole("alert")).toBeNull();
    cleanup();

    // Amber (watch) under 0.5, green (safe) from 0.5.
    renderPortfolio(market, [balance(solBank, "assets", "1000000000"), balance(usdcBank, "liabilities", "7000000")], SIMULATION_ONCHAIN);
    expect(screen.getByTestId("health-bar").className).toContain("bg-warning");
    cleanup();
    renderPortfolio(market, [balance(solBank, "assets", "1000000000"), balance(usdcBank, "liabilities", "5000000")], SIMULATION_ONCHAIN);
    expect(screen.getByTestId("health-bar").className).toContain("bg-success");
  });

  it("flags staked-SOL-only accounts only once borrowings reach lendings", () => {
    const staked = sol({ assetTag: AssetTag.Staked });
    const solBank = sol({ assetTag: AssetTag.Sol });
    const market = marketOf(staked, solBank);
    // Health 0.05, below 0.1, but borrowings (9.5) are under lendings (10): no warning.
    renderPortfolio(market, [balance(staked, "assets", "1000000000"), balance(solBank, "liabilities", "950000000")]);
    expect(text("health-factor")).toBe("5.00%");
    expect(screen.queryByRole("alert")).toBeNull();
    cleanup();
    // Borrowings equal lendings: flagged.
    renderPortfolio(market, [balance(staked, "assets", "1000000000"), balance(solBank, "liabilities", "1000000000")]);
    expect(screen.getByRole("alert").textContent).toBe(LIQUIDATION_RISK_MESSAGE);
  });

  it("caps the bar at 100 % and never goes below 0", () => {
    const solBank = sol();
    const usdcBank = usdc();
    const market = marketOf(solBank, usdcBank);
    renderPortfolio(market, [balance(solBank, "assets", "1000000000")]);
    expect(screen.getByRole("meter", { name: "Health" }).getAttribute("aria-valuenow")).toBe("100");
    expect(screen.getByTestId("health-bar").style.width).toBe("100%");
    cleanup();
    const under: BalanceLike[] = [balance(solBank, "assets", "1000000000"), balance(usdcBank, "liabilities", "20000000")];
    renderPortfolio(market, under as EmissionsBalance[]);
    expect(text("health-factor")).toBe("-100.00%");
    expect(screen.getByTestId("health-bar").style.width).toBe("0%");
  });
});
