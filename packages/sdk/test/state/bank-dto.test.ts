// The banks API shape: snake_case fields from the decoded bank, exact decimal strings, and the app's enum checks.
import { BankOperationalState, decodeBank, i80f48 } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { toBankDto, type BankMetadata } from "../../src/state/bank-dto.js";
import { bankData, type BankSpec } from "../math/support.js";

const metadata: BankMetadata = {
  symbol: "USDC",
  name: "USD Coin",
  tokenProgram: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
  usdPrice: 1.0001,
  lstApy: null,
};
const bank = (overrides: Partial<BankSpec>) =>
  decodeBank(
    bankData({
      decimals: 6,
      oracle: { kind: "fixed", price: "1" },
      assetWeightInit: "0.9",
      totalAssets: "1234.5",
      emodeTag: 501,
      emodeEntries: [{ tag: 1571, init: "0.8", maint: "0.85" }],
      depositLimit: 1_000_000n,
      ...overrides,
    }),
  );

describe("bank DTO", () => {
  it("maps every field to the spec's snake_case names", () => {
    const decoded = bank({});
    const dto = toBankDto("BankAddress1111111111111111111111111111111", decoded, metadata);
    expect(dto).toMatchObject({
      bank_address: "BankAddress1111111111111111111111111111111",
      group_address: decoded.group,
      mint: decoded.mint,
      symbol: "USDC",
      name: "USD Coin",
      mint_decimals: 6,
      token_program_address: metadata.tokenProgram,
      usd_price: 1.0001,
      lst_apy: null,
      asset_share_value: "1",
      total_asset_shares: "1234.5",
      deposit_limit: "1000000",
      borrow_limit: "18446744073709551615",
      risk_tier: 0,
      operational_state: 1,
      oracle_setup: 8,
      oracle_max_age: 60,
      emode_tag: 501,
      max_interest_rate: "3",
      kamino_reserve: decoded.integrationAcc1,
    });
    expect(dto.emode_entries[0]).toEqual({
      collateral_bank_emode_tag: 1571,
      flags: 0,
      asset_weight_init: dto.emode_entries[0]!.asset_weight_init,
      asset_weight_maint: dto.emode_entries[0]!.asset_weight_maint,
    });
    expect(dto.emode_entries[0]!.asset_weight_init.startsWith("0.8")).toBe(true);
    // Decimal strings are the exact I80F48 values: they parse back to the same bits.
    expect(i80f48.fromDecimal(dto.asset_weight_init)).toBe(decoded.config.assetWeightInit);
    expect(dto.asset_weight_init.startsWith("0.8999999999999985")).toBe(true);
    expect(dto.oracle_keys).toHaveLength(5);
    expect(JSON.parse(JSON.stringify(dto))).toEqual(dto);
  });

  it("throws on a risk tier or operational state the app does not know", () => {
    expect(() => toBankDto("x", bank({ riskTier: 2 }), metadata)).toThrow("Invalid risk tier 2");
    expect(() => toBankDto("x", bank({ operationalState: BankOperationalState.KilledByBankruptcy }), metadata)).toThrow(
      "Invalid operational state 3",
    );
  });
});
