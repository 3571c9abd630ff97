// refresh_obligation(): re-values the obligation from its reserves. The remaining accounts are the reserves of the
// obligation's deposits in slot order, then those of its borrows in slot order (borrow reserves writable: their
// count of debt outside elevation groups is re-synced). Every reserve must have been refreshed in this slot. There
// are no referrers and no elevation groups here.
import { declareAccounts } from "@ballast/anchor";
import type { InstructionAccount } from "@ballast/ledger";
import { fail } from "../errors.js";
import { type ReserveRef, refreshObligation as refresh } from "../lending/obligation-refresh.js";
import { checkHasOne, lendingMarketAccount, obligationAccount } from "../program/account-kinds.js";
import { checkEmergencyMode } from "../program/guards.js";
import { activeBorrows, activeDeposits } from "../state/obligation.js";
import { asReserveData, decodeReserve, encodeReserveInto, type ReserveData } from "../state/reserve.js";
import type { MarketInstruction } from "./types.js";

const RefreshObligationAccounts = declareAccounts(
  {
    lendingMarket: lendingMarketAccount(),
    obligation: obligationAccount({ mut: "load" }),
  },
  (a) => ({
    obligation: () => checkHasOne(a.obligation, a.obligation.state.lendingMarket, a.lendingMarket),
  }),
);

interface RemainingReserve extends ReserveRef {
  readonly account: InstructionAccount;
  readonly data: ReserveData;
}

/** A remaining account that must be one of the program's reserves (InvalidAccountInput otherwise). */
function remainingReserve(programId: string, account: InstructionAccount): RemainingReserve {
  const data = account.account.owner === programId ? asReserveData(account.account.data) : null;
  if (!data) return fail("InvalidAccountInput");
  return { account, data, key: account.key, reserve: decodeReserve(data) };
}

export const refreshObligation: MarketInstruction = {
  name: "refresh_obligation",
  units: 10_000,
  accounts: RefreshObligationAccounts,
  run(ctx) {
    const { accounts: a, remaining } = RefreshObligationAccounts.load(ctx);
    const { lendingMarket: market, obligation } = a;
    checkEmergencyMode(market.state);
    const ob = obligation.state;
    const depositCount = activeDeposits(ob).length;
    const borrowCount = activeBorrows(ob).length;
    if (remaining.length !== depositCount + borrowCount) {
      ctx.log(`Expected ${depositCount} deposit and ${borrowCount} borrow reserves, got ${remaining.length} accounts`);
      fail("InvalidAccountInput");
    }
    const refs = remaining.map((account) => remainingReserve(ctx.programId, account));
    const borrowRefs = refs.slice(depositCount);
    if (borrowRefs.some((ref) => !ref.account.isWritable)) {
      ctx.log("Borrow reserves must be writable");
      fail("InvalidAccountInput");
    }
    refresh(ob, market.state, ctx.clock.slot, refs.slice(0, depositCount), borrowRefs, (m) => ctx.log(m));
    for (const ref of borrowRefs) encodeReserveInto(ref.data, ref.reserve);
    obligation.save();
  },
};
