// The action box over SDK state built like the SDK's own math tests (banks encoded with the program layout, priced
// through the oracle path): MAX is the SDK's exact max amount, validation messages are exact, the preview's health
// equals the SDK's before → after numbers, and the e-mode and first-deposit lines appear when they apply.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AssetTag, BankOperationalState, MarginfiGroupLayout, RiskTier, decodeMarginfiGroup } from "@ballast/protocol";
import {
  MARGIN_ACCOUNT_RENT_LAMPORTS,
  accountRisk,
  balancesAfterAction,
  healthBar,
  healthFactor,
  maxBorrow,
  maxDeposit,
  maxRepay,
  maxWithdraw,
  toNumber,
  type BalanceLike,
  type Market,
  type PricedBank,
  type WalletFunds,
} from "@ballast/sdk";
import { NOW, balance, banksOf, sol, usdc } from "../../../packages/sdk/test/math/support.js";
import { ActionBoxView, type ActionResult, type BankHeader } from "../src/features/action-box/ActionBoxView.js";
import { readAmount, textFromAmount } from "../src/features/action-box/amount.js";
import type { ActionType } from "../src/features/action-box/context.js";
import { emptyBalances } from "../src/features/action-box/model.js";
import { formatPercent } from "../src/format/index.js";
import { apysOf } from "../src/features/markets/bank-rows.js";

afterEach(cleanup);

function marketOf(...banks: PricedBank[]): Market {
  const group = Buffer.alloc(MarginfiGroupLayout.space);
  MarginfiGroupLayout.discriminator.copy(group, 0);
  return { group: decodeMarginfiGroup(group), banks: banksOf(...banks), now: NOW };
}

/** An account's 16 slots holding `held` first. */
function slots(...held: BalanceLike[]): BalanceLike[] {
  return [...held, ...emptyBalances().slice(held.length)];
}

const SIGNATURE = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";
const LANDED: ActionResult = { signature: SIGNATURE };
const header = (symbol: string): BankHeader => ({ symbol, name: symbol, price: 10, depositApy: 0.05, borrowApy: 0.08 });

function renderBox(opts: {
  market: Market;
  bank: PricedBank;
  symbol: string;
  action: ActionType;
  balances: BalanceLike[] | null;
  wallet: WalletFunds | null;
  onSend?: (action: ActionType, amount: bigint, all: boolean) => Promise<ActionResult | null>;
}) {
  const onSend = vi.fn(opts.onSend ?? (async () => LANDED));
  render(
    <ActionBoxView
      market={opts.market}
      bank={opts.bank}
      header={header(opts.symbol)}
      symbolOf={(b) => (b === opts.bank ? opts.symbol : "OTHER")}
      initialAction={opts.action}
      balances={opts.balances}
      wallet={opts.wallet}
      onSend={onSend}
      onClose={() => {}}
      apyOf={apysOf(opts.market, undefined)}
    />,
  );
  return { onSend, input: screen.getByLabelText(`Amount to ${opts.action}`) as HTMLInputElement };
}

const type = (input: HTMLInputElement, text: string) => fireEvent.change(input, { target: { value: text } });
const messages = () => [...screen.getByRole("list", { name: "Messages" }).querySelectorAll("li")].map((li) => li.textContent);
const previewRow = (label: string) => {
  const row = within(document.querySelector<HTMLElement>('dl[aria-label="Preview"]')!).getByText(label).parentElement!;
  return { before: row.querySelector('[data-part="before"]')!.textContent, after: row.querySelector('[data-part="after"]')!.textContent };
};

// 10 SOL at init weight 0.5 ($50 of Initial collateral) against 20 USDC of debt: free collateral $30.
const solBank = sol({ assetWeightInit: "0.5", assetWeightMaint: "0.6", totalAssets: "1000000000000" });
const usdcBank = usdc({ totalAssets: "1000000000", totalLiabilities: "20000000", liabilityWeightInit: "1.2", liabilityWeightMaint: "1.1" });
const market = marketOf(solBank, usdcBank);
const held = slots(balance(solBank, "assets", "10000000000"), balance(usdcBank, "liabilities", "20000000"));
const wallet: WalletFunds = { token: 7_654_321n, nativeSol: 0n };

