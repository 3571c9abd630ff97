// The action box's swap modes over SDK state built like the SDK's math tests: which deposits can repay a debt, which
// tokens a withdrawal can arrive as, the repay's refusals, and the toast's step wording.
import { describe, expect, it } from "vitest";
import { PublicKey } from "@solana/web3.js";
import {
  BankOperationalState,
  MarginfiAccountLayout,
  MarginfiGroupLayout,
  decodeMarginfiAccount,
  decodeMarginfiGroup,
} from "@ballast/protocol";
import { accountRisk, type BalanceLike, type Market, type PricedBank } from "@ballast/sdk";
import { NOW, balance, banksOf, makeBank, sol, usdc } from "../../../packages/sdk/test/math/support.js";
import {
  collateralChoices,
  collateralRepayErrors,
  collateralRepayStep,
  debtOf,
  flowInputs,
  swapFlowKey,
  repaysAll,
  walletCoversRepay,
  withdrawAsStep,
  withdrawAsTokens,
} from "../src/features/action-box/swap-modes.js";

function marketOf(...banks: PricedBank[]): Market {
  const group = Buffer.alloc(MarginfiGroupLayout.space);
  MarginfiGroupLayout.discriminator.copy(group, 0);
  return { group: decodeMarginfiGroup(group), banks: banksOf(...banks), now: NOW };
}

const solBank = sol({ totalAssets: "1000000000000" });
const usdcBank = usdc({ totalAssets: "1000000000", totalLiabilities: "20000000" });
const ethBank = makeBank({ decimals: 8, oracle: { kind: "fixed", price: "3000" }, totalAssets: "100000000" });
// A Pyth price published long before NOW: stale, so the bank has no price.
const stale = makeBank({ decimals: 6, oracle: { kind: "pyth", price: 5n, publishTime: NOW - 100_000n }, maxAge: 60 });
const secondUsdc = usdc({ mint: usdcBank.bank.mint });
const pausedSol = sol({ mint: solBank.bank.mint, operationalState: BankOperationalState.Paused });
const market = marketOf(solBank, usdcBank, ethBank, stale, secondUsdc, pausedSol);

const risk = (...held: BalanceLike[]) => accountRisk(held, market.banks);
// 2 SOL ($20), 0.01 ETH ($30), 100 of the stale token, against 20 USDC of debt.
const heldSlots = [
  balance(solBank, "assets", "2000000000"),
  balance(ethBank, "assets", "1000000"),
  balance(stale, "assets", "100000000"),
  balance(usdcBank, "liabilities", "20000000"),
];
const held = risk(...heldSlots);
const symbolOf = (bank: PricedBank) =>
  new Map([
    [solBank.address, "SOL"],
    [usdcBank.address, "USDC"],
    [ethBank.address, "ETH"],
    [stale.address, "STALE"],
    [secondUsdc.address, "USDC"],
    [pausedSol.address, "SOL"],
  ]).get(bank.address) ?? "?";

