// Referrers on a real ledger: a market giving referrers 20% of fees (written into the market account: its update
// instruction is not part of this market yet), a USDC reserve with a 1% origination fee, a 0.3% flash-loan fee and a
// 10% take rate, and a SOL collateral reserve. A referrer registers with a short URL and a fee account for USDC; a
// wallet it referred borrows, and the referrer is credited exactly: its share of the origination fee, of the flash-loan
// fee, and of the interest the protocol takes as refresh_obligation settles it; then it withdraws whole units.
import type { Keypair, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  borrowObligationLiquidityInstruction,
  decodeReferrerState,
  decodeReferrerTokenState,
  decodeShortUrl,
  decodeUserMetadata,
  deleteReferrerStateAndShortUrlInstruction,
  depositReserveLiquidityAndObligationCollateralInstruction,
  depositReserveLiquidityInstruction,
  flashLoanInstructions,
  initObligationInstruction,
  initReferrerStateAndShortUrlInstruction,
  initReferrerTokenStateInstruction,
  initUserMetadataInstruction,
  referrerStateAddress,
  referrerTokenStateAddress,
  refreshObligationInstruction,
  refreshObligationInstructionFor,
  refreshReserveInstructionFor,
  shortUrlAddress,
  updateEntireReserveConfigInstruction,
  userMetadataAddress,
  vanillaObligationAddress,
  withdrawReferrerFeesInstruction,
  type ReserveAccounts,
} from "../src/index.js";
import { patchLendingMarket } from "./support/accounts.js";
import { ONE_PERCENT_FEE, activeConfig } from "./support/configs.js";
import { MarketHarness, SOL } from "./support/harness.js";

const USDC = 1_000_000n;
const ONE = 1n << 60n;
const FLASH_FEE = (ONE * 3n) / 1000n;
const REFERRAL_BPS = 2_000n;
const mul = (a: bigint, b: bigint) => (a * b) >> 60n;
/** klend's fee split: the exclusive fee rounded, the referrer's share of the unrounded fee rounded down. */
function feeSplit(amount: bigint, rate: bigint): { protocol: bigint; referral: bigint } {
  const raw = mul(amount << 60n, rate);
  const fee = raw > ONE ? raw : ONE;
  const referral = mul(fee, (REFERRAL_BPS << 60n) / 10_000n) >> 60n;
  return { protocol: ((fee + ONE / 2n) >> 60n) - referral, referral };
}

let h: MarketHarness;
let market: PublicKey;
let usdcPyth: PublicKey;
let solPyth: PublicKey;
let usdcR: ReserveAccounts;
let solR: ReserveAccounts;
let referrer: Keypair;
let borrower: Keypair;
let borrowerUsdc: PublicKey;
let obligation: PublicKey;
let tokenState: PublicKey;