describe("amount text", () => {
  it("reads plain decimals exactly and writes native units back as exact text", () => {
    expect(readAmount("1.5", 6, "USDC")).toEqual({ native: 1_500_000n, error: null, note: null });
    expect(readAmount("007", 0, "BONK")).toEqual({ native: 7n, error: null, note: null });
    expect(textFromAmount(5_520_000_000n, 9)).toBe("5.52");
    expect(textFromAmount(7n, 6)).toBe("0.000007");
  });

  it("takes a comma as the decimal mark and says so, and refuses exponents, separators, excess decimals and 0", () => {
    const { input, onSend } = renderBox({ market, bank: usdcBank, symbol: "USDC", action: "repay", balances: held, wallet });
    type(input, "1,5");
    expect(input.value).toBe("1,5");
    expect(messages()).toEqual(["Read as 1.5 USDC: the comma is taken as the decimal mark"]);
    expect(previewRow("Borrowed")).toEqual({ before: "20 USDC", after: "18.5 USDC" });
    const send = screen.getByRole("button", { name: "Repay" });
    expect(send).toHaveProperty("disabled", false);
    fireEvent.click(send);
    expect(onSend).toHaveBeenCalledWith("repay", 1_500_000n, false);

    const notANumber = "Enter the amount as a plain number, like 1.5 (no exponents, signs or thousands separators)";
    for (const text of ["1e3", "1,000.5", "-2", "1.2.3"]) {
      type(input, text);
      expect([text, messages()]).toEqual([text, [notANumber]]);
      expect(input.getAttribute("aria-invalid")).toBe("true");
      expect(screen.getByRole("button", { name: "Repay" })).toHaveProperty("disabled", true);
    }
    type(input, "0.0000001");
    expect(messages()).toEqual(["USDC has at most 6 decimal places"]);
    type(input, "0");
    expect(messages()).toEqual(["Enter more than 0 USDC: a transaction of 0 would move nothing"]);
    expect(screen.getByRole("button", { name: "Repay" })).toHaveProperty("disabled", true);
    type(input, "");
    expect(screen.queryByRole("list", { name: "Messages" })).toBeNull();
  });
});

