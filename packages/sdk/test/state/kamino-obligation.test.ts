// The SDK's off-chain valuation of a market obligation against the market program's own refresh_obligation, on a real
// ledger: a SOL-collateral, USDC-debt obligation (USDC with a 125% borrow factor, 1% origination fee, interest
// accruing between refreshes) is valued from the reserves as refreshed and must match what the program writes, to the
// last bit, while the price of SOL walks down through the liquidation threshold. The reserve price the SDK reads from
// the oracle account equals the price the refresh stores.
import { getAssociatedTokenAddressSync } from "@solana/spl-token";
import { PublicKey, type Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  borrowObligationLiquidityInstruction,
  depositReserveLiquidityAndObligationCollateralInstruction,
  depositReserveLiquidityInstruction,
  initObligationInstruction,
  initUserMetadataInstruction,
  refreshObligationInstructionFor,
  refreshReserveInstructionFor,
  updateEntireReserveConfigInstruction,
  vanillaObligationAddress,
  type ReserveAccounts,
} from "@ballast/market";
import { PYTH_RECEIVER_PROGRAM_ID } from "@ballast/oracles";
import { MarketHarness, SOL } from "../../../market/test/support/harness.js";
import { activeConfig } from "../../../market/test/support/configs.js";
import { MARGINFI_PROGRAM_ID } from "@ballast/protocol";
import {
  isKaminoObligationLiquidatable,
  kaminoLiquidateAction,
  kaminoLiquidationPlan,
  kaminoObligationLtv,
  kaminoObligationValue,
  kaminoReservePrice,
  keypairWallet,
} from "../../src/index.js";

const USDC = 1_000_000n;

let h: MarketHarness;
let market: PublicKey;
let usdcPyth: PublicKey;
let solPyth: PublicKey;
let usdcR: ReserveAccounts;
let solR: ReserveAccounts;
let borrower: Keypair;
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
  const usdcConfig = activeConfig({ name: "USDC", pyth: usdcPyth, originationFeeSf: (1n << 60n) / 100n });
  usdcConfig.borrowFactorPct = 125n;
  const solConfig = activeConfig({ name: "SOL", pyth: solPyth, ltv: 75, threshold: 85 });
  solConfig.minLiquidationBonusBps = 200;
  solConfig.maxLiquidationBonusBps = 1_000;
  for (const [r, config] of [
    [usdcR, usdcConfig],
    [solR, solConfig],
  ] as const) {
    await h.send(
      updateEntireReserveConfigInstruction({ lendingMarketOwner: h.owner.publicKey, lendingMarket: market, reserve: r.reserve, config }),
      [h.owner],
    );
  }
  const lender = await h.fundedKeypair();
  const lenderUsdc = await h.tokenAccount(lender.publicKey, usdc);
  const lenderCTokens = await h.tokenAccount(lender.publicKey, usdcR.collateralMint);
  await h.mintTo(usdc, lenderUsdc, 20_000n * USDC);
  await h.send(
    [
      await refreshReserve(usdcR),
      depositReserveLiquidityInstruction({
        owner: lender.publicKey,
        reserve: usdcR,
        userSourceLiquidity: lenderUsdc,
        userDestinationCollateral: lenderCTokens,
        liquidityAmount: 20_000n * USDC,
      }),
    ],
    [lender],
  );

  borrower = await h.fundedKeypair();
  const borrowerSol = await h.tokenAccount(borrower.publicKey, sol);
  const borrowerUsdc = await h.tokenAccount(borrower.publicKey, usdc);
  await h.mintTo(sol, borrowerSol, 10n * SOL);
  obligation = vanillaObligationAddress(borrower.publicKey, market);
  await h.send(
    [
      initUserMetadataInstruction({ owner: borrower.publicKey, feePayer: borrower.publicKey }),
      initObligationInstruction({ obligationOwner: borrower.publicKey, feePayer: borrower.publicKey, lendingMarket: market }),
    ],
    [borrower],
  );
  await h.send(
    [
      await refreshReserve(solR),
      refreshObligationInstructionFor(obligation, await h.obligation(obligation)),
      depositReserveLiquidityAndObligationCollateralInstruction({
        owner: borrower.publicKey,
        obligation,
        reserve: solR,
        userSourceLiquidity: borrowerSol,
        liquidityAmount: 10n * SOL,
      }),
    ],
    [borrower],
  );
  // $1,000 of SOL at 75% LTV and a 125% borrow factor: $600 of debt, the fee included, is the most it may owe.
  await h.send(
    [
      ...(await refreshBoth()),
      borrowObligationLiquidityInstruction({
        owner: borrower.publicKey,
        obligation,
        reserve: usdcR,
        userDestinationLiquidity: borrowerUsdc,
        liquidityAmount: 590n * USDC,
      }),
    ],
    [borrower],
  );
}, 120_000);
afterAll(() => h?.close());

