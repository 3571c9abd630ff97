// Understanding risk in the app: the health band and its explanation on the portfolio, the e-mode badge naming the
// pair, the action box preview's band, liquidation-risk warning and e-mode weights before → after, the health alert's
// crossing rule, and its settings card.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MarginfiGroupLayout, decodeMarginfiGroup } from "@ballast/protocol";
import { accountRisk, type BalanceLike, type EmissionsBalance, type Market, type PricedBank, type WalletFunds } from "@ballast/sdk";
import { NOW, balance, banksOf, sol, usdc } from "../../../packages/sdk/test/math/support.js";
import { ActionBoxView } from "../src/features/action-box/ActionBoxView.js";
import type { ActionType } from "../src/features/action-box/context.js";
import { emptyBalances } from "../src/features/action-box/model.js";
import { observeHealth, type CrossingState } from "../src/features/alerts/health-crossing.js";
import { ALERT_PERCENT_ERROR, HealthAlertSettings, readAlertPercent } from "../src/features/alerts/HealthAlertSettings.js";
import { healthAlertText } from "../src/features/alerts/HealthAlertBanner.js";
import { apysOf } from "../src/features/markets/bank-rows.js";
import { PortfolioView } from "../src/features/portfolio/PortfolioView.js";
import { SIMULATION_ONCHAIN, portfolioModel } from "../src/features/portfolio/portfolio-model.js";
import { HEALTH_EXPLANATION } from "../src/features/risk/health-band-view.js";
import { LIQUIDATION_RISK_MESSAGE } from "../src/features/risk/LiquidationRiskWarning.js";
import { SettingsProvider } from "../src/settings/SettingsProvider.js";
import { SETTINGS_KEY } from "../src/settings/settings.js";

afterEach(cleanup);

function marketOf(...banks: PricedBank[]): Market {
  const group = Buffer.alloc(MarginfiGroupLayout.space);
  MarginfiGroupLayout.discriminator.copy(group, 0);
  return { group: decodeMarginfiGroup(group), banks: banksOf(...banks), now: NOW };
}

// SOL (tag 501) at $10 lends at 0.95 / 0.96; the tier-1 LST at $10 lends at 0.5 / 0.6 and, against borrowed SOL, at
// 0.9 / 0.95; USDC has no e-mode entries.
const solBank = sol({
  emodeTag: 501,
  assetWeightInit: "0.95",
  assetWeightMaint: "0.96",
  totalAssets: "1000000000000",
  emodeEntries: [{ tag: 1571, init: "0.9", maint: "0.95" }],
});
const lst = sol({ emodeTag: 1571, assetWeightInit: "0.5", assetWeightMaint: "0.6", totalAssets: "1000000000000" });
const usdcBank = usdc({ totalAssets: "1000000000" });
const market = marketOf(solBank, lst, usdcBank);
const SYMBOLS = new Map([
  [solBank.address, "SOL"],
  [lst.address, "JitoSOL"],
  [usdcBank.address, "USDC"],
]);
const symbolOf = (bank: PricedBank) => SYMBOLS.get(bank.address)!;
const tokens = [...SYMBOLS].map(([address, symbol]) => ({ mint: market.banks.get(address)!.bank.mint, symbol }));

function renderPortfolio(balances: EmissionsBalance[]) {
  const health = accountRisk(balances, market.banks).health;
  const model = portfolioModel({ market, balances, health, simulationStatus: SIMULATION_ONCHAIN, tokens: tokens as never });
  render(<PortfolioView model={model} onAction={vi.fn()} />);
}