describe("MAX", () => {
  it("fills the SDK's exact max withdraw, and sends it as a partial withdrawal", async () => {
    const account = accountRisk(held, market.banks);
    const max = maxWithdraw(account, solBank);
    const { input, onSend } = renderBox({ market, bank: solBank, symbol: "SOL", action: "withdraw", balances: held, wallet });
    fireEvent.click(screen.getByRole("button", { name: "MAX" }));
    expect(input.value).toBe(textFromAmount(max, 9));
    // 0.92 × ($50 − 20 × 1.2) / ($10 × 0.5) = 4.784 SOL.
    expect(input.value).toBe("4.784");
    fireEvent.click(screen.getByRole("button", { name: "Withdraw" }));
    await vi.waitFor(() => expect(onSend).toHaveBeenCalledWith("withdraw", max, false));
  });

  it("fills the SDK's max borrow, and the max repay (min of debt and wallet) as repay-all", async () => {
    const account = accountRisk(held, market.banks);
    const borrow = renderBox({ market, bank: usdcBank, symbol: "USDC", action: "borrow", balances: held, wallet });
    fireEvent.click(screen.getByRole("button", { name: "MAX" }));
    expect(readAmount(borrow.input.value, 6, "USDC").native).toBe(maxBorrow(account, usdcBank));
    cleanup();

    const rich = { token: 50_000_000n, nativeSol: 0n };
    const repay = renderBox({ market, bank: usdcBank, symbol: "USDC", action: "repay", balances: held, wallet: rich });
    fireEvent.click(screen.getByRole("button", { name: "MAX" }));
    expect(repay.input.value).toBe(textFromAmount(maxRepay(account, usdcBank, rich), 6));
    expect(repay.input.value).toBe("20");
    fireEvent.click(screen.getByRole("button", { name: "Repay all" }));
    await vi.waitFor(() => expect(repay.onSend).toHaveBeenCalledWith("repay", 20_000_000n, true));
  });

  it("follows the max after MAX as fresh account data arrives, until the user types", () => {
    const view = (balances: BalanceLike[]) => (
      <ActionBoxView
        market={market}
        bank={solBank}
        header={header("SOL")}
        symbolOf={() => "SOL"}
        initialAction="withdraw"
        balances={balances}
        wallet={wallet}
        onSend={async () => LANDED}
        onClose={() => {}}
        apyOf={apysOf(market, undefined)}
      />
    );
    const { rerender } = render(view(held));
    const input = screen.getByLabelText("Amount to withdraw") as HTMLInputElement;
    fireEvent.click(screen.getByRole("button", { name: "MAX" }));
    expect(input.value).toBe("4.784");
    // The debt's repayment lands: the whole deposit can come out, and the button says so.
    const repaid = slots(balance(solBank, "assets", "10000000000"));
    rerender(view(repaid));
    expect(input.value).toBe("10");
    expect(screen.getByRole("button", { name: "Withdraw all" })).toBeTruthy();
    type(input, "3");
    rerender(view(held));
    expect(input.value).toBe("3");
  });

  it("keeps 0.02 SOL spare on a SOL deposit", () => {
    const native = sol({ mint: "So11111111111111111111111111111111111111112" });
    const funds = { token: 0n, nativeSol: 1_000_000_000n };
    const { input } = renderBox({
      market: marketOf(native),
      bank: native,
      symbol: "SOL",
      action: "deposit",
      balances: null,
      wallet: funds,
    });
    fireEvent.click(screen.getByRole("button", { name: "MAX" }));
    expect(maxDeposit(native, funds)).toBe(980_000_000n);
    expect(input.value).toBe("0.98");
  });
});

describe("validation", () => {
  it("asks for a wallet", () => {
    renderBox({ market, bank: solBank, symbol: "SOL", action: "deposit", balances: null, wallet: null });
    expect(messages()).toEqual(["Wallet not connected"]);
    expect(screen.getByRole("button", { name: "Deposit" })).toHaveProperty("disabled", true);
  });

  it("refuses amounts above the max", () => {
    const { input } = renderBox({ market, bank: usdcBank, symbol: "USDC", action: "repay", balances: held, wallet });
    type(input, "8");
    expect(messages()).toEqual(["Amount exceeds the maximum of 7.654321 USDC"]);
    expect(screen.getByRole("button", { name: "Repay" })).toHaveProperty("disabled", true);
  });

  it("refuses deposits and borrows on paused and reduce-only banks", () => {
    const paused = usdc({ operationalState: BankOperationalState.Paused });
    renderBox({ market: marketOf(solBank, paused), bank: paused, symbol: "USDC", action: "deposit", balances: null, wallet });
    expect(messages()).toEqual(["The USDC bank is paused"]);
    cleanup();
    const reduceOnly = usdc({ operationalState: BankOperationalState.ReduceOnly, totalAssets: "1000000000" });
    const m = marketOf(solBank, reduceOnly);
    renderBox({
      market: m,
      bank: reduceOnly,
      symbol: "USDC",
      action: "borrow",
      balances: slots(balance(solBank, "assets", "10000000000")),
      wallet,
    });
    expect(messages()).toEqual(["The USDC bank is reduce-only: deposits and borrows are closed"]);
  });

  it("refuses every action on a bank killed by bankruptcy, naming its state", () => {
    const killed = usdc({ operationalState: BankOperationalState.KilledByBankruptcy, totalAssets: "1000000000" });
    const m = marketOf(solBank, usdcBank, killed);
    for (const action of ["deposit", "withdraw", "borrow", "repay"] as const) {
      const { input } = renderBox({ market: m, bank: killed, symbol: "USDC", action, balances: held, wallet });
      type(input, "1");
      expect(messages()).toEqual(["The USDC bank was shut down by a bankruptcy: it takes no deposits, withdrawals, borrows or repayments"]);
      expect(screen.getByRole("button", { name: action[0]!.toUpperCase() + action.slice(1) })).toHaveProperty("disabled", true);
      cleanup();
    }
  });

  it("refuses an isolated borrow next to other debt", () => {
    const isolated = usdc({ riskTier: RiskTier.Isolated, totalAssets: "1000000000" });
    const m = marketOf(solBank, usdcBank, isolated);
    renderBox({ market: m, bank: isolated, symbol: "BONK", action: "borrow", balances: held, wallet });
    expect(messages()).toEqual(["BONK is an isolated asset and cannot be borrowed together with other liabilities"]);
  });

  it("reports a full account: No inactive balance found", () => {
    const others = Array.from({ length: 16 }, () => usdc({ totalAssets: "1000" }));
    const full = others.map((b) => balance(b, "assets", "1"));
    const m = marketOf(solBank, ...others);
    renderBox({ market: m, bank: solBank, symbol: "SOL", action: "deposit", balances: full, wallet: { token: 5n, nativeSol: 0n } });
    expect(messages()).toEqual(["No inactive balance found"]);
  });
});