async function refreshReserve(r: ReserveAccounts) {
  return refreshReserveInstructionFor(r.reserve, await h.reserve(r.reserve));
}

/** Both reserves refreshed, then the obligation. */
async function refreshBoth() {
  return [
    await refreshReserve(solR),
    await refreshReserve(usdcR),
    refreshObligationInstructionFor(obligation, await h.obligation(obligation)),
  ];
}

/** The SDK's valuation from the accounts as the last refresh left them, and the program's own totals. */
async function bothValuations() {
  const [sol, usdc, onChain, lendingMarket] = await Promise.all([
    h.reserve(solR.reserve),
    h.reserve(usdcR.reserve),
    h.obligation(obligation),
    h.market(market),
  ]);
  const reserves = new Map([
    [solR.reserve.toBase58(), sol],
    [usdcR.reserve.toBase58(), usdc],
  ]);
  const prices = new Map([...reserves].map(([key, r]) => [key, r.liquidity.marketPriceSf]));
  const value = kaminoObligationValue(onChain, lendingMarket, reserves, prices);
  return {
    value,
    sdk: {
      depositedValue: value.depositedValue,
      borrowedValue: value.borrowedValue,
      borrowFactorAdjustedDebtValue: value.borrowFactorAdjustedDebtValue,
      unhealthyBorrowValue: value.unhealthyBorrowValue,
      allowedBorrowValue: value.allowedBorrowValue,
    },
    program: {
      depositedValue: onChain.depositedValueSf,
      borrowedValue: onChain.borrowedAssetsMarketValueSf,
      borrowFactorAdjustedDebtValue: onChain.borrowFactorAdjustedDebtValueSf,
      unhealthyBorrowValue: onChain.unhealthyBorrowValueSf,
      allowedBorrowValue: onChain.allowedBorrowValueSf,
    },
  };
}

describe("kaminoObligationValue", () => {
  it("equals refresh_obligation's totals bit for bit as SOL falls through the liquidation threshold", async () => {
    const liquidatable: boolean[] = [];
    // $100 → $70: the debt ($590 + fee, ×1.25 ≈ $745) crosses 85% of the collateral between $90 and $85.
    for (const price of [10_000_000_000n, 9_000_000_000n, 8_500_000_000n, 7_000_000_000n]) {
      h.advance(3_600, 9_000);
      await h.setPyth(solPyth, { price, exponent: -8 });
      await h.setPyth(usdcPyth, { price: 100_000_000n, exponent: -8 });
      await h.send(await refreshBoth(), [borrower]);
      const { value, sdk, program } = await bothValuations();
      expect(sdk).toEqual(program);
      liquidatable.push(isKaminoObligationLiquidatable(value));
    }
    expect(liquidatable).toEqual([false, false, true, true]);
  });

  it("gives the borrow-factor-adjusted LTV, none without deposits", async () => {
    const { value } = await bothValuations();
    expect(kaminoObligationLtv(value)).toBe((value.borrowFactorAdjustedDebtValue << 60n) / value.depositedValue);
    expect(kaminoObligationLtv({ ...value, depositedValue: 0n })).toBeNull();
  });
});

