// The Loop screen over an SDK market built like the SDK's math tests (JitoSOL looped against SOL in e-mode, USDC as
// another borrow bank), with the app's data hooks and the plan query replaced by fixtures: the pickers offer the
// valid pairs with the e-mode mark, the slider stops at the pair's max, the plan is asked for with the typed principal
// and chosen leverage, the preview shows the SDK's figures, a refusal shows the SDK's message, and a price impact
// above 5 % keeps "Loop" disabled until accepted.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  MarginfiAccountLayout,
  MarginfiGroupLayout,
  decodeMarginfiAccount,
  decodeMarginfiGroup,
  i80f48 as fx,
  type MarginfiAccount,
} from "@ballast/protocol";
import {
  BallastSdkError,
  accountRisk,
  healthFactor,
  type Market,
  type PricedBank,
  type SwapFlowPlan,
  type SwapFlowPreview,
  type WalletBalances,
} from "@ballast/sdk";
import { PublicKey } from "@solana/web3.js";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NOW, balance, banksOf, makeBank } from "../../../packages/sdk/test/math/support.js";
import type { SwapFlowInputs } from "../src/features/swap/swap-flow-plan.js";
import { SettingsProvider } from "../src/settings/SettingsProvider.js";

const LST_T1 = 1571;
const jitoSol = makeBank({ decimals: 9, oracle: { kind: "fixed", price: "110" }, assetWeightInit: "0.8", emodeTag: LST_T1 });
const sol = makeBank({
  decimals: 9,
  oracle: { kind: "fixed", price: "100" },
  assetWeightInit: "0.8",
  emodeTag: 501,
  emodeEntries: [{ tag: LST_T1, init: "0.9", maint: "0.95" }],
});
const usdc = makeBank({ decimals: 6, oracle: { kind: "fixed", price: "1" }, assetWeightInit: "0.9", liabilityWeightInit: "1.25" });

function marketOf(...banks: PricedBank[]): Market {
  const group = Buffer.alloc(MarginfiGroupLayout.space);
  MarginfiGroupLayout.discriminator.copy(group, 0);
  return { group: decodeMarginfiGroup(group), banks: banksOf(...banks), now: NOW };
}
const market = marketOf(jitoSol, sol, usdc);
const SYMBOLS = new Map([
  [jitoSol.address, "JitoSOL"],
  [sol.address, "SOL"],
  [usdc.address, "USDC"],
]);
const dtos = [...SYMBOLS].map(([bank_address, symbol]) => ({ bank_address, symbol }));
const walletBalances: WalletBalances = {
  nativeSolBalance: 10,
  ataList: [{ mint: jitoSol.bank.mint, balance: "5000000000", uiBalance: 5, decimals: 9, isCreated: true, tokenProgram: "" }],
};
const WALLET = new PublicKey("So11111111111111111111111111111111111111112");

/** The plan the query gives for the inputs it was asked with; set per test. */
let answer: (inputs: SwapFlowInputs["loop"]) => { data?: SwapFlowPlan; error?: Error } = () => ({});
const asked: SwapFlowInputs["loop"][] = [];
/** The selected account and its chain copy; none unless a test selects one. */
let selected: { readonly address: string; readonly account: MarginfiAccount } | null = null;

