// The action box's swap modes over SDK state built like the SDK's math tests, with the SDK's planning stood in for by
// plans whose previews are the SDK's own risk math: repay with collateral (which deposit pays, the debt's MAX as
// repay-all, the preview, the price-impact acceptance, the toast step) and withdraw as another token.
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider, keepPreviousData, skipToken, useQuery } from "@tanstack/react-query";
import { PublicKey } from "@solana/web3.js";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MarginfiGroupLayout, decodeMarginfiGroup } from "@ballast/protocol";
import {
  BallastSdkError,
  accountRisk,
  healthFactor,
  type BalanceLike,
  type Market,
  type PricedBank,
  type SwapFlowPlan,
  type WalletFunds,
} from "@ballast/sdk";
import { NOW, balance, banksOf, makeBank, sol, usdc } from "../../../packages/sdk/test/math/support.js";
import { ActionBoxView, type ActionResult } from "../src/features/action-box/ActionBoxView.js";
import type { ActionType } from "../src/features/action-box/context.js";
import { emptyBalances } from "../src/features/action-box/model.js";
import { swapFlowKey, type SwapFlowRequest } from "../src/features/action-box/swap-modes.js";
import type { SwapModes } from "../src/features/action-box/SwapFlowSection.js";
import { apysOf } from "../src/features/markets/bank-rows.js";

afterEach(cleanup);

function marketOf(...banks: PricedBank[]): Market {
  const group = Buffer.alloc(MarginfiGroupLayout.space);
  MarginfiGroupLayout.discriminator.copy(group, 0);
  return { group: decodeMarginfiGroup(group), banks: banksOf(...banks), now: NOW };
}

const slots = (...held: BalanceLike[]): BalanceLike[] => [...held, ...emptyBalances().slice(held.length)];

const SIGNATURE = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
const solBank = sol({ assetWeightInit: "0.5", assetWeightMaint: "0.6", totalAssets: "1000000000000" });
const usdcBank = usdc({ totalAssets: "1000000000", totalLiabilities: "20000000", liabilityWeightInit: "1.2", liabilityWeightMaint: "1.1" });
const ethBank = makeBank({ decimals: 8, oracle: { kind: "fixed", price: "3000" }, assetWeightInit: "0.8", totalAssets: "100000000" });
const market = marketOf(solBank, usdcBank, ethBank);
// 10 SOL ($100) and 0.001 ETH ($3) against 20 USDC of debt.
const held = slots(
  balance(solBank, "assets", "10000000000"),
  balance(ethBank, "assets", "100000"),
  balance(usdcBank, "liabilities", "20000000"),
);
const noUsdc: WalletFunds = { token: 0n, nativeSol: 0n };
const symbols = new Map([
  [solBank.address, "SOL"],
  [usdcBank.address, "USDC"],
  [ethBank.address, "ETH"],
]);
const symbolOf = (bank: PricedBank) => symbols.get(bank.address) ?? "?";

interface PlanFigures {
  readonly after: BalanceLike[];
  readonly priceImpactPct: number;
  readonly inputMint: string;
  readonly outputMint: string;
  readonly inAmount: bigint;
  readonly outAmount: bigint;
  readonly minimumReceived: bigint;
  readonly maximumSpent: bigint;
}

/** A plan as the SDK returns it, its preview the SDK's risk of the balances after. */
function planOf(kind: SwapFlowPlan["kind"], figures: PlanFigures): SwapFlowPlan {
  const risk = accountRisk(figures.after, market.banks);
  const quote = {
    inputMint: figures.inputMint,
    inAmount: figures.inAmount.toString(),
    outputMint: figures.outputMint,
    outAmount: figures.outAmount.toString(),
    otherAmountThreshold: figures.minimumReceived.toString(),
    swapMode: "ExactIn" as const,
    slippageBps: 50,
    priceImpactPct: String(figures.priceImpactPct / 100),
    routePlan: [],
  };
  return {
    kind,
    marginfiAccount: PublicKey.default,
    quote,
    transactionSize: 1100,
    instructions: [],
    lookupTables: [],
    signers: [],
    flashLoan: true,
    preview: {
      balances: figures.after,
      risk,
      healthFactor: healthFactor(risk.health.maintenance),
      leverage: null,
      liquidationPrice: null,
      netApy: null,
      priceImpactPct: figures.priceImpactPct,
      inputMint: figures.inputMint,
      outputMint: figures.outputMint,
      inAmount: figures.inAmount,
      outAmount: figures.outAmount,
      minimumReceived: figures.minimumReceived,
      maximumSpent: figures.maximumSpent,
      routeLabels: ["Constant Product"],
    },
  };
}

