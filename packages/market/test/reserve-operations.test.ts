// A reserve's deposit, redemption and refresh as the program runs them, over seeded random reserve states: a deposit
// redeemed at once pays back what it charged (at most one unit less, never more), waiting while interest accrues
// never pays back less, and every failure the freshness and amount rules call for.
import { describe, expect, it } from "vitest";
import { ProgramFailure } from "@ballast/anchor";
import { mulberry32 } from "../../ledger/test/support/random.js";
import { PriceStatus, newReserve } from "../src/index.js";
import { depositReserveLiquidity, redeemReserveCollateral, refreshReserve } from "../src/lending/reserve-operations.js";
import { activeConfig } from "./support/configs.js";

const KEY = "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin";
const noLog = () => undefined;

function reserveState(next: () => number) {
  const reserve = newReserve({
    slot: 10n,
    lendingMarket: KEY,
    liquidityMint: KEY,
    mintDecimals: 6,
    tokenProgram: KEY,
    liquiditySupply: KEY,
    feeReceiver: KEY,
    collateralMint: KEY,
    collateralSupply: KEY,
    initialDeposit: 100_000n,
  });
  reserve.config = activeConfig({ name: "X" });
  const borrowed = BigInt(next() % 1_000_000_000) * BigInt(1 + (next() % 1000));
  reserve.liquidity.availableAmount += BigInt(next());
  reserve.liquidity.borrowedAmountSf = (borrowed << 60n) + BigInt(next());
  reserve.collateral.mintTotalSupply += BigInt(next() % 2_000_000_000);
  reserve.liquidity.accumulatedProtocolFeesSf = BigInt(next()) << 20n;
  reserve.lastUpdate = { slot: 10n, stale: 0, priceStatus: PriceStatus.ALL_CHECKS };
  return reserve;
}

function failsWith(run: () => unknown, name: string): void {
  let thrown: unknown = null;
  try {
    run();
  } catch (e) {
    thrown = e;
  }
  expect((thrown as ProgramFailure).errorName).toBe(name);
}

describe("deposit then redeem", () => {
  it("pays back what the deposit charged, never more, at most one unit less (seeded random reserves)", () => {
    const next = mulberry32(0x64657073);
    for (let i = 0; i < 400; i++) {
      const reserve = reserveState(next);
      const clock = { slot: 10n, unixTimestamp: 1_000n };
      const amount = 1n + BigInt(next()) * BigInt(1 + (next() % 100));
      const deposit = depositReserveLiquidity(reserve, clock, amount, noLog);
      expect(deposit.liquidity <= amount).toBe(true);
      reserve.lastUpdate.stale = 0;
      const paid = redeemReserveCollateral(reserve, clock, deposit.collateral, noLog);
      expect(paid <= deposit.liquidity).toBe(true);
      expect(deposit.liquidity - paid <= 1n).toBe(true);
    }
  });

  it("pays back at least as much after interest accrues", () => {
    const next = mulberry32(0x65617273);
    for (let i = 0; i < 200; i++) {
      const reserve = reserveState(next);
      const deposit = depositReserveLiquidity(reserve, { slot: 10n, unixTimestamp: 1_000n }, 1n + BigInt(next()), noLog);
      // Liquidity for the redemption to draw on however much the debt grows.
      reserve.liquidity.availableAmount += 10n ** 15n;
      const later = structuredClone(reserve);
      const now = { slot: 10n, unixTimestamp: 1_000n };
      refreshReserve(reserve, now, null, 0);
      const at = { slot: 10n + BigInt(1 + (next() % 1_000_000)), unixTimestamp: 2_000n };
      refreshReserve(later, at, null, 0);
      const paidNow = redeemReserveCollateral(reserve, now, deposit.collateral, noLog);
      const paidLater = redeemReserveCollateral(later, at, deposit.collateral, noLog);
      expect(paidLater >= paidNow).toBe(true);
    }
  });

  it("refuses zero amounts, stale reserves, deposits over the limit and redemptions over the available liquidity", () => {
    const reserve = reserveState(mulberry32(7));
    const clock = { slot: 10n, unixTimestamp: 1_000n };
    failsWith(() => depositReserveLiquidity(reserve, clock, 0n, noLog), "InvalidAmount");
    failsWith(() => depositReserveLiquidity(reserve, { ...clock, slot: 11n }, 5n, noLog), "ReserveStale");
    reserve.config.depositLimit = 1n;
    failsWith(() => depositReserveLiquidity(reserve, clock, 5n, noLog), "DepositLimitExceeded");
    reserve.liquidity.availableAmount = 0n;
    failsWith(() => redeemReserveCollateral(reserve, clock, 1_000n, noLog), "InsufficientLiquidity");
  });
});