describe("portfolio: health band, explanation and e-mode badge", () => {
  const band = () => screen.getByTestId("health-band");

  it("names the band of each health factor, colours the bar by it and explains the number", () => {
    // $10 of SOL (maintenance $9.60) against USDC debt: health 1 − debt / 9.6.
    const cases: [string, string, string, string][] = [
      ["4000000", "58.33%", "Safe", "bg-success"],
      ["6000000", "37.50%", "Watch", "bg-warning"],
      ["9000000", "6.25%", "At risk", "bg-danger"],
      ["9600000", "0.00%", "Liquidatable", "bg-danger"],
    ];
    for (const [debt, factor, label, colour] of cases) {
      renderPortfolio([balance(solBank, "assets", "1000000000"), balance(usdcBank, "liabilities", debt)]);
      expect([screen.getByTestId("health-factor").textContent, band().textContent]).toEqual([factor, label]);
      expect(screen.getByTestId("health-bar").className).toContain(colour);
      expect(screen.getByTestId("health-explanation").textContent).toBe(HEALTH_EXPLANATION);
      cleanup();
    }
  });

  it("shows the e-mode badge naming the tag and the pair, and none outside e-mode", () => {
    renderPortfolio([balance(lst, "assets", "1000000000"), balance(solBank, "liabilities", "100000000")]);
    expect(screen.getByTestId("emode-badge").textContent).toBe("E-mode LST tier 1: JitoSOL against SOL");
    cleanup();
    renderPortfolio([balance(lst, "assets", "1000000000"), balance(usdcBank, "liabilities", "1000000")]);
    expect(screen.queryByTestId("emode-badge")).toBeNull();
  });
});

function renderBox(bank: PricedBank, action: ActionType, held: BalanceLike[], wallet: WalletFunds) {
  render(
    <ActionBoxView
      market={market}
      bank={bank}
      header={{ symbol: symbolOf(bank), name: symbolOf(bank), price: 10, depositApy: 0.05, borrowApy: 0.08 }}
      symbolOf={symbolOf}
      initialAction={action}
      balances={[...held, ...emptyBalances().slice(held.length)]}
      wallet={wallet}
      onSend={vi.fn(async () => null)}
      onClose={() => {}}
      apyOf={apysOf(market, undefined)}
    />,
  );
  return screen.getByLabelText(`Amount to ${action}`) as HTMLInputElement;
}

const type = (input: HTMLInputElement, text: string) => fireEvent.change(input, { target: { value: text } });
const preview = () => document.querySelector<HTMLElement>('dl[aria-label="Preview"]')!;
const previewRows = () =>
  [...preview().querySelectorAll<HTMLElement>("[data-preview]")].map((row) => [
    row.dataset.preview,
    row.querySelector('[data-part="before"]')?.textContent,
    row.querySelector('[data-part="after"]')?.textContent,
  ]);
const row = (label: string) => previewRows().find((r) => r[0] === label);
const noWallet: WalletFunds = { token: 0n, nativeSol: 0n };

describe("action box preview: band, liquidation-risk warning, e-mode weights", () => {
  it("borrowing near the limit moves health from Safe to At risk and shows the warning", () => {
    const input = renderBox(usdcBank, "borrow", [balance(solBank, "assets", "10000000000")], noWallet);
    type(input, "10");
    expect(row("Health")).toEqual(["Health", "100.00% · Safe", "89.58% · Safe"]);
    expect(within(preview().parentElement!).queryByRole("alert")).toBeNull();
    // $96 of maintenance value against $87: 9.38 %, under the 10 % flag.
    type(input, "87");
    expect(row("Health")).toEqual(["Health", "100.00% · Safe", "9.38% · At risk"]);
    expect(screen.getByRole("alert").textContent).toBe(LIQUIDATION_RISK_MESSAGE);
  });

  it("a SOL borrow against the LST shows its weight 50% → 90%; a USDC borrow in e-mode shows 90% → 50%", () => {
    const lending = [balance(lst, "assets", "10000000000")];
    type(renderBox(solBank, "borrow", lending, noWallet), "1");
    expect(row("JitoSOL weight (e-mode)")).toEqual(["JitoSOL weight (e-mode)", "50%", "90%"]);
    cleanup();
    type(renderBox(usdcBank, "borrow", [...lending, balance(solBank, "liabilities", "1000000000")], noWallet), "1");
    expect(row("JitoSOL weight (e-mode)")).toEqual(["JitoSOL weight (e-mode)", "90%", "50%"]);
    cleanup();
    // Repaying only part of the SOL debt keeps e-mode: no weight row.
    const inEmode = [...lending, balance(solBank, "liabilities", "1000000000")];
    type(renderBox(solBank, "repay", inEmode, { token: 5_000_000_000n, nativeSol: 0n }), "0.5");
    expect(previewRows().map((r) => r[0])).toEqual(["Borrowed", "Health", "Liquidation price", "Net APY", "Free collateral"]);
  });

  it("supplying the LST while borrowing SOL shows the new collateral's weight 50% → 90%", () => {
    const borrowingSol = [balance(usdcBank, "assets", "100000000"), balance(solBank, "liabilities", "100000000")];
    type(renderBox(lst, "deposit", borrowingSol, { token: 5_000_000_000n, nativeSol: 0n }), "1");
    expect(row("JitoSOL weight (e-mode)")).toEqual(["JitoSOL weight (e-mode)", "50%", "90%"]);
  });
});

