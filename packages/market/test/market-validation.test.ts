// Position rules on a real ledger: klend's asset tiers (an isolated collateral or debt stands alone, the two never
// meet, neither is used the other way round) with the reserve-config rules that go with them, and the reserve limits
// a borrow meets: the borrow limit and the utilization cap.
import type { TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AssetTier,
  type ReserveConfig,
  UpdateConfigMode,
  lendingMarketValue,
  redeemReserveCollateralInstruction,
  updateReserveConfigInstruction,
} from "../src/index.js";
import { activeConfig } from "./support/configs.js";
import { MarketHarness } from "./support/harness.js";
import { type Borrower, LendingSetup, type PricedReserve } from "./support/lending-setup.js";

const UNIT = 1_000_000n;
const DOLLAR = 100_000_000n;

let h: MarketHarness;
let s: LendingSetup;
let usdc: PricedReserve;
let usdt: PricedReserve;
let isoCollateral: PricedReserve;
let isoCollateral2: PricedReserve;
let isoDebt: PricedReserve;
let isoDebt2: PricedReserve;

function tiered(reserve: PricedReserve, name: string, tier: number): ReserveConfig {
  const c = activeConfig({ name, pyth: reserve.feed });
  c.assetTier = tier;
  if (tier === AssetTier.IsolatedCollateral) c.borrowLimit = 0n;
  if (tier === AssetTier.IsolatedDebt) {
    c.loanToValuePct = 0;
    c.liquidationThresholdPct = 0;
  }
  return c;
}

beforeAll(async () => {
  h = await MarketHarness.start();
  s = await LendingSetup.create(h);
  const stable = (name: string) => s.reserve({ name, decimals: 6, price: DOLLAR });
  usdc = await stable("USDC");
  usdt = await stable("USDT");
  isoCollateral = await stable("ISO1");
  isoCollateral2 = await stable("ISO2");
  isoDebt = await stable("IDEBT1");
  isoDebt2 = await stable("IDEBT2");

  await s.configure(isoCollateral, tiered(isoCollateral, "ISO1", AssetTier.IsolatedCollateral));
  await s.configure(isoCollateral2, tiered(isoCollateral2, "ISO2", AssetTier.IsolatedCollateral));
  await s.configure(isoDebt, tiered(isoDebt, "IDEBT1", AssetTier.IsolatedDebt));
  await s.configure(isoDebt2, tiered(isoDebt2, "IDEBT2", AssetTier.IsolatedDebt));
  for (const r of [usdc, usdt, isoDebt, isoDebt2]) await s.supply(r, 100_000n * UNIT);
});
afterAll(() => h.close());

/** Refreshes of the obligation's reserves and `reserve`, then `then`. */
async function after(
  b: Borrower,
  reserves: PricedReserve[],
  then: TransactionInstruction,
  actedOn?: PricedReserve,
): Promise<TransactionInstruction[]> {
  return [...(await s.refreshes(b, reserves, actedOn)), then];
}

async function depositIx(b: Borrower, reserve: PricedReserve, reserves: PricedReserve[]): Promise<TransactionInstruction[]> {
  const source = await s.wallet(b.wallet, reserve, 1_000n * UNIT);
  return after(b, reserves, s.depositCollateralIx(b, reserve, source, 1_000n * UNIT), reserve);
}

async function expectTierViolation(ixs: TransactionInstruction[], b: Borrower, message: string): Promise<void> {
  const result = await h.expectFailure(ixs, [b.wallet], "IsolatedAssetTierViolation");
  expect(result.logs).toContain(`Program log: ${message}`);
}