vi.mock("../src/queries/index.js", () => ({
  useMarket: () => ({ data: market, isError: false }),
  useMarketBanks: () => ({ data: dtos }),
  useUserBalances: () => ({ data: walletBalances }),
  useChainAccount: () => ({ data: selected ?? undefined }),
  useRefreshAfterAction: () => () => Promise.resolve(),
}));
vi.mock("../src/market/MarketProvider.js", () => ({
  useAppConfig: () => ({ tokens: [] }),
  useSelectedMarket: () => ({ serverUrl: "http://127.0.0.1:1", market: { group: "group" } }),
}));
vi.mock("../src/wallet/WalletProvider.js", () => ({ useWallet: () => ({ address: WALLET.toBase58() }) }));
vi.mock("../src/account/SelectedAccountProvider.js", () => ({
  useSelectedAccount: () => ({ selectedAccount: selected?.address ?? null, setSelectedAccount: () => {} }),
}));
vi.mock("../src/chain/action-context.js", () => ({
  useActionContext: () => ({ wallet: { publicKey: WALLET }, programId: WALLET }),
}));
vi.mock("../src/features/transactions/index.js", () => ({ useTransactionToasts: () => ({ run: () => Promise.resolve(false) }) }));
vi.mock("../src/features/swap/swap-flow-plan.js", async (original) => ({
  ...(await original<typeof import("../src/features/swap/swap-flow-plan.js")>()),
  useSwapFlowPlan: (_kind: string, inputs: SwapFlowInputs["loop"] | null) => {
    if (inputs === null) return { data: undefined, isPlaceholderData: false, isError: false, error: null };
    asked.push(inputs);
    const { data, error } = answer(inputs);
    return { data, isPlaceholderData: false, isError: error !== undefined, error: error ?? null };
  },
}));

const { default: LoopPage } = await import("../src/features/loop/LoopPage.js");

/** 1 JitoSOL looped to 3×: 2.99 JitoSOL deposited against 2.2 SOL borrowed, through one pool. */
function plan(priceImpactPct: number): SwapFlowPlan {
  const balances = [balance(jitoSol, "assets", "2990000000"), balance(sol, "liabilities", "2200000000")];
  const risk = accountRisk(balances, market.banks);
  const preview: SwapFlowPreview = {
    balances,
    risk,
    healthFactor: healthFactor(risk.health.maintenance),
    leverage: fx.fromDecimal("2.99"),
    liquidationPrice: fx.fromDecimal("90.5"),
    netApy: null,
    priceImpactPct,
    inputMint: sol.bank.mint,
    outputMint: jitoSol.bank.mint,
    inAmount: 2_200_000_000n,
    outAmount: 2_000_000_000n,
    minimumReceived: 1_990_000_000n,
    maximumSpent: 2_200_000_000n,
    routeLabels: ["Ballast Pools"],
  };
  // The plan's transaction parts are the SDK's own; the screen reads the preview only.
  return { kind: "loop", marginfiAccount: WALLET, preview } as unknown as SwapFlowPlan;
}

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SettingsProvider>
        <LoopPage />
      </SettingsProvider>
    </QueryClientProvider>,
  );
}
const loopButton = () => screen.getByRole("button", { name: "Loop" });

async function loopOneJitoSolAt3() {
  fireEvent.change(screen.getByLabelText("Deposit"), { target: { value: jitoSol.address } });
  fireEvent.change(screen.getByLabelText("Borrow"), { target: { value: sol.address } });
  fireEvent.change(screen.getByLabelText("Leverage"), { target: { value: "3" } });
  fireEvent.change(screen.getByLabelText("Principal (JitoSOL)"), { target: { value: "1" } });
  await waitFor(() => expect(asked.length).toBeGreaterThan(0));
}

/** An account holding 100 USDC: looping into it mixes the loop with another position. */
function accountWithUsdc(): MarginfiAccount {
  const data = Buffer.alloc(MarginfiAccountLayout.space);
  Buffer.from(MarginfiAccountLayout.discriminator).copy(data, 0);
  const empty = decodeMarginfiAccount(data);
  const [first, ...rest] = empty.lendingAccount.balances;
  const usdcBalance = { ...first!, active: 1, bankPk: usdc.address, assetShares: fx.fromInt(100_000_000) };
  return { ...empty, lendingAccount: { ...empty.lendingAccount, balances: [usdcBalance, ...rest] } };
}

beforeEach(() => {
  selected = null;
  asked.length = 0;
  localStorage.clear();
});
afterEach(cleanup);

