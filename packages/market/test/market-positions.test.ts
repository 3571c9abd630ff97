// Users' instructions on a real ledger, in one market with a USDC reserve ($1, Pyth, 1% origination fee, 10% take
// rate, a kinked curve) and a SOL reserve ($100, Pyth, 75% LTV): user metadata and obligations, cTokens in and out of
// wallets, collateral into and out of an obligation, a borrow with its fee, per-slot interest that depositors earn,
// repayment, the close of an emptied obligation, and the same-slot freshness rule. Expected values are worked out
// here from the reserve state read back, with the program's own rounding.
import { PublicKey } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { minimumBalanceForRentExemption, U64_MAX } from "@ballast/ledger";
import {
  KLEND_PROGRAM_ID,
  OBLIGATION_SIZE,
  SLOTS_PER_YEAR,
  UpdateConfigMode,
  ZERO_PUBKEY,
  borrowObligationLiquidityInstruction,
  borrowObligationLiquidityV2Instruction,
  decodeUserMetadata,
  depositReserveLiquidityAndObligationCollateralInstruction,
  depositReserveLiquidityAndObligationCollateralV2Instruction,
  depositReserveLiquidityInstruction,
  initObligationInstruction,
  initUserMetadataInstruction,
  redeemReserveCollateralInstruction,
  refreshObligationInstructionFor,
  refreshReserveInstructionFor,
  repayObligationLiquidityInstruction,
  updateEntireReserveConfigInstruction,
  updateReserveConfigInstruction,
  userMetadataAddress,
  vanillaObligationAddress,
  withdrawObligationCollateralAndRedeemReserveCollateralInstruction,
  type Reserve,
  type ReserveAccounts,
} from "../src/index.js";
import { MarketHarness, SOL } from "./support/harness.js";
import { ONE, ONE_PERCENT_FEE, activeConfig } from "./support/configs.js";
import type { Keypair, TransactionInstruction } from "@solana/web3.js";

const USDC = 1_000_000n;
const mul = (a: bigint, b: bigint) => (a * b) >> 60n;
const percent = (p: bigint) => (p << 60n) / 100n;
/** Depositors' liquidity (Fraction): available + borrowed − fees. */
const supplyOf = (r: Reserve) =>
  (r.liquidity.availableAmount << 60n) +
  r.liquidity.borrowedAmountSf -
  r.liquidity.accumulatedProtocolFeesSf -
  r.liquidity.accumulatedReferrerFeesSf -
  r.liquidity.pendingReferrerFeesSf;

let h: MarketHarness;
let market: PublicKey;
let usdcPyth: PublicKey;
let solPyth: PublicKey;
let usdcR: ReserveAccounts;
let solR: ReserveAccounts;
let lender: Keypair;
let borrower: Keypair;
let lenderUsdc: PublicKey;
let lenderCTokens: PublicKey;
let borrowerSol: PublicKey;
let borrowerUsdc: PublicKey;
let obligation: PublicKey;

beforeAll(async () => {
  h = await MarketHarness.start();
  market = await h.createMarket();
  const usdc = await h.createMint(6);
  const sol = await h.createMint(9);
  usdcPyth = await h.pythFeed({ price: 100_000_000n, exponent: -8 });
  solPyth = await h.pythFeed({ price: 10_000_000_000n, exponent: -8 });
  usdcR = (await h.createReserve(market, usdc)).accounts;
  solR = (await h.createReserve(market, sol)).accounts;
  const configure = (r: ReserveAccounts, config: ReturnType<typeof activeConfig>) =>
    updateEntireReserveConfigInstruction({ lendingMarketOwner: h.owner.publicKey, lendingMarket: market, reserve: r.reserve, config });
  // A whole config is 920 bytes: one update per transaction.
  await h.send(configure(usdcR, activeConfig({ name: "USDC", pyth: usdcPyth, originationFeeSf: ONE_PERCENT_FEE })), [h.owner]);
  await h.send(configure(solR, activeConfig({ name: "SOL", pyth: solPyth, ltv: 75, threshold: 85 })), [h.owner]);
  lender = await h.fundedKeypair();
  borrower = await h.fundedKeypair();
  lenderUsdc = await h.tokenAccount(lender.publicKey, usdc);
  lenderCTokens = await h.tokenAccount(lender.publicKey, usdcR.collateralMint);
  borrowerSol = await h.tokenAccount(borrower.publicKey, sol);
  borrowerUsdc = await h.tokenAccount(borrower.publicKey, usdc);
  await h.mintTo(usdc, lenderUsdc, 20_000n * USDC);
  await h.mintTo(sol, borrowerSol, 200n * SOL);
  obligation = vanillaObligationAddress(borrower.publicKey, market);
});
afterAll(() => h.close());