beforeAll(async () => {
  h = await MarketHarness.start();
  market = await h.createMarket();
  patchLendingMarket(h, market, (m) => (m.referralFeeBps = Number(REFERRAL_BPS)));
  const usdc = await h.createMint(6);
  const sol = await h.createMint(9);
  usdcPyth = await h.pythFeed({ price: 100_000_000n, exponent: -8 });
  solPyth = await h.pythFeed({ price: 10_000_000_000n, exponent: -8 });
  usdcR = (await h.createReserve(market, usdc)).accounts;
  solR = (await h.createReserve(market, sol)).accounts;
  const usdcConfig = activeConfig({ name: "USDC", pyth: usdcPyth, originationFeeSf: ONE_PERCENT_FEE });
  usdcConfig.fees.flashLoanFeeSf = FLASH_FEE;
  for (const [r, config] of [
    [usdcR, usdcConfig],
    [solR, activeConfig({ name: "SOL", pyth: solPyth, ltv: 75, threshold: 85 })],
  ] as const) {
    await h.send(
      updateEntireReserveConfigInstruction({ lendingMarketOwner: h.owner.publicKey, lendingMarket: market, reserve: r.reserve, config }),
      [h.owner],
    );
  }
  const lender = await h.fundedKeypair();
  const lenderUsdc = await h.tokenAccount(lender.publicKey, usdc);
  await h.mintTo(usdc, lenderUsdc, 100_000n * USDC);
  await h.send(
    depositReserveLiquidityInstruction({
      owner: lender.publicKey,
      reserve: usdcR,
      userSourceLiquidity: lenderUsdc,
      userDestinationCollateral: await h.tokenAccount(lender.publicKey, usdcR.collateralMint),
      liquidityAmount: 100_000n * USDC,
    }),
    [lender],
  );
  referrer = await h.fundedKeypair();
  borrower = await h.fundedKeypair();
  borrowerUsdc = await h.tokenAccount(borrower.publicKey, usdc);
  await h.mintTo(usdc, borrowerUsdc, 1_000n * USDC);
  const borrowerSol = await h.tokenAccount(borrower.publicKey, sol);
  await h.mintTo(sol, borrowerSol, 100n * SOL);
  obligation = vanillaObligationAddress(borrower.publicKey, market);
  tokenState = referrerTokenStateAddress(referrer.publicKey, usdcR.reserve);
  await h.send(initUserMetadataInstruction({ owner: referrer.publicKey, feePayer: referrer.publicKey }), [referrer]);
});
afterAll(() => h.close());

/** Fresh prices and refresh_reserve of both reserves, the one acted on (`last`) last, as klend's v1 instructions need. */
async function refreshes(last: ReserveAccounts = usdcR): Promise<TransactionInstruction[]> {
  await h.setPyth(usdcPyth, { price: 100_000_000n, exponent: -8 });
  await h.setPyth(solPyth, { price: 10_000_000_000n, exponent: -8 });
  const first = last === usdcR ? solR : usdcR;
  return [
    refreshReserveInstructionFor(first.reserve, await h.reserve(first.reserve)),
    refreshReserveInstructionFor(last.reserve, await h.reserve(last.reserve)),
  ];
}

const referrerState = async () => decodeReferrerTokenState(await h.data(tokenState));

describe("registering a referrer", () => {
  it("records the referrer's state and short URL, refusing characters beyond letters, digits, '_' and '-'", async () => {
    const bad = initReferrerStateAndShortUrlInstruction({ referrer: referrer.publicKey, shortUrl: "bad.url" });
    await h.expectFailure(bad, [referrer], "ShortUrlNotAsciiAlphanumeric");
    await h.send(initReferrerStateAndShortUrlInstruction({ referrer: referrer.publicKey, shortUrl: "Ref_code-7" }), [referrer]);
    const url = shortUrlAddress("Ref_code-7");
    expect(decodeReferrerState(await h.data(referrerStateAddress(referrer.publicKey)))).toEqual({
      shortUrl: url.toBase58(),
      owner: referrer.publicKey.toBase58(),
    });
    expect(decodeShortUrl(await h.data(url))).toEqual({ referrer: referrer.publicKey.toBase58(), shortUrl: "Ref_code-7" });
  });

  it("creates the referrer's fee account for a reserve, empty", async () => {
    await h.send(initReferrerTokenStateInstruction({ payer: referrer.publicKey, reserve: usdcR, referrer: referrer.publicKey }), [
      referrer,
    ]);
    const state = await referrerState();
    expect([state.referrer, state.mint, state.amountUnclaimedSf, state.amountCumulativeSf]).toEqual([
      referrer.publicKey.toBase58(),
      usdcR.liquidityMint.toBase58(),
      0n,
      0n,
    ]);
  });

  it("deletes a registration, the rent back to the referrer", async () => {
    const other = await h.fundedKeypair();
    await h.send(initUserMetadataInstruction({ owner: other.publicKey, feePayer: other.publicKey }), [other]);
    await h.send(initReferrerStateAndShortUrlInstruction({ referrer: other.publicKey, shortUrl: "gone" }), [other]);
    const before = await h.connection.getBalance(other.publicKey);
    const rent =
      (await h.connection.getBalance(referrerStateAddress(other.publicKey))) + (await h.connection.getBalance(shortUrlAddress("gone")));
    await h.send(deleteReferrerStateAndShortUrlInstruction({ referrer: other.publicKey, shortUrl: "gone" }), [other]);
    expect(await h.connection.getAccountInfo(shortUrlAddress("gone"))).toBeNull();
    expect(await h.connection.getBalance(other.publicKey)).toBe(before + rent - 5_000);
  });
});