function renderBox(opts: {
  bank: PricedBank;
  symbol: string;
  action: ActionType;
  plan: (request: SwapFlowRequest) => Promise<SwapFlowPlan>;
  send?: (plan: SwapFlowPlan, step: string) => Promise<ActionResult | null>;
  wallet?: WalletFunds;
  market?: Market;
  balances?: BalanceLike[];
}) {
  const plan = vi.fn(opts.plan);
  const send = vi.fn(opts.send ?? (async () => ({ signature: SIGNATURE })));
  const onSend = vi.fn(async () => ({ signature: SIGNATURE }));
  const swap: SwapModes = {
    slippageBps: 50,
    // As useSwapFlowPlan answers: a query per request, the last plan kept as placeholder while the next is planned.
    usePlan: (kind, request) =>
      useQuery<SwapFlowPlan, Error>({
        queryKey: ["plan", kind, request === null ? "" : swapFlowKey(request)],
        queryFn: request === null ? skipToken : () => plan(request),
        placeholderData: keepPreviousData,
      }),
    send,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ActionBoxView
        market={opts.market ?? market}
        bank={opts.bank}
        header={{ symbol: opts.symbol, name: opts.symbol, price: 1, depositApy: 0, borrowApy: 0 }}
        symbolOf={symbolOf}
        initialAction={opts.action}
        balances={opts.balances ?? held}
        wallet={opts.wallet ?? noUsdc}
        onSend={onSend}
        onClose={() => {}}
        apyOf={apysOf(opts.market ?? market, undefined)}
        swap={swap}
      />
    </QueryClientProvider>,
  );
  return { plan, send, onSend };
}

const type = (label: string, text: string) => fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
const messages = () => [...(screen.queryByRole("list", { name: "Messages" })?.querySelectorAll("li") ?? [])].map((li) => li.textContent);
const previewValue = (label: string) => document.querySelector(`dl[aria-label="Preview"] [data-preview="${label}"] dd`)?.textContent;
const swapDetail = (label: string) => document.querySelector(`dl[aria-label="Swap details"] [data-swap-detail="${label}"] dd`)?.textContent;

/** Repaying 10 of the 20 USDC with 1.05 SOL withdrawn. */
const repayTen = (priceImpactPct: number) =>
  planOf("repayWithCollateral", {
    after: slots(
      balance(solBank, "assets", "8950000000"),
      balance(ethBank, "assets", "100000"),
      balance(usdcBank, "liabilities", "10000000"),
    ),
    priceImpactPct,
    inputMint: solBank.bank.mint,
    outputMint: usdcBank.bank.mint,
    inAmount: 1_040_000_000n,
    outAmount: 10_000_000n,
    minimumReceived: 10_000_000n,
    maximumSpent: 1_050_000_000n,
  });