async function refreshReserve(r: ReserveAccounts): Promise<TransactionInstruction> {
  return refreshReserveInstructionFor(r.reserve, await h.reserve(r.reserve));
}

/**
 * refresh_reserve for both reserves and refresh_obligation at the prices on chain, the reserve acted on (`last`)
 * refreshed right before refresh_obligation as klend's v1 position instructions require.
 */
async function refreshNow(
  last: ReserveAccounts = usdcR,
): Promise<[TransactionInstruction, TransactionInstruction, TransactionInstruction]> {
  const first = last === usdcR ? solR : usdcR;
  return [
    await refreshReserve(first),
    await refreshReserve(last),
    refreshObligationInstructionFor(obligation, await h.obligation(obligation)),
  ];
}

/** Fresh prices, then refreshNow, for one transaction. */
async function refreshAll(
  last: ReserveAccounts = usdcR,
): Promise<[TransactionInstruction, TransactionInstruction, TransactionInstruction]> {
  await h.setPyth(usdcPyth, { price: 100_000_000n, exponent: -8 });
  await h.setPyth(solPyth, { price: 10_000_000_000n, exponent: -8 });
  return refreshNow(last);
}

const borrowParams = (amount: bigint) => ({
  owner: borrower.publicKey,
  obligation,
  reserve: usdcR,
  userDestinationLiquidity: borrowerUsdc,
  liquidityAmount: amount,
});
const borrowIx = (amount: bigint) => borrowObligationLiquidityInstruction(borrowParams(amount));
/** The `_v2` borrow, which checks no refreshes around it: the staleness refusals are reached with it. */
const borrowV2Ix = (amount: bigint) => borrowObligationLiquidityV2Instruction(borrowParams(amount));
const repayIx = (amount: bigint) =>
  repayObligationLiquidityInstruction({
    owner: borrower.publicKey,
    obligation,
    reserve: usdcR,
    userSourceLiquidity: borrowerUsdc,
    liquidityAmount: amount,
  });
const withdrawIx = (amount: bigint) =>
  withdrawObligationCollateralAndRedeemReserveCollateralInstruction({
    owner: borrower.publicKey,
    obligation,
    reserve: solR,
    userDestinationLiquidity: borrowerSol,
    collateralAmount: amount,
  });