describe("asset tiers", () => {
  it("keep an isolated collateral alone among the deposits", async () => {
    const b = await s.borrower();
    await h.send(await depositIx(b, isoCollateral, [isoCollateral]), [b.wallet]);
    await expectTierViolation(
      await depositIx(b, usdc, [isoCollateral, usdc]),
      b,
      "Cannot deposit isolated collateral tier asset with other assets",
    );
    await expectTierViolation(
      await depositIx(b, isoCollateral2, [isoCollateral, isoCollateral2]),
      b,
      "Cannot deposit more than one isolated collateral tier asset",
    );
    // Against an isolated collateral, a regular debt is allowed; an isolated debt is not.
    await h.send(await after(b, [isoCollateral, usdc], await s.borrowIx(b, usdc, 10n * UNIT)), [b.wallet]);
    await expectTierViolation(
      await after(b, [isoCollateral, usdc, isoDebt], await s.borrowIx(b, isoDebt, UNIT)),
      b,
      "Cannot borrow an isolated tier asset while depositing and isolated tier asset",
    );
  });

  it("keep an isolated debt alone among the borrows, and out of the deposits", async () => {
    const b = await s.borrower();
    await h.send(await depositIx(b, usdc, [usdc]), [b.wallet]);
    await h.send(await after(b, [usdc, isoDebt], await s.borrowIx(b, isoDebt, 10n * UNIT)), [b.wallet]);
    await expectTierViolation(
      await after(b, [usdc, isoDebt, usdt], await s.borrowIx(b, usdt, UNIT)),
      b,
      "Cannot borrow isolated debt tier asset with other assets",
    );
    await expectTierViolation(
      await after(b, [usdc, isoDebt, isoDebt2], await s.borrowIx(b, isoDebt2, UNIT)),
      b,
      "Cannot borrow more than one isolated debt tier asset",
    );
    await expectTierViolation(await depositIx(b, isoDebt2, [usdc, isoDebt, isoDebt2]), b, "Cannot deposit an isolated debt tier asset");
    // The refused transactions changed nothing.
    const state = await h.obligation(b.obligation);
    expect(state.borrowsAssetTiers.slice(0, 2)).toEqual([AssetTier.IsolatedDebt, 255]);
    expect(state.depositsAssetTiers.slice(0, 2)).toEqual([AssetTier.Regular, 255]);
  });

  it("need configs that fit the tier", async () => {
    const debtWithLtv = tiered(isoDebt2, "IDEBT2", AssetTier.IsolatedDebt);
    debtWithLtv.loanToValuePct = 50;
    debtWithLtv.liquidationThresholdPct = 60;
    const refused = await h.expectFailure(s.configureIx(isoDebt2, debtWithLtv), [h.owner], "InvalidConfig");
    expect(refused.logs).toContain("Program log: LTV ratio and liquidation threshold must be 0 for isolated debt assets");
    const collateralWithBorrows = tiered(isoCollateral2, "ISO2", AssetTier.IsolatedCollateral);
    collateralWithBorrows.borrowLimit = 1_000n;
    const borrowable = await h.expectFailure(s.configureIx(isoCollateral2, collateralWithBorrows), [h.owner], "InvalidConfig");
    expect(borrowable.logs).toContain("Program log: Borrow limit must be 0 for isolated collateral assets");
  });
});

