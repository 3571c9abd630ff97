// Flash loans on a real ledger: a USDC reserve with a 0.3% flash-loan fee and liquidity from a lender. A borrow and
// its repay in one transaction cost the user exactly the fee, paid to the fee receiver; every transaction shape klend
// refuses (no repay, a mismatched repay, two borrows or repays, a CPI, flash loans switched off, emergency mode) fails
// with klend's error.
import type { Keypair, PublicKey } from "@solana/web3.js";
import { createTransferInstruction } from "@solana/spl-token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { U64_MAX } from "@ballast/ledger";
import {
  type ReserveAccounts,
  type ReserveConfig,
  depositReserveLiquidityInstruction,
  flashBorrowReserveLiquidityInstruction,
  flashLoanInstructions,
  flashRepayReserveLiquidityInstruction,
  updateEntireReserveConfigInstruction,
} from "../src/index.js";
import { patchLendingMarket } from "./support/accounts.js";
import { activeConfig } from "./support/configs.js";
import { MarketHarness } from "./support/harness.js";
import { proxyProgram, viaProxy } from "./support/proxy.js";

const USDC = 1_000_000n;
const ONE = 1n << 60n;
/** 0.3%, truncated to a Fraction. */
const FLASH_FEE = (ONE * 3n) / 1000n;

let h: MarketHarness;
let market: PublicKey;
let usdc: PublicKey;
let pyth: PublicKey;
let reserve: ReserveAccounts;
let user: Keypair;
let userUsdc: PublicKey;

function config(flashLoanFeeSf: bigint): ReserveConfig {
  const c = activeConfig({ name: "USDC", pyth });
  c.fees.flashLoanFeeSf = flashLoanFeeSf;
  return c;
}

async function setFlashFee(flashLoanFeeSf: bigint): Promise<void> {
  await h.send(
    updateEntireReserveConfigInstruction({
      lendingMarketOwner: h.owner.publicKey,
      lendingMarket: market,
      reserve: reserve.reserve,
      config: config(flashLoanFeeSf),
    }),
    [h.owner],
  );
}

beforeAll(async () => {
  h = await MarketHarness.start([proxyProgram()]);
  market = await h.createMarket();
  usdc = await h.createMint(6);
  pyth = await h.pythFeed({ price: 100_000_000n, exponent: -8 });
  reserve = (await h.createReserve(market, usdc)).accounts;
  await setFlashFee(FLASH_FEE);
  const lender = await h.fundedKeypair();
  const lenderUsdc = await h.tokenAccount(lender.publicKey, usdc);
  await h.mintTo(usdc, lenderUsdc, 50_000n * USDC);
  await h.send(
    depositReserveLiquidityInstruction({
      owner: lender.publicKey,
      reserve,
      userSourceLiquidity: lenderUsdc,
      userDestinationCollateral: await h.tokenAccount(lender.publicKey, reserve.collateralMint),
      liquidityAmount: 50_000n * USDC,
    }),
    [lender],
  );
  user = await h.fundedKeypair();
  userUsdc = await h.tokenAccount(user.publicKey, usdc);
  await h.mintTo(usdc, userUsdc, 100n * USDC);
});
afterAll(() => h.close());

const loan = (liquidityAmount: bigint) => ({
  userTransferAuthority: user.publicKey,
  reserve,
  userLiquidity: userUsdc,
  liquidityAmount,
});
const borrowIx = (amount: bigint) => flashBorrowReserveLiquidityInstruction(loan(amount));
const repayIx = (amount: bigint, borrowInstructionIndex = 0) =>
  flashRepayReserveLiquidityInstruction({ ...loan(amount), borrowInstructionIndex });

/** klend's exclusive fee: the amount times the rate, at least one unit, rounded to the nearest unit. */
function expectedFee(amount: bigint, rate: bigint): bigint {
  const fee = ((amount << 60n) * rate) >> 60n;
  return ((fee > ONE ? fee : ONE) + ONE / 2n) >> 60n;
}

describe("a flash loan", () => {
  it("lends and takes back in one transaction, the user paying exactly the fee to the fee receiver", async () => {
    const amount = 10_000n * USDC;
    const before = {
      user: await h.balance(userUsdc),
      vault: await h.balance(reserve.liquiditySupply),
      fees: await h.balance(reserve.feeReceiver),
      reserve: await h.reserve(reserve.reserve),
    };
    const fee = expectedFee(amount, FLASH_FEE);
    expect(fee).toBe(30_000_000n);
    const { slot } = await h.send(flashLoanInstructions(loan(amount), []), [user]);
    expect(await h.balance(userUsdc)).toBe(before.user - fee);
    expect(await h.balance(reserve.feeReceiver)).toBe(before.fees + fee);
    expect(await h.balance(reserve.liquiditySupply)).toBe(before.vault);
    const after = await h.reserve(reserve.reserve);
    expect(after.liquidity.availableAmount).toBe(before.reserve.liquidity.availableAmount);
    expect(after.liquidity.borrowedAmountSf).toBe(0n);
    expect(after.lastUpdate).toEqual({ slot, stale: 1, priceStatus: before.reserve.lastUpdate.priceStatus });
  });

  it("lets the instructions in between use the liquidity", async () => {
    const amount = 20_000n * USDC;
    const before = await h.balance(userUsdc);
    const elsewhere = await h.tokenAccount(h.owner.publicKey, usdc);
    const out = createTransferInstruction(userUsdc, elsewhere, user.publicKey, amount);
    const back = createTransferInstruction(elsewhere, userUsdc, h.owner.publicKey, amount);
    await h.send(flashLoanInstructions(loan(amount), [out, back]), [user, h.owner]);
    expect(await h.balance(userUsdc)).toBe(before - expectedFee(amount, FLASH_FEE));
    // Without the liquidity coming back, the repay cannot pay.
    const result = await h.simulate(flashLoanInstructions(loan(amount), [out]), [user]);
    expect(result.err).toEqual({ InstructionError: [2, { Custom: 1 }] });
  });

  it("charges one unit at least", async () => {
    const before = await h.balance(userUsdc);
    await h.send(flashLoanInstructions(loan(10n), []), [user]);
    expect(await h.balance(userUsdc)).toBe(before - 1n);
  });

  it("charges nothing when the reserve's flash-loan fee is zero", async () => {
    await setFlashFee(0n);
    const before = { user: await h.balance(userUsdc), fees: await h.balance(reserve.feeReceiver) };
    await h.send(flashLoanInstructions(loan(1_000n * USDC), []), [user]);
    expect([await h.balance(userUsdc), await h.balance(reserve.feeReceiver)]).toEqual([before.user, before.fees]);
    await setFlashFee(FLASH_FEE);
  });
});

