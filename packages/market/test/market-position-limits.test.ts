// An obligation's fixed slots on a real ledger: 8 deposit reserves and 5 borrow reserves. A ninth distinct deposit
// reserve and a sixth distinct borrow reserve are refused with ObligationReserveLimit (6018), while more of a reserve
// already held still goes into its slot. With that many reserves the refreshes take their own transaction, and the
// position instruction follows in the same slot behind the refreshes of its own reserve and obligation.
import type { TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  activeBorrows,
  activeDeposits,
  refreshObligationInstructionFor,
  refreshReserveInstructionFor,
  reserveRefreshInstructions,
} from "../src/index.js";
import { MarketHarness } from "./support/harness.js";
import { type Borrower, LendingSetup, type PricedReserve } from "./support/lending-setup.js";

const UNIT = 1_000_000n;
const DOLLAR = 100_000_000n;

let h: MarketHarness;
let s: LendingSetup;
/** Ten $1 reserves, each supplied with 10,000 units. */
let reserves: PricedReserve[];

beforeAll(async () => {
  h = await MarketHarness.start();
  s = await LendingSetup.create(h);
  reserves = [];
  for (let i = 0; i < 10; i++) {
    const reserve = await s.reserve({ name: `STABLE${i}`, decimals: 6, price: DOLLAR });
    await s.supply(reserve, 10_000n * UNIT);
    reserves.push(reserve);
  }
}, 120_000);
afterAll(() => h.close());

const at = (i: number): PricedReserve => {
  const reserve = reserves[i];
  if (!reserve) throw new Error(`no reserve ${i}`);
  return reserve;
};

/**
 * Refreshes every reserve in `involved` in a transaction of their own, then returns what follows in that slot:
 * refresh_reserve of the reserve acted on, refresh_obligation and `action`.
 */
async function inRefreshedSlot(b: Borrower, involved: PricedReserve[], target: PricedReserve, action: TransactionInstruction) {
  await s.publish(involved);
  const loaded = await Promise.all(
    involved.map(async (r) => ({ address: r.accounts.reserve, state: await h.reserve(r.accounts.reserve) })),
  );
  await h.send(reserveRefreshInstructions(loaded), [b.wallet]);
  const targetState = loaded.find((r) => r.address === target.accounts.reserve)?.state ?? (await h.reserve(target.accounts.reserve));
  return [
    refreshReserveInstructionFor(target.accounts.reserve, targetState),
    refreshObligationInstructionFor(b.obligation, await h.obligation(b.obligation)),
    action,
  ];
}

async function deposit(b: Borrower, index: number, held: number): Promise<TransactionInstruction[]> {
  const target = at(index);
  const source = await s.wallet(b.wallet, target, 10n * UNIT);
  const involved = reserves.slice(0, held).includes(target) ? reserves.slice(0, held) : [...reserves.slice(0, held), target];
  return inRefreshedSlot(b, involved, target, s.depositCollateralIx(b, target, source, 10n * UNIT));
}

describe("obligation reserve limits", () => {
  it("holds 8 deposit reserves and refuses a 9th distinct one (6018)", async () => {
    const b = await s.borrower();
    for (let i = 0; i < 8; i++) await h.sendInThisSlot(await deposit(b, i, i), [b.wallet]);
    expect(activeDeposits(await h.obligation(b.obligation))).toHaveLength(8);

    const refused = await h.expectFailure(await deposit(b, 8, 8), [b.wallet], "ObligationReserveLimit", { sameSlot: true });
    expect(refused.logs).toContain("Program log: Obligation has no empty deposits");
    // More of a reserve already held goes into its slot.
    await h.sendInThisSlot(await deposit(b, 3, 8), [b.wallet]);
    const state = await h.obligation(b.obligation);
    expect(activeDeposits(state).map((d) => d.depositReserve)).toEqual(reserves.slice(0, 8).map((r) => r.accounts.reserve.toBase58()));
    expect(activeDeposits(state)[3]?.depositedAmount).toBe(20n * UNIT);
  });

  it("holds 5 borrow reserves and refuses a 6th distinct one (6018)", async () => {
    const b = await s.borrower();
    const collateral = at(0);
    await h.sendInThisSlot(await deposit(b, 0, 0), [b.wallet]);
    await h.sendInThisSlot(
      await inRefreshedSlot(
        b,
        [collateral],
        collateral,
        s.depositCollateralIx(b, collateral, await s.wallet(b.wallet, collateral, 990n * UNIT), 990n * UNIT),
      ),
      [b.wallet],
    );
    const borrow = async (index: number) => {
      const involved = [collateral, ...reserves.slice(1, index + 1)];
      return inRefreshedSlot(b, involved, at(index), await s.borrowIx(b, at(index), UNIT));
    };
    for (let i = 1; i <= 5; i++) await h.sendInThisSlot(await borrow(i), [b.wallet]);
    expect(activeBorrows(await h.obligation(b.obligation))).toHaveLength(5);

    const refused = await h.expectFailure(await borrow(6), [b.wallet], "ObligationReserveLimit", { sameSlot: true });
    expect(refused.logs).toContain("Program log: Obligation has no empty borrows");
    // A reserve already borrowed lends more into its slot.
    await h.sendInThisSlot(await borrow(5), [b.wallet]);
    const borrows = activeBorrows(await h.obligation(b.obligation));
    expect(borrows.map((l) => l.borrowReserve)).toEqual(reserves.slice(1, 6).map((r) => r.accounts.reserve.toBase58()));
  });
});
