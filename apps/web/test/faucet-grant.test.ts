import { describe, expect, it } from "vitest";
import { describeGrant } from "../src/wallet/FaucetButton.js";

describe("faucet grant summary", () => {
  it("shows native amounts in whole tokens with each mint's decimals", () => {
    const text = describeGrant({
      success: true,
      signature: "5".repeat(88),
      lamports: "10000000000",
      tokens: [
        { mint: "m1", symbol: "USDC", decimals: 6, amount: "10000000000" },
        { mint: "m2", symbol: "wBTC", decimals: 8, amount: "10282776" },
      ],
    });
    expect(text).toBe("10 SOL, 10,000 USDC, 0.102827 wBTC");
  });
});