describe("refusals", () => {
  it("refuses a flash borrow with no repay later in the transaction", async () => {
    const result = await h.expectFailure(borrowIx(USDC), [user], "NoFlashRepayFound");
    expect(result.logs).toContain("Program log: No flash repay found");
    // A repay before the borrow does not count.
    await h.expectFailure([repayIx(USDC, 1), borrowIx(USDC)], [user], "InvalidFlashRepay", { failingIndex: 0 });
  });

  it("refuses a repay of another amount, naming another index, or on other accounts", async () => {
    const wrongAmount = await h.expectFailure([borrowIx(USDC), repayIx(USDC - 1n)], [user], "InvalidFlashRepay", { failingIndex: 0 });
    expect(wrongAmount.logs).toContain("Program log: Liquidity amount for flash repay doesn't match borrow");
    const wrongIndex = await h.expectFailure([borrowIx(USDC), repayIx(USDC, 1)], [user], "InvalidFlashRepay", { failingIndex: 0 });
    expect(wrongIndex.logs).toContain("Program log: Borrow instruction index 1 for flash repay doesn't match current index 0");
    const stray = await h.fundedKeypair();
    const otherAccount = await h.tokenAccount(stray.publicKey, usdc);
    const otherRepay = flashRepayReserveLiquidityInstruction({ ...loan(USDC), userLiquidity: otherAccount, borrowInstructionIndex: 0 });
    const mismatch = await h.expectFailure([borrowIx(USDC), otherRepay], [user], "InvalidFlashRepay", { failingIndex: 0 });
    expect(mismatch.logs?.some((l) => l.includes("Some accounts in flash tx couple differs. index: 6"))).toBe(true);
  });

  it("refuses a repay that names no flash borrow of its reserve and amount", async () => {
    const alone = await h.expectFailure(repayIx(USDC, 0), [user], "InvalidFlashRepay");
    expect(alone.logs).toContain("Program log: Flash repay: Supplied borrow instruction index is not a flash borrow");
    const ahead = await h.expectFailure(repayIx(USDC, 3), [user], "InvalidFlashRepay");
    expect(ahead.logs).toContain("Program log: Flash repay: borrow instruction index 3 has to be less than current index 0");
  });

  it("refuses a second flash borrow or a second repay in the transaction", async () => {
    await h.expectFailure([borrowIx(USDC), borrowIx(USDC), repayIx(USDC, 1)], [user], "MultipleFlashBorrows", { failingIndex: 0 });
    const twice = await h.expectFailure([borrowIx(USDC), repayIx(USDC), repayIx(USDC)], [user], "MultipleFlashBorrows", {
      failingIndex: 0,
    });
    expect(twice.logs).toContain("Program log: Multiple flash repays not allowed");
  });

  it("refuses flash loans through CPI", async () => {
    await h.expectFailure([viaProxy(borrowIx(USDC)), repayIx(USDC)], [user], "FlashBorrowCpi", { failingIndex: 0 });
  });

  it("refuses more than the reserve holds", async () => {
    const available = (await h.reserve(reserve.reserve)).liquidity.availableAmount;
    await h.expectFailure([borrowIx(available + 1n), repayIx(available + 1n)], [user], "InsufficientLiquidity", { failingIndex: 0 });
  });

  it('refuses with "Flash loans are disabled for this reserve" (6036) when the fee is u64::MAX', async () => {
    await setFlashFee(U64_MAX);
    const result = await h.expectFailure([borrowIx(USDC), repayIx(USDC)], [user], "FlashLoansDisabled", { failingIndex: 0 });
    expect(result.logs).toContain("Program log: Flash loans are disabled for this reserve");
    await setFlashFee(FLASH_FEE);
  });

  it("refuses both ends in emergency mode", async () => {
    patchLendingMarket(h, market, (m) => (m.emergencyMode = 1));
    await h.expectFailure([borrowIx(USDC), repayIx(USDC)], [user], "GlobalEmergencyMode", { failingIndex: 0 });
    patchLendingMarket(h, market, (m) => (m.emergencyMode = 0));
  });

  it("refuses the reserve's vault as the user's account", async () => {
    const intoVault = flashBorrowReserveLiquidityInstruction({ ...loan(USDC), userLiquidity: reserve.liquiditySupply });
    await h.expectFailure([intoVault, repayIx(USDC)], [user], "InvalidAccountInput", { failingIndex: 0 });
  });
});