describe("kaminoLiquidateAction", () => {
  async function target() {
    const [sol, usdc, state, lendingMarket] = await Promise.all([
      h.reserve(solR.reserve),
      h.reserve(usdcR.reserve),
      h.obligation(obligation),
      h.market(market),
    ]);
    const reserves = new Map([
      [solR.reserve.toBase58(), sol],
      [usdcR.reserve.toBase58(), usdc],
    ]);
    return {
      obligation,
      state,
      lendingMarket,
      reserves,
      prices: new Map([...reserves].map(([key, r]) => [key, r.liquidity.marketPriceSf])),
    };
  }

  it("liquidates the obligation at SOL $70 from a wallet's USDC: the plan's most, repaid to the native unit, for at least its worth in SOL", async () => {
    const liquidator = await h.fundedKeypair();
    const usdcMint = usdcR.liquidityMint;
    const wallet = await h.tokenAccount(liquidator.publicKey, usdcMint);
    await h.mintTo(usdcMint, wallet, 1_000n * USDC);
    const context = { connection: h.connection, wallet: keypairWallet(liquidator), programId: new PublicKey(MARGINFI_PROGRAM_ID) };
    const liquidated = await target();
    const plan = kaminoLiquidationPlan(liquidated.state, liquidated.lendingMarket, liquidated.reserves, liquidated.prices)!;
    // With the 125% borrow factor, $596 of debt against $700 of SOL is an LTV above the 95% insolvency LTV: the
    // close factor is 100%, all of the debt. The bonus is the LTV's overshoot held to SOL's 10% max.
    const { borrows } = kaminoObligationValue(liquidated.state, liquidated.lendingMarket, liquidated.reserves, liquidated.prices);
    expect([plan.repayReserve, plan.withdrawReserve]).toEqual([usdcR.reserve.toBase58(), solR.reserve.toBase58()]);
    expect(plan.maxRepay).toBe(borrows[0]!.borrowedAmount >> 60n);
    expect(plan.bonus).toBe((1n << 60n) / 10n);

    // The same slot's prices, so the refreshes in the transaction read what the plan was made with.
    await h.setPyth(solPyth, { price: 7_000_000_000n, exponent: -8 });
    await h.setPyth(usdcPyth, { price: 100_000_000n, exponent: -8 });
    const result = await kaminoLiquidateAction({ ...context, target: liquidated });
    expect(result.repayAmount).toBe(plan.maxRepay);
    expect(await h.balance(wallet)).toBe(1_000n * USDC - plan.maxRepay);
    const received = await h.balance(getAssociatedTokenAddressSync(solR.liquidityMint, liquidator.publicKey));
    expect(received).toBeGreaterThanOrEqual(result.minReceived);
    // Repaid $X is worth X/70 SOL; the 10% bonus comes on top (less the protocol's share, none configured here).
    expect(received).toBeGreaterThan((plan.maxRepay * 1_000n * 109n) / 70n / 100n);
  });

  it("refuses before signing an obligation that is healthy at the target's prices", async () => {
    const liquidator = await h.fundedKeypair();
    const healthy = await target();
    const prices = new Map([...healthy.prices].map(([key, price]) => [key, key === solR.reserve.toBase58() ? price * 2n : price]));
    await expect(
      kaminoLiquidateAction({
        connection: h.connection,
        wallet: keypairWallet(liquidator),
        programId: new PublicKey(MARGINFI_PROGRAM_ID),
        target: { ...healthy, prices },
      }),
    ).rejects.toThrow(
      `Market obligation ${obligation.toBase58()} is not liquidatable at these prices (Cannot liquidate healthy obligations)`,
    );
  });
});

describe("kaminoReservePrice", () => {
  it("reads the price refresh_reserve stores from the reserve's oracle account", async () => {
    await h.setPyth(solPyth, { price: 12_345_678_900n, exponent: -8 });
    const info = (await h.connection.getAccountInfo(solPyth))!;
    const oracles = {
      pyth: { key: solPyth.toBase58(), owner: info.owner.toBase58(), data: info.data },
      switchboardPrice: null,
      switchboardTwap: null,
      scope: null,
    };
    const read = kaminoReservePrice(await h.reserve(solR.reserve), oracles, h.slot(), h.now());
    await h.send(await refreshReserve(solR), [borrower]);
    expect(read).toBe((await h.reserve(solR.reserve)).liquidity.marketPriceSf);
    expect(info.owner.toBase58()).toBe(PYTH_RECEIVER_PROGRAM_ID);
  });

  it("is null when the reserve's oracle gives no usable price", async () => {
    const reserve = await h.reserve(solR.reserve);
    const stranger = {
      key: new PublicKey(new Uint8Array(32).fill(7)).toBase58(),
      owner: "11111111111111111111111111111111",
      data: Buffer.alloc(0),
    };
    expect(
      kaminoReservePrice(reserve, { pyth: stranger, switchboardPrice: null, switchboardTwap: null, scope: null }, h.slot(), h.now()),
    ).toBeNull();
  });
});