describe("a referred wallet", () => {
  it("records the referrer in its user metadata and in its obligation", async () => {
    await h.send(initUserMetadataInstruction({ owner: borrower.publicKey, feePayer: borrower.publicKey, referrer: referrer.publicKey }), [
      borrower,
    ]);
    expect(decodeUserMetadata(await h.data(userMetadataAddress(borrower.publicKey))).referrer).toBe(referrer.publicKey.toBase58());
    await h.send(initObligationInstruction({ obligationOwner: borrower.publicKey, feePayer: borrower.publicKey, lendingMarket: market }), [
      borrower,
    ]);
    expect((await h.obligation(obligation)).referrer).toBe(referrer.publicKey.toBase58());
    const deposit = depositReserveLiquidityAndObligationCollateralInstruction({
      owner: borrower.publicKey,
      obligation,
      reserve: solR,
      userSourceLiquidity: await h.tokenAccount(borrower.publicKey, solR.liquidityMint),
      liquidityAmount: 50n * SOL,
    });
    await h.send(
      [...(await refreshes(solR)), refreshObligationInstructionFor(obligation, await h.obligation(obligation)), deposit],
      [borrower],
    );
  });

  it("needs the referrer's fee account to borrow, which gets 20% of the origination fee", async () => {
    const borrow = (withReferrer: boolean) =>
      borrowObligationLiquidityInstruction({
        owner: borrower.publicKey,
        obligation,
        reserve: usdcR,
        userDestinationLiquidity: borrowerUsdc,
        liquidityAmount: 1_000n * USDC,
        referrer: withReferrer ? referrer.publicKey : null,
      });
    const refresh = async () => [...(await refreshes()), refreshObligationInstructionFor(obligation, await h.obligation(obligation))];
    await h.expectFailure([...(await refresh()), borrow(false)], [borrower], "ReferrerAccountMissing");
    // Another referrer's fee account is not the obligation's referrer's.
    const stranger = await h.fundedKeypair();
    await h.send(initReferrerTokenStateInstruction({ payer: stranger.publicKey, reserve: usdcR, referrer: stranger.publicKey }), [
      stranger,
    ]);
    const theirs = borrowObligationLiquidityInstruction({
      owner: borrower.publicKey,
      obligation,
      reserve: usdcR,
      userDestinationLiquidity: borrowerUsdc,
      liquidityAmount: 1_000n * USDC,
      referrer: stranger.publicKey,
    });
    await h.expectFailure([...(await refresh()), theirs], [borrower], "ReferrerAccountReferrerMissmatch");
    const fees = await h.balance(usdcR.feeReceiver);
    const before = await h.reserve(usdcR.reserve);
    await h.send([...(await refresh()), borrow(true)], [borrower]);
    const { protocol, referral } = feeSplit(1_000n * USDC, ONE_PERCENT_FEE);
    expect([protocol, referral]).toEqual([8_000_001n, 1_999_999n]);
    expect(await h.balance(usdcR.feeReceiver)).toBe(fees + protocol);
    const state = await referrerState();
    expect([state.amountUnclaimedSf, state.amountCumulativeSf]).toEqual([referral << 60n, referral << 60n]);
    const after = await h.reserve(usdcR.reserve);
    expect(after.liquidity.accumulatedReferrerFeesSf - before.liquidity.accumulatedReferrerFeesSf).toBe(referral << 60n);
    expect((await h.obligation(obligation)).borrows[0]!.borrowedAmountSf).toBe((1_000n * USDC + protocol + referral) << 60n);
  });

  it("moves the referrer's share of new interest from pending to the referrer at refresh_obligation", async () => {
    h.advance(3_600, 7_200);
    const debtBefore = (await h.obligation(obligation)).borrows[0]!.borrowedAmountSf;
    const unclaimedBefore = (await referrerState()).amountUnclaimedSf;
    await h.send(await refreshes(), [h.owner]);
    const reserve = await h.reserve(usdcR.reserve);
    expect(reserve.liquidity.pendingReferrerFeesSf).toBeGreaterThan(0n);
    // Without the referrer's fee account the count of accounts is wrong.
    const bare = refreshObligationInstruction({
      lendingMarket: market,
      obligation,
      depositReserves: [solR.reserve],
      borrowReserves: [usdcR.reserve],
    });
    await h.expectFailure(bare, [h.owner], "InvalidAccountInput", { sameSlot: true });
    await h.sendInThisSlot(refreshObligationInstructionFor(obligation, await h.obligation(obligation)), [h.owner]);
    const debtAfter = (await h.obligation(obligation)).borrows[0]!.borrowedAmountSf;
    const share = mul(debtAfter - debtBefore, reserve.liquidity.absoluteReferralRateSf);
    const moved = share < reserve.liquidity.pendingReferrerFeesSf ? share : reserve.liquidity.pendingReferrerFeesSf;
    expect(moved).toBeGreaterThan(0n);
    expect((await referrerState()).amountUnclaimedSf - unclaimedBefore).toBe(moved);
    const settled = await h.reserve(usdcR.reserve);
    expect(settled.liquidity.pendingReferrerFeesSf).toBe(reserve.liquidity.pendingReferrerFeesSf - moved);
    expect(settled.liquidity.accumulatedReferrerFeesSf - reserve.liquidity.accumulatedReferrerFeesSf).toBe(moved);
  });

  it("credits the referrer with 20% of a flash-loan fee when the flash loan names it", async () => {
    const unclaimed = (await referrerState()).amountUnclaimedSf;
    const fees = await h.balance(usdcR.feeReceiver);
    const amount = 10_000n * USDC;
    await h.send(
      flashLoanInstructions(
        {
          userTransferAuthority: borrower.publicKey,
          reserve: usdcR,
          userLiquidity: borrowerUsdc,
          liquidityAmount: amount,
          referrer: referrer.publicKey,
        },
        [],
      ),
      [borrower],
    );
    const { protocol, referral } = feeSplit(amount, FLASH_FEE);
    expect(await h.balance(usdcR.feeReceiver)).toBe(fees + protocol);
    expect((await referrerState()).amountUnclaimedSf - unclaimed).toBe(referral << 60n);
  });
});

describe("withdrawing referrer fees", () => {
  it("pays the whole units owed to any token account of the mint, then refuses with 6079 when none are left", async () => {
    const destination = await h.tokenAccount(h.owner.publicKey, usdcR.liquidityMint);
    const before = await h.balance(destination);
    const owed = (await referrerState()).amountUnclaimedSf;
    const withdraw = withdrawReferrerFeesInstruction({ referrer: referrer.publicKey, reserve: usdcR, referrerTokenAccount: destination });
    const refresh = async () => refreshReserveInstructionFor(usdcR.reserve, await h.reserve(usdcR.reserve));
    await h.setPyth(usdcPyth, { price: 100_000_000n, exponent: -8 });
    await h.send([await refresh(), withdraw], [referrer]);
    expect(await h.balance(destination)).toBe(before + (owed >> 60n));
    const state = await referrerState();
    expect(state.amountUnclaimedSf).toBe(owed - ((owed >> 60n) << 60n));
    expect(state.amountCumulativeSf).toBeGreaterThanOrEqual(owed);
    await h.expectFailure([await refresh(), withdraw], [referrer], "InsufficientReferralFeesToRedeem");
  });
});