describe("preview", () => {
  it("shows the SDK's health before and after a borrow", () => {
    const { input } = renderBox({ market, bank: usdcBank, symbol: "USDC", action: "borrow", balances: held, wallet });
    type(input, "5");
    const before = accountRisk(held, market.banks);
    const after = accountRisk(balancesAfterAction(held, usdcBank, { kind: "borrow", amount: 5_000_000n }), market.banks);
    const percent = (a: typeof before) => formatPercent(toNumber(healthBar(healthFactor(a.health.maintenance))) / 100);
    expect(previewRow("Health")).toEqual({ before: `${percent(before)} · Safe`, after: `${percent(after)} · Safe` });
    // Maintenance: $60 of SOL against $22 then $27.5 of debt.
    expect(previewRow("Health")).toEqual({ before: "63.33% · Safe", after: "54.17% · Safe" });
    expect(previewRow("Borrowed")).toEqual({ before: "20 USDC", after: "25 USDC" });
    expect(previewRow("Free collateral")).toEqual({ before: "$26.00", after: "$20.00" });
  });

  it("shows a deposit at a share value with no exact share count as the amount deposited", () => {
    // 1 SOL buys 1e9 / 1.03 shares, cut to I80F48; worth a hair under 1e9 lamports again.
    const grown = sol({ mint: "So11111111111111111111111111111111111111112", assetShareValue: "1.03", totalAssets: "1000000000000" });
    const funds = { token: 0n, nativeSol: 5_000_000_000n };
    const after = balancesAfterAction(emptyBalances(), grown, { kind: "deposit", amount: 1_000_000_000n });
    expect(accountRisk(after, marketOf(grown).banks).positions[0]!.amount < 1_000_000_000n << 48n).toBe(true);
    const { input } = renderBox({ market: marketOf(grown), bank: grown, symbol: "SOL", action: "deposit", balances: null, wallet: funds });
    type(input, "1");
    expect(previewRow("Deposited")).toEqual({ before: "0 SOL", after: "1 SOL" });
  });
});