describe("repay with collateral", () => {
  it("is a choice beside repaying from the wallet, paying with the largest priced deposit unless another is picked", () => {
    renderBox({ bank: usdcBank, symbol: "USDC", action: "repay", plan: async () => repayTen(0.1) });
    expect(screen.getByRole("radio", { name: "From wallet" }).getAttribute("aria-checked")).toBe("true");
    expect(screen.getByLabelText("Amount to repay")).toBeTruthy();
    fireEvent.click(screen.getByRole("radio", { name: "With collateral" }));
    const payWith = screen.getByLabelText("Pay with") as HTMLSelectElement;
    expect([...payWith.options].map((o) => o.textContent)).toEqual(["SOL: 10 ($100.00)", "ETH: 0.001 ($3.00)"]);
    expect(payWith.value).toBe(solBank.address);
    expect(screen.getByRole("button", { name: "Repay with SOL" })).toHaveProperty("disabled", true);
    fireEvent.change(payWith, { target: { value: ethBank.address } });
    expect(screen.getByRole("button", { name: "Repay with ETH" })).toBeTruthy();
  });

  it("plans the typed amount, previews it and sends the plan under the toast's step", async () => {
    const plan = repayTen(0.1);
    const { plan: planned, send } = renderBox({ bank: usdcBank, symbol: "USDC", action: "repay", plan: async () => plan });
    fireEvent.click(screen.getByRole("radio", { name: "With collateral" }));
    type("Amount to repay", "10");
    await waitFor(() => expect(previewValue("Collateral withdrawn")).toBe("1.05 SOL"));
    expect(planned).toHaveBeenCalledWith({
      kind: "repayWithCollateral",
      collateralBank: solBank.address,
      amount: 10_000_000n,
      repayAll: false,
    });
    expect(previewValue("Borrowed")).toBe("20 USDC→10 USDC");
    expect(swapDetail("Route")).toBe("SOL → USDC via Constant Product");
    expect(swapDetail("Minimum received")).toBe("10 USDC");
    expect(screen.queryByRole("alert", { name: "Price impact" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Repay with SOL" }));
    await waitFor(() => expect(send).toHaveBeenCalledWith(plan, "Repay 10 USDC with SOL"));
    expect((await screen.findByRole("status", { name: "Result" })).textContent).toContain("Repaid 10 USDC with SOL");
  });

  it("keeps the last plan dimmed and unsendable while a changed amount is planned, and asks for acceptance again", async () => {
    let impact = 7.5;
    renderBox({ bank: usdcBank, symbol: "USDC", action: "repay", plan: async () => repayTen(impact) });
    fireEvent.click(screen.getByRole("radio", { name: "With collateral" }));
    type("Amount to repay", "10");
    fireEvent.click(within(await screen.findByRole("alert", { name: "Price impact" })).getByRole("checkbox"));
    expect(screen.getByRole("button", { name: "Repay with SOL" })).toHaveProperty("disabled", false);
    impact = 8;
    type("Amount to repay", "9");
    expect(screen.getByRole("button", { name: "Repay with SOL" })).toHaveProperty("disabled", true);
    expect(document.querySelector('[aria-busy="true"] dl[aria-label="Preview"]')).not.toBeNull();
    const notice = await screen.findByRole("alert", { name: "Price impact" });
    expect(notice.textContent).toContain("8.00%");
    expect(within(notice).getByRole("checkbox")).toHaveProperty("checked", false);
    expect(document.querySelector('[aria-busy="false"] dl[aria-label="Preview"]')).not.toBeNull();
  });

  it("repays all of the debt on MAX, and refuses more than the debt without planning", async () => {
    const { plan } = renderBox({ bank: usdcBank, symbol: "USDC", action: "repay", plan: async () => repayTen(0.1) });
    fireEvent.click(screen.getByRole("radio", { name: "With collateral" }));
    type("Amount to repay", "20.5");
    expect(messages()).toEqual(["Amount exceeds the maximum of 20 USDC"]);
    fireEvent.click(screen.getByRole("button", { name: "MAX" }));
    expect((screen.getByLabelText("Amount to repay") as HTMLInputElement).value).toBe("20");
    await waitFor(() =>
      expect(plan).toHaveBeenCalledWith({
        kind: "repayWithCollateral",
        collateralBank: solBank.address,
        amount: 20_000_000n,
        repayAll: true,
      }),
    );
    expect(plan).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("button", { name: "Repay all with SOL" })).toBeTruthy();
  });

  it("needs the price impact accepted above 5 % before it sends", async () => {
    const { send } = renderBox({ bank: usdcBank, symbol: "USDC", action: "repay", plan: async () => repayTen(7.5) });
    fireEvent.click(screen.getByRole("radio", { name: "With collateral" }));
    type("Amount to repay", "10");
    const notice = await screen.findByRole("alert", { name: "Price impact" });
    expect(notice.textContent).toContain("Price impact 7.50% is high");
    const button = screen.getByRole("button", { name: "Repay with SOL" });
    expect(button).toHaveProperty("disabled", true);
    fireEvent.click(within(notice).getByRole("checkbox"));
    expect(button).toHaveProperty("disabled", false);
    fireEvent.click(button);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
  });

  it("shows the SDK's refusal and does not send", async () => {
    renderBox({
      bank: usdcBank,
      symbol: "USDC",
      action: "repay",
      plan: async () => {
        throw new BallastSdkError("SWAP_REFUSED", { message: "No route found" });
      },
    });
    fireEvent.click(screen.getByRole("radio", { name: "With collateral" }));
    type("Amount to repay", "10");
    const quote = await screen.findByRole("list", { name: "Quote" });
    expect(within(quote).getByRole("alert").textContent).toBe("The swap API refused: No route found");
    expect(screen.queryByRole("list", { name: "Messages" })).toBeNull();
    expect(screen.getByRole("button", { name: "Repay with SOL" })).toHaveProperty("disabled", true);
  });

  it("says when the wallet could repay by itself", () => {
    renderBox({
      bank: usdcBank,
      symbol: "USDC",
      action: "repay",
      plan: async () => repayTen(0.1),
      wallet: { token: 50_000_000n, nativeSol: 0n },
    });
    fireEvent.click(screen.getByRole("radio", { name: "With collateral" }));
    type("Amount to repay", "10");
    expect(messages()).toEqual(["Your wallet holds enough USDC: you can repay from the wallet without using collateral"]);
  });

  it("says when repaying all of the debt turns e-mode off", () => {
    const lst = sol({ emodeTag: 1571, assetWeightInit: "0.5", assetWeightMaint: "0.6", totalAssets: "1000000000000" });
    const solDebt = sol({
      totalAssets: "1000000000000",
      totalLiabilities: "1000000000",
      emodeEntries: [{ tag: 1571, init: "0.9", maint: "0.95" }],
    });
    renderBox({
      bank: solDebt,
      symbol: "SOL",
      action: "repay",
      plan: async () => repayTen(0.1),
      market: marketOf(lst, solDebt),
      balances: slots(balance(lst, "assets", "10000000000"), balance(solDebt, "liabilities", "1000000000")),
    });
    fireEvent.click(screen.getByRole("radio", { name: "With collateral" }));
    type("Amount to repay", "0.5");
    expect(messages()).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "MAX" }));
    expect(messages()).toEqual(["This action will disable e-mode on your account and reset boosted weights"]);
  });
});

