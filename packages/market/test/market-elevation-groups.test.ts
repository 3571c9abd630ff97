// Elevation groups on a real ledger: groups written with update_lending_market, reserve configs validated against
// them, request_elevation_group with each of its refusals, and a borrower inside a group who borrows above the base
// LTV (and without the debt's borrow factor) but within the group's, with the group's debt counted against the
// collateral's per-group borrow limit.
import type { TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ElevationGroup,
  type ReserveConfig,
  UpdateLendingMarketMode,
  borrowObligationLiquidityInstruction,
  lendingMarketValue,
  repayObligationLiquidityInstruction,
  requestElevationGroupInstructionFor,
  updateLendingMarketInstruction,
} from "../src/index.js";
import { activeConfig, ONE } from "./support/configs.js";
import { MarketHarness, SOL } from "./support/harness.js";
import { type Borrower, LendingSetup, type PricedReserve } from "./support/lending-setup.js";

const USDC = 1_000_000n;
const LIMIT = 10n ** 15n;
/** A Fraction of native units rounded up, as the program counts debt. */
const ceilUnits = (sf: bigint) => (sf + ONE - 1n) / ONE;

let h: MarketHarness;
let s: LendingSetup;
let usdc: PricedReserve;
let sol: PricedReserve;
let jito: PricedReserve;
let all: PricedReserve[];

function group(overrides: Partial<ElevationGroup>): ElevationGroup {
  return {
    maxLiquidationBonusBps: 500,
    id: 1,
    ltvPct: 90,
    liquidationThresholdPct: 92,
    allowNewLoans: 1,
    maxReservesAsCollateral: 2,
    debtReserve: usdc.accounts.reserve.toBase58(),
    ...overrides,
  };
}

const writeGroup = (g: ElevationGroup) =>
  h.send(
    updateLendingMarketInstruction({
      lendingMarketOwner: h.owner.publicKey,
      lendingMarket: s.market,
      mode: UpdateLendingMarketMode.UpdateElevationGroup,
      value: lendingMarketValue.elevationGroup(g),
    }),
    [h.owner],
  );

/** A config for `reserve` listing `groups`, with room under every group's borrow limit unless `limit` is given. */
function inGroups(reserve: PricedReserve, base: Parameters<typeof activeConfig>[0], groups: number[], limit = LIMIT): ReserveConfig {
  const c = activeConfig({ ...base, pyth: reserve.feed });
  c.maxLiquidationBonusBps = 1_000;
  c.elevationGroups = [...groups, ...Array<number>(20 - groups.length).fill(0)];
  c.borrowLimitAgainstThisCollateralInElevationGroup = Array.from({ length: 32 }, () => limit);
  return c;
}

const usdcConfig = () => {
  const c = inGroups(usdc, { name: "USDC" }, [1, 2, 3]);
  // Outside a group each dollar of USDC debt counts 1.5 times.
  c.borrowFactorPct = 150n;
  return c;
};
const solConfig = (limit = LIMIT) => inGroups(sol, { name: "SOL", ltv: 75, threshold: 85 }, [1, 2, 3], limit);

beforeAll(async () => {
  h = await MarketHarness.start();
  s = await LendingSetup.create(h);
  usdc = await s.reserve({ name: "USDC", decimals: 6, price: 100_000_000n });
  sol = await s.reserve({ name: "SOL", decimals: 9, price: 10_000_000_000n, ltv: 75, threshold: 85 });
  jito = await s.reserve({ name: "JitoSOL", decimals: 9, price: 10_000_000_000n, ltv: 70, threshold: 80 });
  all = [usdc, sol, jito];
  await s.supply(usdc, 100_000n * USDC);
  await writeGroup(group({ id: 1 }));
  await writeGroup(group({ id: 2, allowNewLoans: 0 }));
  await writeGroup(group({ id: 3, maxReservesAsCollateral: 1 }));
  await s.configure(usdc, usdcConfig());
  await s.configure(sol, solConfig());
  await s.configure(jito, inGroups(jito, { name: "JitoSOL", ltv: 70, threshold: 80 }, [3]));
});
afterAll(() => h.close());

/** Refreshes of every reserve (USDC, which `then` borrows or repays, last) and the obligation, then `then`, in one transaction. */
async function refreshed(
  b: Borrower,
  then: (TransactionInstruction | Promise<TransactionInstruction>)[],
): Promise<TransactionInstruction[]> {
  const refreshes = await s.refreshes(b, all, usdc);
  return [...refreshes, ...(await Promise.all(then))];
}

async function request(b: Borrower, id: number): Promise<TransactionInstruction[]> {
  const refreshes = await s.refreshes(b, all);
  return [...refreshes, requestElevationGroupInstructionFor(b.obligation, await h.obligation(b.obligation), id)];
}