describe("user metadata and obligations", () => {
  it("creates the wallet's UserMetadata and refuses a second one", async () => {
    await h.send(initUserMetadataInstruction({ owner: borrower.publicKey, feePayer: borrower.publicKey }), [borrower]);
    const address = userMetadataAddress(borrower.publicKey);
    const info = (await h.connection.getAccountInfo(address))!;
    expect([info.owner.toBase58(), info.data.length]).toEqual([KLEND_PROGRAM_ID, 1032]);
    const [, bump] = PublicKey.findProgramAddressSync(
      [Buffer.from("user_meta"), borrower.publicKey.toBuffer()],
      new PublicKey(KLEND_PROGRAM_ID),
    );
    expect(decodeUserMetadata(info.data)).toEqual({
      referrer: ZERO_PUBKEY,
      bump: BigInt(bump),
      userLookupTable: ZERO_PUBKEY,
      owner: borrower.publicKey.toBase58(),
    });
    const again = await h.simulate(initUserMetadataInstruction({ owner: borrower.publicKey, feePayer: borrower.publicKey }), [borrower]);
    expect(again.err).toEqual({ InstructionError: [0, { Custom: 0 }] });
  });

  it("creates the vanilla obligation empty and stale, and enforces seeds and user metadata", async () => {
    const { slot } = await h.send(
      initObligationInstruction({ obligationOwner: borrower.publicKey, feePayer: borrower.publicKey, lendingMarket: market }),
      [borrower],
    );
    const state = await h.obligation(obligation);
    expect([state.tag, state.lendingMarket, state.owner, state.referrer]).toEqual([
      0n,
      market.toBase58(),
      borrower.publicKey.toBase58(),
      ZERO_PUBKEY,
    ]);
    expect(state.lastUpdate).toEqual({ slot, stale: 1, priceStatus: 0 });
    expect(state.deposits.every((d) => d.depositReserve === ZERO_PUBKEY && d.depositedAmount === 0n)).toBe(true);
    expect(state.borrows.every((b) => b.borrowReserve === ZERO_PUBKEY && b.borrowedAmountSf === 0n)).toBe(true);
    expect([...state.depositsAssetTiers, ...state.borrowsAssetTiers]).toEqual(Array(13).fill(255));
    expect([state.elevationGroup, state.hasDebt, state.depositedValueSf, state.borrowFactorAdjustedDebtValueSf]).toEqual([0, 0, 0n, 0n]);

    const mint = new PublicKey(usdcR.liquidityMint);
    const seeded = initObligationInstruction({
      obligationOwner: borrower.publicKey,
      feePayer: borrower.publicKey,
      lendingMarket: market,
      seed1: mint,
    });
    await h.expectFailure(seeded, [borrower], "InvalidObligationSeedsValue");
    // Tag 2 takes the same mint twice.
    await h.send(
      initObligationInstruction({
        obligationOwner: borrower.publicKey,
        feePayer: borrower.publicKey,
        lendingMarket: market,
        tag: 2,
        seed1: mint,
        seed2: mint,
      }),
      [borrower],
    );
    const stranger = await h.fundedKeypair();
    const result = await h.expectFailure(
      initObligationInstruction({ obligationOwner: stranger.publicKey, feePayer: stranger.publicKey, lendingMarket: market }),
      [stranger],
      "AccountNotInitialized",
    );
    expect(result.logs?.some((l) => l.includes("caused by account: owner_user_metadata"))).toBe(true);
  });
});

describe("supplying for cTokens", () => {
  const deposit = (amount: bigint) =>
    depositReserveLiquidityInstruction({
      owner: lender.publicKey,
      reserve: usdcR,
      userSourceLiquidity: lenderUsdc,
      userDestinationCollateral: lenderCTokens,
      liquidityAmount: amount,
    });
  const redeem = (amount: bigint) =>
    redeemReserveCollateralInstruction({
      owner: lender.publicKey,
      reserve: usdcR,
      userSourceCollateral: lenderCTokens,
      userDestinationLiquidity: lenderUsdc,
      collateralAmount: amount,
    });

  it("mints cTokens 1:1 into the depositor's wallet on a reserve without debt, and redeems them 1:1", async () => {
    await h.send(deposit(10_000n * USDC), [lender]);
    expect(await h.balance(lenderCTokens)).toBe(10_000n * USDC);
    expect(await h.balance(lenderUsdc)).toBe(10_000n * USDC);
    let state = await h.reserve(usdcR.reserve);
    expect([state.liquidity.availableAmount, state.collateral.mintTotalSupply, state.lastUpdate.stale]).toEqual([
      10_000_100_000n,
      10_000_100_000n,
      1,
    ]);
    expect(await h.balance(usdcR.liquiditySupply)).toBe(10_000_100_000n);

    await h.send(redeem(USDC), [lender]);
    expect(await h.balance(lenderCTokens)).toBe(9_999n * USDC);
    expect(await h.balance(lenderUsdc)).toBe(10_001n * USDC);
    state = await h.reserve(usdcR.reserve);
    expect([state.liquidity.availableAmount, state.collateral.mintTotalSupply]).toEqual([9_999_100_000n, 9_999_100_000n]);
    await h.expectFailure(deposit(0n), [lender], "InvalidAmount");
  });

  it("refuses deposits above the deposit limit", async () => {
    const limit = Buffer.alloc(8);
    const setLimit = (value: bigint) => {
      limit.writeBigUInt64LE(value);
      return updateReserveConfigInstruction({
        lendingMarketOwner: h.owner.publicKey,
        lendingMarket: market,
        reserve: usdcR.reserve,
        mode: UpdateConfigMode.UpdateDepositLimit,
        value: limit,
      });
    };
    await h.send(setLimit(9_999_100_005n), [h.owner]);
    const over = await h.expectFailure(deposit(6n), [lender], "DepositLimitExceeded");
    expect(over.logs).toContain(
      "Program log: Cannot deposit liquidity above the reserve deposit limit. New total deposit: 9999100006 > limit: 9999100005",
    );
    await h.send(deposit(5n), [lender]);
    expect(await h.balance(lenderCTokens)).toBe(9_999n * USDC + 5n);
    await h.send(setLimit(10n ** 15n), [h.owner]);
  });
});