describe("health alert crossing", () => {
  const read = (state: CrossingState | null, factor: number, account = "A", threshold = 0.2) =>
    observeHealth(state, { account, threshold, factor });

  it("fires once per downward crossing and re-arms only after health recovers to the threshold", () => {
    let state: CrossingState | null = null;
    const fired: boolean[] = [];
    for (const factor of [0.5, 0.3, 0.19, 0.1, 0.15, 0.2, 0.25, 0.05, 0.01]) {
      const next = read(state, factor);
      state = next.state;
      fired.push(next.crossed);
    }
    expect(fired).toEqual([false, false, true, false, false, false, false, true, false]);
  });

  it("health already below when watching starts, or after a switch of account or threshold, is no crossing", () => {
    expect(read(null, 0.1)).toEqual({ state: { account: "A", threshold: 0.2, armed: false }, crossed: false });
    const armed = read(null, 0.5).state;
    expect(read(armed, 0.1, "B").crossed).toBe(false);
    expect(read(armed, 0.1, "A", 0.3).crossed).toBe(false);
    expect(read(armed, 0.1).crossed).toBe(true);
  });

  it("says where health stands and what the alert was", () => {
    expect(healthAlertText(0.184, 20)).toBe("Health is 18.40%, below your alert at 20%. Repay borrowings or supply more collateral.");
  });
});

describe("health alert settings", () => {
  beforeEach(() => localStorage.clear());
  const stored = () => JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "null")?.healthAlert;

  it("reads whole percents from 1 to 99 only", () => {
    expect(["1", " 20 ", "99"].map(readAlertPercent)).toEqual([{ percent: 1 }, { percent: 20 }, { percent: 99 }]);
    expect(["", "0", "100", "12.5", "-3", "abc"].map(readAlertPercent)).toEqual(Array(6).fill({ error: ALERT_PERCENT_ERROR }));
  });

  it("turns the alert on, refuses a bad threshold without changing it, and turns it off", () => {
    render(
      <SettingsProvider>
        <HealthAlertSettings />
      </SettingsProvider>,
    );
    const field = screen.getByLabelText("Alert below") as HTMLInputElement;
    type(field, "25");
    fireEvent.click(screen.getByRole("button", { name: "Turn on alert" }));
    expect(stored()).toEqual({ mode: "ON", percent: 25, notify: false });
    expect(screen.getByText("On: you are alerted while the app is open when health falls below 25%.")).toBeTruthy();
    // jsdom has no Notification API: the card says so instead of offering the opt-in.
    expect(screen.queryByRole("button", { name: "Enable browser notifications" })).toBeNull();
    expect(screen.getByText("This browser does not show notifications; the in-app banner still appears.")).toBeTruthy();

    type(field, "150");
    fireEvent.click(screen.getByRole("button", { name: "Update alert" }));
    expect(screen.getByText(ALERT_PERCENT_ERROR)).toBeTruthy();
    expect(stored()).toEqual({ mode: "ON", percent: 25, notify: false });

    fireEvent.click(screen.getByRole("button", { name: "Turn off" }));
    expect(stored()).toEqual({ mode: "OFF" });
  });
});