describe("withdraw as", () => {
  const asUsdc = planOf("withdrawAndSwap", {
    after: slots(
      balance(solBank, "assets", "9000000000"),
      balance(ethBank, "assets", "100000"),
      balance(usdcBank, "liabilities", "20000000"),
    ),
    priceImpactPct: 2,
    inputMint: solBank.bank.mint,
    outputMint: usdcBank.bank.mint,
    inAmount: 1_000_000_000n,
    outAmount: 9_800_000n,
    minimumReceived: 9_751_000n,
    maximumSpent: 1_000_000_000n,
  });

  it("withdraws the bank's own token plainly, and another token of the market through the swap flow", async () => {
    const { plan, send, onSend } = renderBox({ bank: solBank, symbol: "SOL", action: "withdraw", plan: async () => asUsdc });
    const withdrawAs = screen.getByLabelText("Withdraw as") as HTMLSelectElement;
    expect([...withdrawAs.options].map((o) => o.textContent)).toEqual(["SOL", "ETH", "USDC"]);
    type("Amount to withdraw", "1");
    fireEvent.click(screen.getByRole("button", { name: "Withdraw" }));
    await waitFor(() => expect(onSend).toHaveBeenCalledWith("withdraw", 1_000_000_000n, false));
    expect(plan).not.toHaveBeenCalled();
    cleanup();

    const again = renderBox({ bank: solBank, symbol: "SOL", action: "withdraw", plan: async () => asUsdc });
    fireEvent.change(screen.getByLabelText("Withdraw as"), { target: { value: usdcBank.bank.mint } });
    type("Amount to withdraw", "1");
    await waitFor(() => expect(swapDetail("Minimum received")).toBe("9.751 USDC"));
    expect(again.plan).toHaveBeenCalledWith({
      kind: "withdrawAndSwap",
      outputMint: usdcBank.bank.mint,
      amount: 1_000_000_000n,
      withdrawAll: false,
    });
    expect(previewValue("Deposited")).toBe("10 SOL→9 SOL");
    expect(screen.getByRole("status", { name: "Price impact" }).textContent).toContain("Price impact 2.00%");
    fireEvent.click(screen.getByRole("button", { name: "Withdraw as USDC" }));
    await waitFor(() => expect(again.send).toHaveBeenCalledWith(asUsdc, "Withdraw 1 SOL as USDC"));
    expect(again.onSend).not.toHaveBeenCalled();
    expect((await screen.findByRole("status", { name: "Result" })).textContent).toContain("Withdrew 1 SOL as USDC");
    expect(send).not.toHaveBeenCalled();
  });
});