describe("collateral and debt", () => {
  it("deposits liquidity as obligation collateral only after a refresh of the obligation in the same slot", async () => {
    const params = {
      owner: borrower.publicKey,
      obligation,
      reserve: solR,
      userSourceLiquidity: borrowerSol,
      liquidityAmount: 100n * SOL,
    };
    const stale = await h.expectFailure(depositReserveLiquidityAndObligationCollateralV2Instruction(params), [borrower], "ObligationStale");
    expect(stale.logs).toContain("Program log: Obligation is stale and must be refreshed in the current slot");

    await h.send(
      [
        await refreshReserve(solR),
        refreshObligationInstructionFor(obligation, await h.obligation(obligation)),
        depositReserveLiquidityAndObligationCollateralInstruction(params),
      ],
      [borrower],
    );
    const state = await h.obligation(obligation);
    expect(state.deposits[0]).toEqual({
      depositReserve: solR.reserve.toBase58(),
      depositedAmount: 100n * SOL,
      marketValueSf: 0n,
      borrowedAmountAgainstThisCollateralInElevationGroup: 0n,
    });
    expect([state.depositsAssetTiers[0], state.lastUpdate.stale]).toEqual([0, 1]);
    // Rate 1: the cTokens equal the liquidity, minted straight into the collateral vault.
    expect(await h.balance(solR.collateralSupply)).toBe(100n * SOL);
    expect(await h.balance(borrowerSol)).toBe(100n * SOL);
    const reserve = await h.reserve(solR.reserve);
    expect([reserve.liquidity.availableAmount, reserve.collateral.mintTotalSupply]).toEqual([100n * SOL + 100_000n, 100n * SOL + 100_000n]);
  });

  it("values the collateral at refresh and lends against 75% of it, adding the 1% fee to the debt", async () => {
    const before = await h.reserve(usdcR.reserve);
    const { slot } = await h.send([...(await refreshAll()), borrowIx(1_000n * USDC)], [borrower]);
    expect(await h.balance(borrowerUsdc)).toBe(1_000n * USDC);
    // 1% of 1,000 USDC: 10 USDC to the fee receiver.
    expect(await h.balance(usdcR.feeReceiver)).toBe(10n * USDC);

    const reserve = await h.reserve(usdcR.reserve);
    const debt = 1_010n * USDC * ONE;
    expect(reserve.liquidity.borrowedAmountSf).toBe(debt);
    expect(reserve.liquidity.availableAmount).toBe(before.liquidity.availableAmount - 1_010n * USDC);
    expect(reserve.liquidity.cumulativeBorrowRateBsf).toBe(ONE);
    expect(reserve.borrowedAmountOutsideElevationGroup).toBe(1_010n * USDC);
    expect(reserve.config.debtWithdrawalCap.currentTotal).toBe(1_010n * USDC);
    expect(reserve.lastUpdate).toEqual({ slot, stale: 1, priceStatus: 63 });

    const state = await h.obligation(obligation);
    // The refresh before the borrow: 100 SOL at $100, 75% allowed, 85% unhealthy.
    expect(state.deposits[0]!.marketValueSf).toBe(10_000n * ONE);
    expect(state.depositedValueSf).toBe(10_000n * ONE);
    expect(state.allowedBorrowValueSf).toBe(10_000n * percent(75n));
    expect(state.unhealthyBorrowValueSf).toBe(10_000n * percent(85n));
    expect(state.borrows[0]).toEqual({
      borrowReserve: usdcR.reserve.toBase58(),
      cumulativeBorrowRateBsf: ONE,
      borrowedAmountSf: debt,
      marketValueSf: 0n,
      borrowFactorAdjustedMarketValueSf: 0n,
      borrowedAmountOutsideElevationGroups: 1_010n * USDC,
    });
    expect([state.hasDebt, state.borrowsAssetTiers[0], state.lastUpdate.stale]).toEqual([1, 0, 1]);
  });

  it("refuses a borrow beyond the borrowing power, and stale reserves or obligations with their logs", async () => {
    await h.expectFailure([...(await refreshAll()), borrowIx(8_000n * USDC)], [borrower], "BorrowTooLarge");

    // refresh_obligation needs every reserve of the obligation refreshed in its slot.
    const [refreshSol, refreshUsdc, refreshObligation] = await refreshAll();
    const unrefreshed = await h.expectFailure([refreshSol, refreshObligation], [borrower], "ReserveStale");
    expect(unrefreshed.logs).toContain(
      `Program log: Borrow reserve ${usdcR.reserve.toBase58()} provided for position 0 is stale and must be refreshed in the current slot`,
    );

    // The obligation was refreshed in an earlier slot.
    const staleObligation = await h.expectFailure([refreshSol, refreshUsdc, borrowV2Ix(USDC)], [borrower], "ObligationStale");
    expect(staleObligation.logs).toContain(
      "Program log: Obligation is stale and must be refreshed in the current slot, price status: 00111111",
    );

    // Everything refreshed in this slot, then a deposit marks the USDC reserve stale again before the borrow.
    await h.send([refreshSol, refreshUsdc, refreshObligation], [borrower]);
    await h.sendInThisSlot(
      depositReserveLiquidityInstruction({
        owner: lender.publicKey,
        reserve: usdcR,
        userSourceLiquidity: lenderUsdc,
        userDestinationCollateral: lenderCTokens,
        liquidityAmount: USDC,
      }),
      [lender],
    );
    const staleReserve = await h.expectFailure(borrowV2Ix(USDC), [borrower], "ReserveStale", { sameSlot: true });
    expect(staleReserve.logs).toContain(
      "Program log: Borrow reserve is stale and must be refreshed in the current slot, price_status: 00111111",
    );
  });

  it("compounds interest per slot into the index, the debt and the protocol's fees, and the obligation follows", async () => {
    const before = await h.reserve(usdcR.reserve);
    const position0 = (await h.obligation(obligation)).borrows[0]!;
    h.advance(400, 1_000);
    const { slot } = await h.send(await refreshAll(), [borrower]);
    const after = await h.reserve(usdcR.reserve);

    // By hand: utilization before, the curve's first segment (0% → 8% over 0 → 80%), the binomial expansion.
    const n = slot - before.lastUpdate.slot;
    expect(n > 1_000n).toBe(true);
    const debt = before.liquidity.borrowedAmountSf;
    const utilization = (debt << 60n) / supplyOf(before);
    expect(Number(utilization) / Number(ONE)).toBeCloseTo(0.101, 3);
    const rate = (utilization * 800n) / 8_000n;
    const b = rate / SLOTS_PER_YEAR;
    const b2 = mul(b, b);
    const b3 = mul(b2, b);
    const factor = ONE + b * n + (b2 * n * (n - 1n)) / 2n + (b3 * n * (n - 1n) * (n - 2n)) / 6n;
    const newDebt = mul(debt, factor);
    const index = mul(before.liquidity.cumulativeBorrowRateBsf, factor);
    expect(after.liquidity.cumulativeBorrowRateBsf).toBe(index);
    expect(after.liquidity.borrowedAmountSf).toBe(newDebt);
    expect(after.liquidity.accumulatedProtocolFeesSf).toBe(before.liquidity.accumulatedProtocolFeesSf + mul(newDebt - debt, percent(10n)));
    expect(after.liquidity.availableAmount).toBe(before.liquidity.availableAmount);
    expect(after.lastUpdate).toEqual({ slot, stale: 0, priceStatus: 63 });

    // The position grows by the index's growth since its own last accrual.
    const state = await h.obligation(obligation);
    const position = state.borrows[0]!;
    const positionDebt = (position0.borrowedAmountSf * index) / position0.cumulativeBorrowRateBsf;
    expect(position.cumulativeBorrowRateBsf).toBe(index);
    expect(position.borrowedAmountSf).toBe(positionDebt);
    // $1 per whole USDC (6 decimals); borrow factor 1.
    expect(position.marketValueSf).toBe(positionDebt / 1_000_000n);
    expect(position.borrowFactorAdjustedMarketValueSf).toBe(position.marketValueSf);
    const units = (positionDebt + ONE - 1n) >> 60n;
    expect(position.borrowedAmountOutsideElevationGroups).toBe(units);
    expect(after.borrowedAmountOutsideElevationGroup).toBe(units);
    expect(state.borrowedAssetsMarketValueSf).toBe(position.marketValueSf);
    expect(state.lastUpdate).toEqual({ slot, stale: 0, priceStatus: 63 });
  });

  it("pays depositors the interest: a cToken redeems for more than it cost, and new deposits get fewer cTokens", async () => {
    await h.send(await refreshReserve(usdcR), [lender]);
    const reserve = await h.reserve(usdcR.reserve);
    const cTokens = 1_000n * USDC;
    const expected = ((cTokens * supplyOf(reserve)) / reserve.collateral.mintTotalSupply) >> 60n;
    expect(expected > cTokens).toBe(true);
    const usdcBefore = await h.balance(lenderUsdc);
    // Same slot as the refresh: the redemption's own refresh accrues nothing more.
    await h.sendInThisSlot(
      redeemReserveCollateralInstruction({
        owner: lender.publicKey,
        reserve: usdcR,
        userSourceCollateral: lenderCTokens,
        userDestinationLiquidity: lenderUsdc,
        collateralAmount: cTokens,
      }),
      [lender],
    );
    expect((await h.balance(lenderUsdc)) - usdcBefore).toBe(expected);

    const now = await h.reserve(usdcR.reserve);
    const liquidity = 1_000n * USDC;
    const minted = ((now.collateral.mintTotalSupply * liquidity) << 60n) / supplyOf(now);
    const charged = ((minted * supplyOf(now) + now.collateral.mintTotalSupply - 1n) / now.collateral.mintTotalSupply + ONE - 1n) >> 60n;
    expect(minted < liquidity).toBe(true);
    const cBefore = await h.balance(lenderCTokens);
    const uBefore = await h.balance(lenderUsdc);
    await h.sendInThisSlot(
      depositReserveLiquidityInstruction({
        owner: lender.publicKey,
        reserve: usdcR,
        userSourceLiquidity: lenderUsdc,
        userDestinationCollateral: lenderCTokens,
        liquidityAmount: liquidity,
      }),
      [lender],
    );
    expect((await h.balance(lenderCTokens)) - cBefore).toBe(minted);
    expect(uBefore - (await h.balance(lenderUsdc))).toBe(charged);
    expect(charged <= liquidity).toBe(true);
  });

  it("lets collateral out only within the remaining borrowing power, paying its liquidity exactly", async () => {
    const tooMuch = await h.expectFailure([...(await refreshAll(solR)), withdrawIx(90n * SOL)], [borrower], "WithdrawTooLarge");
    expect(tooMuch.logs?.some((l) => l.startsWith("Program log: Withdraw value cannot exceed maximum withdraw value"))).toBe(true);

    const solBefore = await h.balance(borrowerSol);
    await h.send([...(await refreshAll(solR)), withdrawIx(10n * SOL)], [borrower]);
    // The SOL reserve has no debt: 1 cToken per unit.
    expect((await h.balance(borrowerSol)) - solBefore).toBe(10n * SOL);
    expect((await h.obligation(obligation)).deposits[0]!.depositedAmount).toBe(90n * SOL);
    expect(await h.balance(solR.collateralSupply)).toBe(90n * SOL);

    // u64::MAX: the share of the position the remaining borrowing power covers, from the refresh in this slot.
    await h.send(await refreshAll(), [borrower]);
    const state = await h.obligation(obligation);
    const maxValue = ((state.allowedBorrowValueSf - state.borrowFactorAdjustedDebtValueSf) * 100n) / 75n;
    const value = state.deposits[0]!.marketValueSf;
    const expected = mul((maxValue << 60n) / value, state.deposits[0]!.depositedAmount << 60n) >> 60n;
    const before = await h.balance(borrowerSol);
    await h.sendInThisSlot([...(await refreshNow(solR)), withdrawIx(U64_MAX)], [borrower]);
    expect((await h.balance(borrowerSol)) - before).toBe(expected);
    expect((await h.obligation(obligation)).deposits[0]!.depositedAmount).toBe(90n * SOL - expected);
  });

  it("repays part, then all of the debt rounded up to whole units, clearing the position", async () => {
    await h.send(await refreshAll(), [borrower]);
    let state = await h.obligation(obligation);
    let reserve = await h.reserve(usdcR.reserve);
    const debt = state.borrows[0]!.borrowedAmountSf;
    const usdcBefore = await h.balance(borrowerUsdc);
    await h.sendInThisSlot([...(await refreshNow()), repayIx(500n * USDC)], [borrower]);
    expect(usdcBefore - (await h.balance(borrowerUsdc))).toBe(500n * USDC);
    expect((await h.obligation(obligation)).borrows[0]!.borrowedAmountSf).toBe(debt - 500n * USDC * ONE);
    let after = await h.reserve(usdcR.reserve);
    expect(after.liquidity.borrowedAmountSf).toBe(reserve.liquidity.borrowedAmountSf - 500n * USDC * ONE);
    expect(after.liquidity.availableAmount).toBe(reserve.liquidity.availableAmount + 500n * USDC);

    await h.mintTo(new PublicKey(usdcR.liquidityMint), borrowerUsdc, 100n * USDC);
    await h.send(await refreshAll(), [borrower]);
    state = await h.obligation(obligation);
    reserve = await h.reserve(usdcR.reserve);
    const remaining = state.borrows[0]!.borrowedAmountSf;
    const owed = (remaining + ONE - 1n) >> 60n;
    const balance = await h.balance(borrowerUsdc);
    await h.sendInThisSlot([...(await refreshNow()), repayIx(U64_MAX)], [borrower]);
    expect(balance - (await h.balance(borrowerUsdc))).toBe(owed);
    state = await h.obligation(obligation);
    expect(state.borrows[0]).toEqual({
      borrowReserve: ZERO_PUBKEY,
      cumulativeBorrowRateBsf: 0n,
      borrowedAmountSf: 0n,
      marketValueSf: 0n,
      borrowFactorAdjustedMarketValueSf: 0n,
      borrowedAmountOutsideElevationGroups: 0n,
    });
    expect([state.borrowsAssetTiers[0], state.hasDebt]).toEqual([255, 0]);
    after = await h.reserve(usdcR.reserve);
    expect(after.liquidity.borrowedAmountSf).toBe(reserve.liquidity.borrowedAmountSf - remaining);
    expect(after.liquidity.availableAmount).toBe(reserve.liquidity.availableAmount + owed);
    expect(after.borrowedAmountOutsideElevationGroup).toBe(0n);
  });

  it("closes the obligation when its last collateral leaves, returning the rent to the owner", async () => {
    const deposited = (await h.obligation(obligation)).deposits[0]!.depositedAmount;
    const solBefore = await h.balance(borrowerSol);
    const lamportsBefore = BigInt(await h.connection.getBalance(borrower.publicKey));
    await h.send(
      [await refreshReserve(solR), refreshObligationInstructionFor(obligation, await h.obligation(obligation)), withdrawIx(U64_MAX)],
      [borrower],
    );
    expect((await h.balance(borrowerSol)) - solBefore).toBe(deposited);
    expect(await h.connection.getAccountInfo(obligation)).toBeNull();
    // Rent back, one signature's fee paid.
    expect(BigInt(await h.connection.getBalance(borrower.publicKey))).toBe(
      lamportsBefore + minimumBalanceForRentExemption(OBLIGATION_SIZE) - 5_000n,
    );
    expect(await h.balance(solR.collateralSupply)).toBe(0n);
  });
});
