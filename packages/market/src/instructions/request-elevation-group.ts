// request_elevation_group(elevation_group: u8): the owner moves a fully refreshed obligation into an elevation group
// (or out of one with 0). The remaining accounts are the obligation's deposit reserves, then its borrow reserves, in
// slot order, all writable: their debt counters move from the old group's books to the new one's.
import { declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { fail } from "../errors.js";
import { requestElevationGroup as request } from "../lending/elevation-group-request.js";
import { checkHasOne, lendingMarketAccount, obligationAccount } from "../program/account-kinds.js";
import { checkEmergencyMode } from "../program/guards.js";
import { activeBorrows, activeDeposits } from "../state/obligation.js";
import { encodeReserveInto } from "../state/reserve.js";
import { remainingReserve } from "./refresh-obligation.js";
import type { MarketInstruction } from "./types.js";

const RequestElevationGroupAccounts = declareAccounts(
  {
    owner: signer(),
    obligation: obligationAccount({ mut: "load" }),
    lendingMarket: lendingMarketAccount(),
  },
  (a) => ({
    obligation: () => {
      checkHasOne(a.obligation, a.obligation.state.lendingMarket, a.lendingMarket);
      checkHasOne(a.obligation, a.obligation.state.owner, a.owner);
    },
  }),
);

export const requestElevationGroup: MarketInstruction = {
  name: "request_elevation_group",
  units: 15_000,
  accounts: RequestElevationGroupAccounts,
  run(ctx, _checks, args) {
    const { elevationGroup } = decodeArgs(args, KLEND_INSTRUCTIONS.request_elevation_group.args);
    const { accounts: a, remaining } = RequestElevationGroupAccounts.load(ctx);
    checkEmergencyMode(a.lendingMarket.state);
    const ob = a.obligation.state;
    const depositCount = activeDeposits(ob).length;
    if (remaining.length !== depositCount + activeBorrows(ob).length) fail("InvalidAccountInput");
    const refs = remaining.map((account) => remainingReserve(ctx.programId, account));
    request(ob, a.lendingMarket.state, ctx.clock, elevationGroup, refs.slice(0, depositCount), refs.slice(depositCount), (m) => ctx.log(m));
    for (const ref of refs) encodeReserveInto(ref.data, ref.reserve);
    a.obligation.save();
  },
};