async function borrow(b: Borrower, amount: bigint): Promise<TransactionInstruction> {
  const state = await h.obligation(b.obligation);
  return borrowObligationLiquidityInstruction({
    owner: b.wallet.publicKey,
    obligation: b.obligation,
    reserve: usdc.accounts,
    userDestinationLiquidity: await s.wallet(b.wallet, usdc),
    liquidityAmount: amount,
    depositReserves: state.deposits.filter((d) => d.depositedAmount > 0n).map((d) => d.depositReserve),
  });
}

async function depositor(collateral: [PricedReserve, bigint][]): Promise<Borrower> {
  const b = await s.borrower();
  for (const [reserve, amount] of collateral) await h.send(await s.depositCollateral(b, reserve, amount, all), [b.wallet]);
  return b;
}

describe("reserve configs naming groups", () => {
  it("validate against the market's groups instead of failing InvalidElevationGroup", async () => {
    const config = solConfig();
    config.elevationGroups[3] = 7;
    await h.expectFailure(s.configureIx(sol, config), [h.owner], "InvalidElevationGroup");
    // A group whose LTV is below the collateral's own.
    await writeGroup(group({ id: 4, ltvPct: 70, liquidationThresholdPct: 86 }));
    config.elevationGroups[3] = 4;
    const low = await h.expectFailure(s.configureIx(sol, config), [h.owner], "InvalidConfig");
    expect(low.logs).toContain("Program log: Invalid ltv ratio in elevation group 4, cannot be bigger than the reserve's ltv ratio");
    const bonus = solConfig();
    bonus.maxLiquidationBonusBps = 400;
    await h.expectFailure(s.configureIx(sol, bonus), [h.owner], "InvalidConfig");
    expect((await h.reserve(sol.accounts.reserve)).config.elevationGroups.slice(0, 4)).toEqual([1, 2, 3, 0]);
  });
});

