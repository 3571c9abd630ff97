// What the loop screen and the close dialog read from a swap flow's plan: the SDK's preview picked for the pair
// (positions after, leverage, health, liquidation price, net APY), and what an unwind hands back to the wallet for
// either swap mode.
import { i80f48 as fx } from "@ballast/protocol";
import { accountRisk, healthBar, healthFactor, toNumber, type SwapFlowPlan, type SwapFlowPreview } from "@ballast/sdk";
import { PublicKey } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { balance, banksOf, makeBank } from "../../../packages/sdk/test/math/support.js";
import { loopPreviewView } from "../src/features/loop/loop-preview.js";
import { closeReturn } from "../src/features/portfolio/close-position.js";

const jitoSol = makeBank({ decimals: 9, oracle: { kind: "fixed", price: "110" }, assetWeightInit: "0.8", assetWeightMaint: "0.9" });
const sol = makeBank({ decimals: 9, oracle: { kind: "fixed", price: "100" } });
const banks = banksOf(jitoSol, sol);

/** 3 JitoSOL ($330) against 2.2 SOL ($220): 3× leverage on $110 of equity. */
function loopPreview(): SwapFlowPreview {
  const balances = [balance(jitoSol, "assets", "3000000000"), balance(sol, "liabilities", "2200000000")];
  const risk = accountRisk(balances, banks);
  return {
    balances,
    risk,
    healthFactor: healthFactor(risk.health.maintenance),
    leverage: fx.fromDecimal("3"),
    liquidationPrice: fx.fromDecimal("81.48"),
    netApy: null,
    priceImpactPct: 0.02,
    inputMint: sol.bank.mint,
    outputMint: jitoSol.bank.mint,
    inAmount: 2_200_000_000n,
    outAmount: 2_000_000_000n,
    minimumReceived: 1_990_000_000n,
    maximumSpent: 2_200_000_000n,
    routeLabels: ["Stable Swap"],
  };
}

function planOf(preview: SwapFlowPreview, swapMode: "ExactIn" | "ExactOut"): SwapFlowPlan {
  const plan = {
    kind: "closeLeveraged",
    marginfiAccount: new PublicKey(jitoSol.bank.mint),
    quote: {
      inputMint: preview.inputMint,
      inAmount: String(preview.inAmount),
      outputMint: preview.outputMint,
      outAmount: String(preview.outAmount),
      otherAmountThreshold: String(swapMode === "ExactIn" ? preview.minimumReceived : preview.maximumSpent),
      swapMode,
      slippageBps: 50,
      priceImpactPct: "0",
      routePlan: [],
    },
    preview,
    transactionSize: 1_100,
  };
  // The plan's transaction parts are the SDK's own; the figures read here are all given.
  return plan as unknown as SwapFlowPlan;
}

describe("loopPreviewView", () => {
  it("reads the pair's positions after the loop and the SDK's figures", () => {
    const preview = loopPreview();
    const view = loopPreviewView(preview, jitoSol, sol);
    expect(view.deposited).toBeCloseTo(3, 9);
    expect(view.borrowed).toBeCloseTo(2.2, 9);
    expect(view.leverage).toBe(3);
    expect(view.health).toBe(toNumber(healthBar(preview.healthFactor)) / 100);
    expect(view.liquidationPrice).toBeCloseTo(81.48, 9);
    expect(view.netApy).toBeNull();
  });
});

describe("closeReturn", () => {
  // All 3 JitoSOL sold for SOL (at least 3.28 SOL), 2.2 SOL of debt repaid: the rest is SOL.
  it("exact in: the debt token beyond the debt", () => {
    const preview = {
      ...loopPreview(),
      inputMint: jitoSol.bank.mint,
      outputMint: sol.bank.mint,
      inAmount: 3_000_000_000n,
      outAmount: 3_300_000_000n,
      minimumReceived: 3_283_500_000n,
      maximumSpent: 3_000_000_000n,
    };
    expect(closeReturn(planOf(preview, "ExactIn"), 3_000_000_000n, 2_200_000_001n)).toEqual({
      mint: sol.bank.mint,
      expected: 1_099_999_999n,
      minimum: 1_083_499_999n,
    });
  });

  // Just the 2.2 SOL of debt bought (for at most 2.01 JitoSOL): the rest is JitoSOL.
  it("exact out: the collateral the swap did not take", () => {
    const preview = {
      ...loopPreview(),
      inputMint: jitoSol.bank.mint,
      outputMint: sol.bank.mint,
      inAmount: 2_000_000_000n,
      outAmount: 2_200_000_001n,
      minimumReceived: 2_200_000_001n,
      maximumSpent: 2_010_000_000n,
    };
    expect(closeReturn(planOf(preview, "ExactOut"), 3_000_000_000n, 2_200_000_001n)).toEqual({
      mint: jitoSol.bank.mint,
      expected: 1_000_000_000n,
      minimum: 990_000_000n,
    });
  });
});
