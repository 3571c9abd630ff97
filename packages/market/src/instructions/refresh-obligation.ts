// refresh_obligation()
//   0 lending_market
//   1 obligation      writable, has_one lending_market
//   remaining: the reserves of the obligation's deposits in slot order, then those of its borrows in slot order
//   (borrow reserves writable: their count of debt outside elevation groups is re-synced)
// Every reserve must have been refreshed in this slot. There are no referrers and no elevation groups here.
import type { InstructionAccount } from "@ballast/ledger";
import { fail } from "../errors.js";
import { type ReserveRef, refreshObligation as refresh } from "../lending/obligation-refresh.js";
import { checkEmergencyMode } from "../program/guards.js";
import { activeBorrows, activeDeposits } from "../state/obligation.js";
import { RESERVE_DISCRIMINATOR, RESERVE_SIZE, decodeReserve, encodeReserveInto } from "../state/reserve.js";
import type { MarketInstruction } from "./types.js";

function reserveRef(programId: string, account: InstructionAccount): ReserveRef {
  const { owner, data } = account.account;
  if (owner !== programId || data.length < RESERVE_SIZE || !data.subarray(0, 8).equals(Buffer.from(RESERVE_DISCRIMINATOR))) {
    fail("InvalidAccountInput");
  }
  return { key: account.key, reserve: decodeReserve(data) };
}

export const refreshObligation: MarketInstruction = {
  name: "refresh_obligation",
  units: 10_000,
  run(ctx, accounts) {
    const market = accounts.lendingMarket(0);
    const obligation = accounts.obligation(1, market, true);
    checkEmergencyMode(market.state);
    const ob = obligation.state;
    const depositCount = activeDeposits(ob).length;
    const reserves = accounts.remaining(2);
    if (reserves.length !== depositCount + activeBorrows(ob).length) {
      ctx.log(`Expected ${depositCount} deposit and ${activeBorrows(ob).length} borrow reserves, got ${reserves.length} accounts`);
      fail("InvalidAccountInput");
    }
    const refs = reserves.map((account) => reserveRef(ctx.programId, account));
    const borrowAccounts = reserves.slice(depositCount);
    if (borrowAccounts.some((account) => !account.isWritable)) {
      ctx.log("Borrow reserves must be writable");
      fail("InvalidAccountInput");
    }
    const borrowRefs = refs.slice(depositCount);
    refresh(ob, market.state, ctx.clock.slot, refs.slice(0, depositCount), borrowRefs, (m) => ctx.log(m));
    borrowRefs.forEach((ref, i) => encodeReserveInto(borrowAccounts[i].account.data, ref.reserve));
    obligation.save();
  },
};