describe("a borrower in an elevation group", () => {
  let b: Borrower;
  beforeAll(async () => {
    b = await depositor([[sol, 10n * SOL]]);
  });

  it("borrows within the group's 90% LTV with borrow factor 1, above the base 75% / 1.5", async () => {
    // Outside: $1,000 of SOL at 75% allows $750 of debt, $500 of USDC at a borrow factor of 1.5.
    await h.expectFailure(await refreshed(b, [borrow(b, 501n * USDC)]), [b.wallet], "BorrowTooLarge");
    // The request needs the obligation refreshed in its slot.
    await h.expectFailure(
      requestElevationGroupInstructionFor(b.obligation, await h.obligation(b.obligation), 1),
      [b.wallet],
      "ObligationStale",
    );
    const { signature } = await h.send(await request(b, 1), [b.wallet]);
    expect(await h.logs(signature)).toContain("Program log: Previous elevation group: 0 . Requested elevation group for: 1");
    let state = await h.obligation(b.obligation);
    expect([state.elevationGroup, state.lastUpdate.stale]).toEqual([1, 1]);

    await h.send(await refreshed(b, [borrow(b, 800n * USDC)]), [b.wallet]);
    expect(await h.balance(await s.wallet(b.wallet, usdc))).toBe(800n * USDC);
    await h.send(await s.refreshes(b, all), [b.wallet]);
    state = await h.obligation(b.obligation);
    expect(state.depositedValueSf).toBe(1_000n * ONE);
    expect(state.allowedBorrowValueSf).toBe(1_000n * ((ONE * 90n) / 100n));
    expect(state.unhealthyBorrowValueSf).toBe(1_000n * ((ONE * 92n) / 100n));
    // Borrow factor 1: the adjusted debt is the debt, $800 and a slot of interest.
    expect(state.borrowFactorAdjustedDebtValueSf).toBe(state.borrowedAssetsMarketValueSf);
    expect(state.borrowedAssetsMarketValueSf / ONE).toBe(800n);
    // The group's debt in native units, rounded up, is counted on the collateral and its reserve.
    const debt = ceilUnits(state.borrows[0]!.borrowedAmountSf);
    expect(debt - 800n * USDC).toBeLessThan(100n);
    expect(state.deposits[0]!.borrowedAmountAgainstThisCollateralInElevationGroup).toBe(debt);
    expect(state.borrows[0]!.borrowedAmountOutsideElevationGroups).toBe(0n);
    const solState = await h.reserve(sol.accounts.reserve);
    expect(solState.borrowedAmountsAgainstThisReserveInElevationGroups[0]).toBe(debt);
    expect((await h.reserve(usdc.accounts.reserve)).borrowedAmountOutsideElevationGroup).toBe(0n);

    // $100 of borrowing power is left.
    await h.expectFailure(await refreshed(b, [borrow(b, 101n * USDC)]), [b.wallet], "BorrowTooLarge");
  });

  it("refuses requests for its own group, an unconfigured one, one closed to new loans, and leaving with too much debt", async () => {
    await h.expectFailure(await request(b, 1), [b.wallet], "ElevationGroupAlreadyActivated");
    await h.expectFailure(await request(b, 5), [b.wallet], "InvalidElevationGroup");
    await h.expectFailure(await request(b, 33), [b.wallet], "InvalidElevationGroup");
    await h.expectFailure(await request(b, 2), [b.wallet], "ElevationGroupNewLoansDisabled");
    // Outside the group $800 of debt counts $1,200 against $750.
    const unhealthy = await h.expectFailure(await request(b, 0), [b.wallet], "UnhealthyElevationGroupLtv");
    expect(unhealthy.logs).toContain("Program log: The obligation is not healthy enough to support the new elevation group");
  });

  it("refuses borrows beyond the collateral's group limit and while the group takes no new loans", async () => {
    await s.configure(sol, solConfig(850n * USDC));
    await h.expectFailure(await refreshed(b, [borrow(b, 50n * USDC)]), [b.wallet], "ElevationGroupBorrowLimitExceeded");
    // Without the deposit reserves the group's counters cannot be kept.
    const bare = borrowObligationLiquidityInstruction({
      owner: b.wallet.publicKey,
      obligation: b.obligation,
      reserve: usdc.accounts,
      userDestinationLiquidity: await s.wallet(b.wallet, usdc),
      liquidityAmount: USDC,
    });
    await h.expectFailure(await refreshed(b, [bare]), [b.wallet], "InvalidAccountInput");
    await h.send(await refreshed(b, [borrow(b, 49n * USDC)]), [b.wallet]);
    const debt = ceilUnits((await h.obligation(b.obligation)).borrows[0]!.borrowedAmountSf);
    expect((await h.reserve(sol.accounts.reserve)).borrowedAmountsAgainstThisReserveInElevationGroups[0]).toBe(debt);
    expect(debt).toBeLessThanOrEqual(850n * USDC);
    await s.configure(sol, solConfig());

    await writeGroup(group({ id: 1, allowNewLoans: 0 }));
    await h.expectFailure(await refreshed(b, [borrow(b, USDC)]), [b.wallet], "ElevationGroupNewLoansDisabled");
    await writeGroup(group({ id: 1 }));
  });

  it("refuses collateral from the group's debt reserve or from a reserve outside the group", async () => {
    const usdcSource = await s.wallet(b.wallet, usdc, 10n * USDC);
    await h.expectFailure(
      [...(await s.refreshes(b, all, usdc)), s.depositCollateralIx(b, usdc, usdcSource, 10n * USDC)],
      [b.wallet],
      "ElevationGroupDebtReserveAsCollateral",
    );
    const jitoSource = await s.wallet(b.wallet, jito, SOL);
    await h.expectFailure(
      [...(await s.refreshes(b, all, jito)), s.depositCollateralIx(b, jito, jitoSource, SOL)],
      [b.wallet],
      "InconsistentElevationGroup",
    );
  });

  it("releases the collateral's group debt as the loan is repaid, then leaves the group", async () => {
    const state = await h.obligation(b.obligation);
    const repay = repayObligationLiquidityInstruction({
      owner: b.wallet.publicKey,
      obligation: b.obligation,
      reserve: usdc.accounts,
      userSourceLiquidity: await s.wallet(b.wallet, usdc, 10n * USDC),
      liquidityAmount: 2n ** 64n - 1n,
      depositReserves: state.deposits.filter((d) => d.depositedAmount > 0n).map((d) => d.depositReserve),
    });
    await h.send(await refreshed(b, [repay]), [b.wallet]);
    expect((await h.reserve(sol.accounts.reserve)).borrowedAmountsAgainstThisReserveInElevationGroups[0]).toBe(0n);
    expect((await h.obligation(b.obligation)).deposits[0]!.borrowedAmountAgainstThisCollateralInElevationGroup).toBe(0n);
    await h.send(await request(b, 0), [b.wallet]);
    expect((await h.obligation(b.obligation)).elevationGroup).toBe(0);
  });
});

describe("requests the group's rules refuse", () => {
  it("a collateral the group does not list, and more collateral reserves than the group allows", async () => {
    const b = await depositor([
      [sol, SOL],
      [jito, SOL],
    ]);
    await h.expectFailure(await request(b, 1), [b.wallet], "InconsistentElevationGroup");
    const tooMany = await h.expectFailure(await request(b, 3), [b.wallet], "ObligationCollateralExceedsElevationGroupLimit");
    expect(tooMany.logs).toContain("Program log: Obligation has 2 collateral reserves, its elevation group allows 1");
  });

  it("the group's debt reserve as collateral", async () => {
    const b = await depositor([[usdc, 100n * USDC]]);
    await h.expectFailure(await request(b, 1), [b.wallet], "ElevationGroupDebtReserveAsCollateral");
  });

  it("an obligation without deposits", async () => {
    const b = await s.borrower();
    await h.expectFailure(await request(b, 1), [b.wallet], "ObligationDepositsEmpty");
  });
});