describe("reserve limits on borrowing", () => {
  it("refuses a borrow above the reserve's borrow limit (6089) and one that takes utilization past its cap (6098)", async () => {
    const b = await s.borrower();
    await h.send(await depositIx(b, usdc, [usdc]), [b.wallet]);
    const setUsdt = (mode: number, value: Uint8Array) =>
      h.send(
        updateReserveConfigInstruction({
          lendingMarketOwner: h.owner.publicKey,
          lendingMarket: s.market,
          reserve: usdt.accounts.reserve,
          mode,
          value,
        }),
        [h.owner],
      );
    const borrowed = (await h.reserve(usdt.accounts.reserve)).liquidity.borrowedAmountSf >> 60n;
    await setUsdt(UpdateConfigMode.UpdateBorrowLimit, lendingMarketValue.u64(borrowed + 50n * UNIT));
    const over = await after(b, [usdc, usdt], await s.borrowIx(b, usdt, 51n * UNIT));
    await h.expectFailure(over, [b.wallet], "BorrowLimitExceeded");
    await h.send(await after(b, [usdc, usdt], await s.borrowIx(b, usdt, 40n * UNIT)), [b.wallet]);
    await setUsdt(UpdateConfigMode.UpdateBorrowLimit, lendingMarketValue.u64(10n ** 15n));

    // 100,000.1 USDT supplied, 40 borrowed: a 1% cap is passed by a 1,100 USDT borrow, against $3,000 of collateral.
    await h.send(await depositIx(b, usdc, [usdc, usdt]), [b.wallet]);
    await h.send(await depositIx(b, usdc, [usdc, usdt]), [b.wallet]);
    const capped = activeConfig({ name: "USDT", pyth: usdt.feed });
    capped.utilizationLimitBlockBorrowingAbovePct = 1;
    await s.configure(usdt, capped);
    const result = await h.expectFailure(
      await after(b, [usdc, usdt], await s.borrowIx(b, usdt, 1_100n * UNIT)),
      [b.wallet],
      "BorrowingAboveUtilizationRateDisabled",
    );
    expect(result.logs?.some((l) => l.startsWith("Program log: Borrowing above utilization rate is disabled"))).toBe(true);
    await h.send(await after(b, [usdc, usdt], await s.borrowIx(b, usdt, 100n * UNIT)), [b.wallet]);
  });
});

describe("withdrawal caps", () => {
  it("refuse redemptions past the deposit cap (6064) and borrows past the debt cap, until the interval ends", async () => {
    const lender = await s.supply(usdc, 1_000n * UNIT);
    const capped = activeConfig({ name: "USDC", pyth: usdc.feed });
    const cap = (capacity: bigint) => ({
      configCapacity: capacity,
      currentTotal: 0n,
      lastIntervalStartTimestamp: 0n,
      configIntervalLengthSeconds: 3_600n,
    });
    capped.depositWithdrawalCap = cap(100n * UNIT);
    capped.debtWithdrawalCap = cap(50n * UNIT);
    await s.configure(usdc, capped);

    const redeem = async (amount: bigint) =>
      redeemReserveCollateralInstruction({
        owner: lender.publicKey,
        reserve: usdc.accounts,
        userSourceCollateral: await h.tokenAccount(lender.publicKey, usdc.accounts.collateralMint),
        userDestinationLiquidity: await s.wallet(lender, usdc),
        collateralAmount: amount,
      });
    // A cToken is worth at least a USDC: 99 of them stay under the 100 USDC cap, 2 more do not.
    await h.send(await redeem(99n * UNIT), [lender]);
    const counted = (await h.reserve(usdc.accounts.reserve)).config.depositWithdrawalCap.currentTotal;
    expect(counted >= 99n * UNIT && counted < 100n * UNIT).toBe(true);
    await h.expectFailure(await redeem(2n * UNIT), [lender], "WithdrawalCapReached");

    const b = await s.borrower();
    await h.send(await depositIx(b, usdt, [usdt]), [b.wallet]);
    await h.expectFailure(await after(b, [usdt, usdc], await s.borrowIx(b, usdc, 51n * UNIT)), [b.wallet], "WithdrawalCapReached");
    await h.send(await after(b, [usdt, usdc], await s.borrowIx(b, usdc, 50n * UNIT)), [b.wallet]);
    expect((await h.reserve(usdc.accounts.reserve)).config.debtWithdrawalCap.currentTotal).toBe(50n * UNIT);

    // A new interval starts the count again.
    h.advance(3_601);
    await h.send(await redeem(UNIT), [lender]);
    const fresh = (await h.reserve(usdc.accounts.reserve)).config.depositWithdrawalCap.currentTotal;
    expect(fresh >= UNIT && fresh < 2n * UNIT).toBe(true);
  });
});
