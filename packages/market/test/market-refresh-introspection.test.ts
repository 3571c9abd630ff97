// klend v1's check_refresh on a real ledger: a v1 position instruction needs refresh_reserve of each reserve it acts on
// and then refresh_obligation right before it, read through the instructions sysvar. A borrower with 10 SOL of
// collateral borrows USDC; each refusal below has the refreshes wrong in one way, with its exact code.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  borrowObligationLiquidityV2Instruction,
  refreshObligationInstructionFor,
  refreshReserveInstructionFor,
  refreshReservesBatchInstructionFor,
} from "../src/index.js";
import { BorrowerMarket, SOL, USDC, type Borrower } from "./support/borrower-market.js";

let m: BorrowerMarket;
let borrower: Borrower;

beforeAll(async () => {
  m = await BorrowerMarket.start();
  borrower = await m.borrower(10n * SOL);
});
afterAll(() => m.h.close());

/** refresh_reserve of SOL and of USDC and refresh_obligation, at fresh prices. */
async function refreshes() {
  const [sol, usdc, obligation] = await m.refreshAll(borrower.obligation, 100n);
  if (!sol || !usdc || !obligation) throw new Error("refreshAll returns three instructions here");
  return { sol, usdc, obligation };
}

describe("check_refresh of the v1 position instructions", () => {
  it("accepts refresh_reserve of the borrowed reserve right before refresh_obligation, logging its check", async () => {
    const r = await refreshes();
    const borrow = [r.sol, r.usdc, r.obligation, m.borrow(borrower, 10n * USDC)];
    const { err, logs } = await m.h.simulate(borrow, [borrower.keypair]);
    expect(err).toBeNull();
    expect(logs).toContain("Program log: Beginning check_refresh");
    expect(logs).toContain("Program log: Finished check_refresh");
    await m.h.send(borrow, [borrower.keypair]);
  });

  it("refuses a borrow without refresh_obligation right before it (IncorrectInstructionInPosition, 6051)", async () => {
    const r = await refreshes();
    await m.h.expectFailure([r.sol, r.usdc, m.borrow(borrower, USDC)], [borrower.keypair], "IncorrectInstructionInPosition");
    // Refreshed, but refresh_reserve sits between refresh_obligation and the borrow.
    const usdcAgain = refreshReserveInstructionFor(m.usdcR.reserve, await m.h.reserve(m.usdcR.reserve));
    await m.h.expectFailure(
      [r.sol, r.usdc, r.obligation, usdcAgain, m.borrow(borrower, USDC)],
      [borrower.keypair],
      "IncorrectInstructionInPosition",
    );
  });

  it("does not count refresh_reserves_batch as the acted-on reserve's refresh (6051)", async () => {
    const r = await refreshes();
    const batch = refreshReservesBatchInstructionFor([
      { address: m.solR.reserve, state: await m.h.reserve(m.solR.reserve) },
      { address: m.usdcR.reserve, state: await m.h.reserve(m.usdcR.reserve) },
    ]);
    await m.h.expectFailure([batch, r.obligation, m.borrow(borrower, USDC)], [borrower.keypair], "IncorrectInstructionInPosition");
  });

  it("refuses refresh_reserve of another reserve in the acted-on reserve's place (RequireKeysEqViolated, 2502)", async () => {
    const r = await refreshes();
    await m.h.expectFailure([r.usdc, r.sol, r.obligation, m.borrow(borrower, USDC)], [borrower.keypair], "RequireKeysEqViolated");
  });

  it("refuses refresh_obligation of another obligation (2502)", async () => {
    const other = await m.borrower(SOL);
    const r = await refreshes();
    const otherRefresh = refreshObligationInstructionFor(other.obligation, await m.h.obligation(other.obligation));
    await m.h.expectFailure(
      [r.sol, r.usdc, r.obligation, otherRefresh, m.borrow(borrower, USDC)],
      [borrower.keypair],
      "RequireKeysEqViolated",
    );
  });

  it("leaves the _v2 forms to their own refresh checks", async () => {
    const r = await refreshes();
    const borrow = borrowObligationLiquidityV2Instruction({
      owner: borrower.keypair.publicKey,
      obligation: borrower.obligation,
      reserve: m.usdcR,
      userDestinationLiquidity: borrower.usdc,
      liquidityAmount: USDC,
    });
    await m.h.send([r.usdc, r.sol, r.obligation, borrow], [borrower.keypair]);
  });
});
