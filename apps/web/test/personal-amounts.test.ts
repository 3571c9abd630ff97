// The markets table's per-user column: the wallet's balance of each bank's token (native SOL counted for the SOL
// bank, which a deposit wraps) and what the selected account can borrow, both the SDK's figures on the snapshot.
import { describe, expect, it } from "vitest";
import { NATIVE_SOL_MINT, accountRisk, maxBorrow, type Market } from "@ballast/sdk";
import type { MarginfiGroup } from "@ballast/protocol";
import { NOW, balance, banksOf, sol, usdc } from "../../../packages/sdk/test/math/support.js";
import { borrowableAmounts, walletAmounts } from "../src/features/markets/bank-rows.js";

const SOL = sol({ mint: NATIVE_SOL_MINT, assetWeightInit: "0.8", totalAssets: "100000000000000" });
const USDC = usdc({ liabilityWeightInit: "1.25", totalAssets: "1000000000000" });
const market: Market = { group: {} as MarginfiGroup, banks: banksOf(SOL, USDC), now: NOW };

describe("the markets table's personal column", () => {
  it("counts the wallet's tokens, and native SOL for the SOL bank", () => {
    const wallet = {
      nativeSolBalance: 2.5,
      ataList: [
        { mint: USDC.bank.mint, balance: "12345678", uiBalance: 12.345678, decimals: 6, isCreated: true, tokenProgram: "" },
        { mint: NATIVE_SOL_MINT, balance: "500000000", uiBalance: 0.5, decimals: 9, isCreated: true, tokenProgram: "" },
      ],
    };
    expect(walletAmounts(market, wallet)).toEqual(
      new Map([
        [SOL.address, 3],
        [USDC.address, 12.345678],
      ]),
    );
  });

  it("is the SDK's maxBorrow for the account, and nothing without one", () => {
    const balances = [balance(SOL, "assets", "10000000000")];
    const risk = accountRisk(balances, market.banks);
    // 10 SOL at $10 weighted 0.8 is $80 of Initial collateral, 0.92 of it offered (the SDK's volatility margin); a
    // USDC at liability weight 1.25 then borrows 58.88 USDC.
    expect(maxBorrow(risk, USDC)).toBe(58_880_000n);
    expect(borrowableAmounts(market, balances).get(USDC.address)).toBe(58.88);
    expect(borrowableAmounts(market, null)).toEqual(
      new Map([
        [SOL.address, 0],
        [USDC.address, 0],
      ]),
    );
  });
});