describe("repay with collateral", () => {
  it("offers the account's priced deposits, largest first, never one of the debt's own token", () => {
    expect(collateralChoices(held, usdcBank).map((c) => [symbolOf(c.bank), c.amount, c.usdValue])).toEqual([
      ["ETH", 1_000_000n, 30],
      ["SOL", 2_000_000_000n, 20],
    ]);
    const usdcElsewhere = risk(
      balance(secondUsdc, "assets", "50000000"),
      balance(solBank, "assets", "1"),
      balance(usdcBank, "liabilities", "5"),
    );
    expect(collateralChoices(usdcElsewhere, usdcBank).map((c) => symbolOf(c.bank))).toEqual(["SOL"]);
    const paused = risk(balance(pausedSol, "assets", "5000000000"), balance(ethBank, "assets", "1"), balance(usdcBank, "liabilities", "5"));
    expect(collateralChoices(paused, usdcBank).map((c) => c.bank.address)).toEqual([ethBank.address]);
    expect(collateralChoices(risk(balance(usdcBank, "liabilities", "5")), usdcBank)).toEqual([]);
  });

  it("refuses with the SDK's repay checks, without a deposit to pay with, and above the debt", () => {
    const choices = collateralChoices(held, usdcBank);
    const input = { account: held, balances: heldSlots, debtBank: usdcBank, symbol: "USDC", symbolOf, choices };
    expect(collateralRepayErrors({ ...input, amount: 20_000_000n })).toEqual([]);
    expect(collateralRepayErrors({ ...input, amount: 20_000_001n })).toEqual(["Amount exceeds the maximum of 20 USDC"]);
    expect(collateralRepayErrors({ ...input, balances: null, amount: 1n })).toEqual(["You have no USDC debt to repay"]);
    expect(collateralRepayErrors({ ...input, choices: [], amount: 1n })).toEqual([
      "No priced deposit on this account can pay for the USDC debt",
    ]);
    expect(collateralRepayErrors({ ...input, debtBank: solBank, symbol: "SOL", amount: 1n })).toEqual(["You have no SOL debt to repay"]);
  });

  it("reads the debt rounded up, and an amount at the debt as repay-all", () => {
    expect(debtOf(held, usdcBank)).toBe(20_000_000n);
    expect(debtOf(held, solBank)).toBe(0n);
    expect(repaysAll(held, usdcBank, 20_000_000n)).toBe(true);
    expect(repaysAll(held, usdcBank, 19_999_999n)).toBe(false);
    expect(repaysAll(held, solBank, 5n)).toBe(false);
  });

  it("says when the wallet alone could repay", () => {
    expect(walletCoversRepay(held, usdcBank, { token: 10_000_000n, nativeSol: 0n }, 10_000_000n)).toBe(true);
    expect(walletCoversRepay(held, usdcBank, { token: 9_999_999n, nativeSol: 0n }, 10_000_000n)).toBe(false);
    expect(walletCoversRepay(held, usdcBank, null, 10_000_000n)).toBe(false);
    expect(walletCoversRepay(held, usdcBank, { token: 10_000_000n, nativeSol: 0n }, 0n)).toBe(false);
  });

  it("names the toast's step by amount, debt and collateral", () => {
    const debt = { mint: usdcBank.bank.mint, symbol: "USDC", decimals: 6 };
    expect(collateralRepayStep(10_000_000n, false, debt, "SOL")).toBe("Repay 10 USDC with SOL");
    expect(collateralRepayStep(1_234_567n, false, debt, "ETH")).toBe("Repay 1.234567 USDC with ETH");
    expect(collateralRepayStep(20_000_000n, true, debt, "SOL")).toBe("Repay all USDC with SOL");
  });
});

describe("withdraw as", () => {
  it("offers the bank's own token first, then every other token of the market once, by symbol", () => {
    expect(withdrawAsTokens(market, solBank, symbolOf)).toEqual([
      { mint: solBank.bank.mint, symbol: "SOL", decimals: 9 },
      { mint: ethBank.bank.mint, symbol: "ETH", decimals: 8 },
      { mint: stale.bank.mint, symbol: "STALE", decimals: 6 },
      { mint: usdcBank.bank.mint, symbol: "USDC", decimals: 6 },
    ]);
    expect(withdrawAsTokens(market, secondUsdc, symbolOf).map((t) => t.symbol)).toEqual(["USDC", "ETH", "SOL", "STALE"]);
  });

  it("names the toast's step by amount, deposit and output token", () => {
    const deposit = { mint: solBank.bank.mint, symbol: "SOL", decimals: 9 };
    expect(withdrawAsStep(1_500_000_000n, false, deposit, "USDC")).toBe("Withdraw 1.5 SOL as USDC");
    expect(withdrawAsStep(2_000_000_000n, true, deposit, "USDC")).toBe("Withdraw all SOL as USDC");
  });
});

describe("planning", () => {
  const data = Buffer.alloc(MarginfiAccountLayout.space);
  MarginfiAccountLayout.discriminator.copy(data, 0);
  const account = { address: "4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofQ", data: decodeMarginfiAccount(data) };
  const repay = { kind: "repayWithCollateral", collateralBank: solBank.address, amount: 5n, repayAll: false } as const;
  const withdraw = { kind: "withdrawAndSwap", outputMint: usdcBank.bank.mint, amount: 7n, withdrawAll: true } as const;

  it("hands the SDK the request with the account and the box's bank", () => {
    const owner = { marginfiAccount: new PublicKey(account.address), account: account.data };
    expect(flowInputs(account, usdcBank.address, repay)).toEqual({
      ...owner,
      collateralBank: solBank.address,
      debtBank: usdcBank.address,
      amount: 5n,
      repayAll: false,
    });
    expect(flowInputs(account, solBank.address, withdraw)).toEqual({
      ...owner,
      bank: solBank.address,
      amount: 7n,
      withdrawAll: true,
      outputMint: usdcBank.bank.mint,
    });
  });

  it("keys a request by flow, bank or token, amount and all-or-part", () => {
    expect(swapFlowKey(repay)).toBe(swapFlowKey({ ...repay }));
    expect(
      new Set(
        [repay, { ...repay, amount: 6n }, { ...repay, repayAll: true }, { ...repay, collateralBank: ethBank.address }].map(swapFlowKey),
      ).size,
    ).toBe(4);
    expect(swapFlowKey(withdraw)).not.toBe(swapFlowKey({ ...withdraw, outputMint: ethBank.bank.mint }));
  });
});