describe("Loop screen", () => {
  it("offers JitoSOL's pairs with SOL marked e-mode, and the slider stops at the pair's max", () => {
    answer = () => ({});
    renderPage();
    fireEvent.change(screen.getByLabelText("Deposit"), { target: { value: jitoSol.address } });
    const borrow = screen.getByLabelText<HTMLSelectElement>("Borrow");
    expect([...borrow.options].map((o) => o.text)).toEqual(["SOL · up to 9.99× · e-mode", "USDC · up to 2.77×"]);
    fireEvent.change(borrow, { target: { value: sol.address } });
    expect(screen.getByTestId("max-leverage").textContent).toBe("Max 9.99×e-mode");
    const slider = screen.getByLabelText<HTMLInputElement>("Leverage");
    expect([slider.min, slider.max, slider.step]).toEqual(["1.01", "9.99", "0.01"]);
    fireEvent.change(slider, { target: { value: "9.99" } });
    expect(screen.getByRole("status", { name: "Chosen leverage" }).textContent).toBe("9.99×");
  });

  it("plans the typed principal at the chosen leverage and previews the SDK's figures", async () => {
    answer = () => ({ data: plan(0.02) });
    renderPage();
    await loopOneJitoSolAt3();
    expect(asked.at(-1)).toEqual({ depositBank: jitoSol.address, borrowBank: sol.address, principal: 1_000_000_000n, targetLeverage: "3" });
    const preview = await screen.findByLabelText("Loop preview");
    const row = (label: string) => preview.querySelector(`[data-preview="${label}"] dd`)!.textContent;
    expect(row("Deposited")).toBe("2.99 JitoSOL");
    expect(row("Borrowed")).toBe("2.2 SOL");
    expect(row("Leverage")).toBe("2.99×");
    expect(row("Liquidation price")).toBe("$90.50");
    expect(within(screen.getByLabelText("Swap details")).getByText("SOL → JitoSOL")).toBeTruthy();
    expect(screen.queryByLabelText("Price impact")).toBeNull();
    expect(loopButton().hasAttribute("disabled")).toBe(false);
  });

  it("shows the SDK's refusal and keeps Loop disabled", async () => {
    const refusal = new BallastSdkError("LEVERAGE_ABOVE_MAX", {
      leverage: "3",
      collateralBank: jitoSol.address,
      liabilityBank: sol.address,
    });
    answer = () => ({ error: refusal });
    renderPage();
    await loopOneJitoSolAt3();
    const messages = await screen.findByRole("list", { name: "Messages" });
    expect(within(messages).getByRole("alert").textContent).toBe(
      `Target leverage 3 exceeds max leverage for banks ${jitoSol.address}, ${sol.address}`,
    );
    expect(loopButton().hasAttribute("disabled")).toBe(true);
  });

  it("needs the price impact accepted above 5 %", async () => {
    answer = () => ({ data: plan(6.5) });
    renderPage();
    await loopOneJitoSolAt3();
    await screen.findByLabelText("Loop preview");
    expect(loopButton().hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "I accept the price impact" }));
    expect(loopButton().hasAttribute("disabled")).toBe(false);
  });

  it("loops into the selected account, says when it holds other positions, or opens a new one", async () => {
    const account = accountWithUsdc();
    selected = { address: WALLET.toBase58(), account };
    answer = () => ({ data: plan(0.02) });
    renderPage();
    await loopOneJitoSolAt3();
    expect(asked.at(-1)).toMatchObject({ marginfiAccount: WALLET, account });
    expect(screen.getByText(/^The selected account holds other positions/)).toBeTruthy();
    fireEvent.click(screen.getByRole("checkbox", { name: "Open in a new account" }));
    await waitFor(() => expect(asked.at(-1)).not.toHaveProperty("marginfiAccount"));
    expect(screen.queryByText(/^The selected account holds other positions/)).toBeNull();
    expect(screen.getByText("A new account is created in the same transaction.")).toBeTruthy();
  });
});
