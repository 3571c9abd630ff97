// The liquidatable scan: accounts below maintenance with bestLiquidation's pair, max repay and profit, most
// profitable first; healthy accounts left out; SOL's price taken from the wrapped-SOL bank.
import { i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { bestLiquidation } from "../../src/math/liquidation.js";
import { liquidatableAccounts, solUsdPrice } from "../../src/math/liquidation-scan.js";
import { NATIVE_SOL_MINT } from "../../src/math/priced-bank.js";
import { toNumber } from "../../src/math/units.js";
import { balance, banksOf, d, sol, usdc } from "./support.js";

describe("liquidatableAccounts", () => {
  const solBank = sol({ mint: NATIVE_SOL_MINT, assetWeightInit: "0.25", assetWeightMaint: "0.4" });
  const usdcBank = usdc();
  const banks = banksOf(solBank, usdcBank);
  const account = (address: string, lamports: string, usdcDebt: string) => ({
    address,
    account: {
      authority: `${address}-owner`,
      lendingAccount: { balances: [balance(solBank, "assets", lamports), balance(usdcBank, "liabilities", usdcDebt)] },
    },
  });

  it("lists the accounts below maintenance by profit, each with the SDK's best liquidation", () => {
    const small = account("small", "2000000000", "10000000");
    const large = account("large", "20000000000", "100000000");
    const healthy = account("healthy", "20000000000", "1000000");
    const options = { solPrice: solUsdPrice(banks), txCostLamports: 10_000n };
    expect(options.solPrice).toBe(d("10"));

    const found = liquidatableAccounts([small, healthy, large], banks, options);
    expect(found.map((f) => f.address)).toEqual(["large", "small"]);
    const [first, second] = found;
    expect(toNumber(first!.maintenanceHealth)).toBeCloseTo(-20, 9);
    expect(toNumber(second!.maintenanceHealth)).toBeCloseTo(-2, 9);
    expect(first!.authority).toBe("large-owner");
    expect(first!.bankrupt).toBe(false);
    const expected = bestLiquidation({ balances: small.account.lendingAccount.balances, banks, ...options });
    expect(second!.best!.max).toEqual(expected!.max);
    expect(second!.best!.profit).toBe(expected!.profit);
    expect(fx.cmp(first!.best!.profit, second!.best!.profit)).toBe(1);
  });

  it("without a wrapped-SOL bank the transaction cost is left out (SOL at 0)", () => {
    expect(solUsdPrice(banksOf(usdcBank))).toBe(fx.ZERO);
  });
});