describe("info lines", () => {
  it("announces the account created on a first deposit, and the rent it holds", () => {
    renderBox({ market, bank: usdcBank, symbol: "USDC", action: "deposit", balances: null, wallet });
    // A margin account's 2,312 bytes and 128 of overhead at 6,960 lamports a byte: 16,982,400 lamports.
    expect(MARGIN_ACCOUNT_RENT_LAMPORTS).toBe(16_982_400n);
    expect(messages()).toEqual([
      "User account will be automatically created on first deposit",
      "Opening it holds 0.0169824 SOL as rent, returned to your wallet if you close the account",
    ]);
  });

  it("shows the e-mode impact of a borrow that activates e-mode", () => {
    const lst = sol({ emodeTag: 1571, assetWeightInit: "0.5", assetWeightMaint: "0.6", totalAssets: "1000000000000" });
    const solDebt = sol({ totalAssets: "1000000000000", emodeEntries: [{ tag: 1571, init: "0.9", maint: "0.95" }] });
    const m = marketOf(lst, solDebt);
    const { input } = renderBox({
      market: m,
      bank: solDebt,
      symbol: "SOL",
      action: "borrow",
      balances: slots(balance(lst, "assets", "10000000000")),
      wallet,
    });
    type(input, "1");
    expect(messages()).toEqual(["This action will activate e-mode on your account"]);
  });
});

describe("after a confirmed send", () => {
  it("shows what landed and its signature instead of the next action's validation, until the user starts another", async () => {
    const rich = { token: 50_000_000n, nativeSol: 0n };
    const view = (balances: BalanceLike[]) => (
      <ActionBoxView
        market={market}
        bank={usdcBank}
        header={header("USDC")}
        symbolOf={() => "USDC"}
        initialAction="repay"
        balances={balances}
        wallet={rich}
        onSend={async () => LANDED}
        onClose={() => {}}
        apyOf={apysOf(market, undefined)}
      />
    );
    const { rerender } = render(view(held));
    fireEvent.click(screen.getByRole("button", { name: "MAX" }));
    fireEvent.click(screen.getByRole("button", { name: "Repay all" }));
    const result = await screen.findByRole("status", { name: "Result" });
    // The refetch after confirmation: the debt is gone.
    rerender(view(slots(balance(solBank, "assets", "10000000000"))));
    expect(result.textContent).toBe("✓ Repaid all: 20 USDCSignature5VERv8…SZkQUWCopy");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("You have no USDC debt to repay")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "New transaction" }));
    expect(screen.queryByRole("status", { name: "Result" })).toBeNull();
    expect(messages()).toEqual(["You have no USDC debt to repay"]);
  });

  it("keeps the form and the amount when the send failed", async () => {
    const { input } = renderBox({
      market,
      bank: usdcBank,
      symbol: "USDC",
      action: "borrow",
      balances: held,
      wallet,
      onSend: async () => null,
    });
    type(input, "2");
    fireEvent.click(screen.getByRole("button", { name: "Borrow" }));
    await vi.waitFor(() => expect(screen.getByRole("button", { name: "Borrow" })).toHaveProperty("disabled", false));
    expect(input.value).toBe("2");
    expect(screen.queryByRole("status", { name: "Result" })).toBeNull();
  });
});

describe("a bank of the third-party market", () => {
  it("offers deposit and withdraw only, opening on deposit, and names its provider instead of a borrow APY", () => {
    const kamino = usdc({ assetTag: AssetTag.Kamino, totalAssets: "1000000000" });
    render(
      <ActionBoxView
        market={marketOf(solBank, kamino)}
        bank={kamino}
        header={header("USDC")}
        symbolOf={() => "USDC"}
        initialAction="borrow"
        balances={null}
        wallet={wallet}
        onSend={vi.fn(async () => LANDED)}
        onClose={() => {}}
        apyOf={apysOf(marketOf(solBank, kamino), undefined)}
      />,
    );
    const tabs = within(screen.getByRole("tablist", { name: "Action" })).getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual(["Deposit", "Withdraw"]);
    expect(screen.getByRole("tab", { name: "Deposit", selected: true })).toBeTruthy();
    expect(screen.getByLabelText("Amount to deposit")).toBeTruthy();
    expect(screen.getByText("Kamino-style third-party market")).toBeTruthy();
    expect(screen.queryByText(/Borrow APY/)).toBeNull();
  });
});
