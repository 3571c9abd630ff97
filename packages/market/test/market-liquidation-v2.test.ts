// liquidate_obligation_and_redeem_reserve_collateral_v2 and socialize_loss_v2 on a real ledger, on reserves without
// farms (both optional farm slots given as the program id): they do what their v1 forms do. A borrower holds 10 SOL
// against 700 USDC; at $80 a liquidation repays the close factor's 140 USDC, a crash to $10 seizes all the collateral,
// and the risk council forgives what is left.
import type { Keypair } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liquidateObligationAndRedeemReserveCollateralV2Instruction, socializeLossV2Instruction } from "../src/index.js";
import { BorrowerMarket, SOL, USDC, type Borrower } from "./support/borrower-market.js";

const ONE = 1n << 60n;
const U64_MAX = 2n ** 64n - 1n;

let m: BorrowerMarket;
let borrower: Borrower;
let council: Keypair;

beforeAll(async () => {
  m = await BorrowerMarket.start();
  borrower = await m.borrower(10n * SOL);
  await m.h.send([...(await m.refreshAll(borrower.obligation, 100n)), m.borrow(borrower, 700n * USDC)], [borrower.keypair]);
  council = await m.h.fundedKeypair();
  await m.updateMarket("UpdateRiskCouncil", council.publicKey.toBytes());
});
afterAll(() => m.h.close());

const liquidateV2 = (amount: bigint) =>
  liquidateObligationAndRedeemReserveCollateralV2Instruction({
    liquidator: m.liquidator.publicKey,
    obligation: borrower.obligation,
    repayReserve: m.usdcR,
    withdrawReserve: m.solR,
    userSourceLiquidity: m.liquidatorUsdc,
    userDestinationCollateral: m.liquidatorCSol,
    userDestinationLiquidity: m.liquidatorSol,
    liquidityAmount: amount,
  });

const socializeV2 = (amount: bigint) =>
  socializeLossV2Instruction({
    riskCouncil: council.publicKey,
    obligation: borrower.obligation,
    lendingMarket: m.market,
    reserve: m.usdcR.reserve,
    liquidityAmount: amount,
  });

describe("the _v2 liquidation and loss socialisation", () => {
  it("refuses a healthy obligation (6016), then liquidates 20% of the debt at $80", async () => {
    await m.h.expectFailure(
      [...(await m.refreshAll(borrower.obligation, 100n)), liquidateV2(1_000n * USDC)],
      [m.liquidator],
      "ObligationHealthy",
    );
    const before = await m.h.balance(m.liquidatorUsdc);
    const { signature } = await m.h.send([...(await m.refreshAll(borrower.obligation, 80n)), liquidateV2(1_000n * USDC)], [m.liquidator]);
    expect(await m.h.logs(signature)).toContain(
      "Program log: Obligation is eligible for liquidation because of LtvExceeded with liquidation bonus: 250bps",
    );
    expect(before - (await m.h.balance(m.liquidatorUsdc))).toBe(140n * USDC);
    // The debt left is 560 USDC up to the liquidation math's fractional rounding.
    expect((await m.h.obligation(borrower.obligation)).borrows[0]!.borrowedAmountSf >> 60n).toBe(560n * USDC);
  });

  it("forgives the debt a crash left without collateral, only once the collateral is gone (6062)", async () => {
    await m.h.expectFailure(
      [...(await m.refreshAll(borrower.obligation, 10n)), socializeV2(USDC)],
      [council],
      "CannotSocializeObligationWithCollateral",
    );
    await m.h.send([...(await m.refreshAll(borrower.obligation, 10n)), liquidateV2(10_000n * USDC)], [m.liquidator]);
    const crashed = await m.h.obligation(borrower.obligation);
    expect(crashed.deposits.every((d) => d.depositedAmount === 0n)).toBe(true);
    const left = crashed.borrows[0]!.borrowedAmountSf;
    expect(left > 0n).toBe(true);

    const reserveBefore = await m.h.reserve(m.usdcR.reserve);
    await m.h.send([...(await m.refreshAll(borrower.obligation, 10n)), socializeV2(100n * USDC)], [council]);
    const reserve = await m.h.reserve(m.usdcR.reserve);
    expect(reserve.liquidity.borrowedAmountSf).toBe(reserveBefore.liquidity.borrowedAmountSf - 100n * USDC * ONE);
    await m.h.send([...(await m.refreshAll(borrower.obligation, 10n)), socializeV2(U64_MAX)], [council]);
    const cleared = await m.h.obligation(borrower.obligation);
    expect([cleared.hasDebt, cleared.borrows.every((b) => b.borrowedAmountSf === 0n)]).toEqual([0, true]);
  });
});
