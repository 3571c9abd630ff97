// The lending program's view of third-party market accounts, read from real mainnet Kamino snapshots: the fields it
// uses are exactly those expected.json lists, and the exchange-rate conversions round the way the market does.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ObligationData, ReserveData } from "@ballast/market";
import {
  KAMINO_PROGRAM_ID,
  collateralToLiquidity,
  isKaminoObligation,
  isKaminoReserve,
  liquidityToCollateral,
  readKaminoObligation,
  readKaminoReserve,
} from "../src/state/kamino.js";

const FIXTURES = new URL("../../../../shared/fixtures/mainnet-accounts/", import.meta.url);
const expected = JSON.parse(readFileSync(new URL("expected.json", FIXTURES), "utf8")).fixtures;

function snapshot(file: string) {
  const json = JSON.parse(readFileSync(new URL(file, FIXTURES), "utf8"));
  return { owner: json.account.owner as string, data: Buffer.from(json.account.data[0], "base64") };
}

/** The snapshot's data as the account kind it must hold (the view functions take typed data only). */
function reserveData(data: Buffer): ReserveData {
  if (!isKaminoReserve(data)) throw new Error("not a Kamino reserve");
  return data;
}

function obligationData(data: Buffer): ObligationData {
  if (!isKaminoObligation(data)) throw new Error("not a Kamino obligation");
  return data;
}

const value = (fixture: string, path: string): string => String(expected[fixture].values[path].value);
const bits = (fixture: string, path: string): bigint => BigInt(expected[fixture].values[path].bits);

describe("Kamino reserve view", () => {
  const { owner, data } = snapshot("kamino_usdc_reserve.json");
  const R = "kamino_usdc_reserve.json";
  const reserve = readKaminoReserve(reserveData(data));

  it("reads the market, mint, vaults, refresh slot and collateral supply of the mainnet USDC reserve", () => {
    expect(owner).toBe(KAMINO_PROGRAM_ID);
    expect(isKaminoReserve(data)).toBe(true);
    expect(isKaminoObligation(data)).toBe(false);
    expect(reserve.lastUpdateSlot.toString()).toBe(value(R, "last_update.slot"));
    expect(reserve.lendingMarket).toBe(value(R, "lending_market"));
    expect(reserve.liquidityMint).toBe(value(R, "liquidity.mint_pubkey"));
    expect(reserve.liquiditySupplyVault).toBe(value(R, "liquidity.supply_vault"));
    expect(reserve.mintDecimals.toString()).toBe(value(R, "liquidity.mint_decimals"));
    expect(reserve.collateralMint).toBe(value(R, "collateral.mint_pubkey"));
    expect(reserve.collateralSupplyVault).toBe(value(R, "collateral.supply_vault"));
    expect(reserve.collateralSupply.toString()).toBe(value(R, "collateral.mint_total_supply"));
  });

  it("totals the depositors' liquidity as available + borrowed − protocol and referrer fees", () => {
    const available = BigInt(value(R, "liquidity.available_amount"));
    const total =
      (available << 60n) +
      bits(R, "liquidity.borrowed_amount_sf") -
      bits(R, "liquidity.accumulated_protocol_fees_sf") -
      bits(R, "liquidity.accumulated_referrer_fees_sf") -
      bits(R, "liquidity.pending_referrer_fees_sf");
    expect(reserve.totalSupplySf).toBe(total);
  });

  it("converts between liquidity and collateral tokens, both rounded down", () => {
    // 1 USDC buys floor(10^6 × collateral supply / total supply) collateral tokens; the rate is above 1 USDC each.
    const collateral = liquidityToCollateral(reserve, 1_000_000n);
    expect(collateral).toBe(((1_000_000n * reserve.collateralSupply) << 60n) / reserve.totalSupplySf);
    expect(collateral).toBeLessThan(1_000_000n);
    const back = collateralToLiquidity(reserve, collateral);
    expect(back).toBe((collateral * reserve.totalSupplySf) / (reserve.collateralSupply << 60n));
    expect(back).toBeLessThanOrEqual(1_000_000n);
    expect(1_000_000n - back).toBeLessThanOrEqual(2n);
  });
});

describe("Kamino obligation view", () => {
  const O = "kamino_usdc_obligation.json";
  const { data } = snapshot(O);

  it("reads the market, owner and deposit slots of the mainnet obligation", () => {
    expect(isKaminoObligation(data)).toBe(true);
    const obligation = readKaminoObligation(obligationData(data));
    expect(obligation.lendingMarket).toBe(value(O, "lending_market"));
    expect(obligation.owner).toBe(value(O, "owner"));
    expect(obligation.deposits).toHaveLength(8);
    expect(obligation.deposits[0]).toEqual({
      reserve: value(O, "deposits[0].deposit_reserve"),
      depositedAmount: BigInt(value(O, "deposits[0].deposited_amount")),
    });
    for (let i = 1; i < 8; i++) expect(obligation.deposits[i]!.reserve).toBe(value(O, `deposits[${i}].deposit_reserve`));
  });
});
