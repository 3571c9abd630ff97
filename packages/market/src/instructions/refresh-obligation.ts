// refresh_obligation(): re-values the obligation from its reserves. The remaining accounts are the reserves of the
// obligation's deposits in slot order, then those of its borrows in slot order (borrow reserves writable: their
// count of debt outside elevation groups and referrer fees change; inside a group the deposit reserves' counts of
// group debt are re-synced, so they are writable too), then, for an obligation with a referrer, the referrer's
// ReferrerTokenState of each borrow reserve in the same order (writable). Every reserve must have been refreshed in
// this slot.
import { declareAccounts } from "@ballast/anchor";
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import { fail } from "../errors.js";
import { type ReserveRef, refreshObligation as refresh } from "../lending/obligation-refresh.js";
import { checkHasOne, lendingMarketAccount, obligationAccount } from "../program/account-kinds.js";
import { checkEmergencyMode } from "../program/guards.js";
import { ELEVATION_GROUP_NONE } from "../lending/elevation-groups.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { type Obligation, activeBorrows, activeDeposits } from "../state/obligation.js";
import { asReferrerTokenStateData, decodeReferrerTokenState, encodeReferrerTokenStateInto } from "../state/referrer.js";
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

export interface RemainingReserve extends ReserveRef {
  readonly account: InstructionAccount;
  readonly data: ReserveData;
}

/** A remaining account that must be one of the program's reserves (InvalidAccountInput otherwise). */
export function remainingReserve(programId: string, account: InstructionAccount): RemainingReserve {
  const data = account.account.owner === programId ? asReserveData(account.account.data) : null;
  if (!data) return fail("InvalidAccountInput");
  return { account, data, key: account.key, reserve: decodeReserve(data) };
}

/** A remaining account that must be a writable ReferrerTokenState of the program (InvalidAccountInput otherwise). */
function remainingReferrerState(programId: string, account: InstructionAccount) {
  const data = account.account.owner === programId && account.isWritable ? asReferrerTokenStateData(account.account.data) : null;
  if (!data) return fail("InvalidAccountInput");
  return { key: account.key, data, state: decodeReferrerTokenState(data) };
}

/**
 * The obligation's deposit reserves a borrow or repayment takes as remaining accounts, read only inside an elevation
 * group (their group debt counters change; the caller writes them back).
 */
export function groupCollateralReserves(
  ctx: InstructionContext,
  obligation: Obligation,
  remaining: readonly InstructionAccount[],
): RemainingReserve[] {
  if (obligation.elevationGroup === ELEVATION_GROUP_NONE) return [];
  return remaining.map((account) => remainingReserve(ctx.programId, account));
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
    const hasReferrer = ob.referrer !== ZERO_PUBKEY;
    const reserveCount = depositCount + borrowCount;
    const expected = hasReferrer ? reserveCount + borrowCount : reserveCount;
    if (remaining.length !== expected) {
      ctx.log(
        `expected_remaining_accounts=${expected}, actual_remaining_accounts ${remaining.length} obligation.has_referrer()=${hasReferrer} reserves_count=${reserveCount} borrow_count=${borrowCount}`,
      );
      fail("InvalidAccountInput");
    }
    const refs = remaining.slice(0, reserveCount).map((account) => remainingReserve(ctx.programId, account));
    const borrowRefs = refs.slice(depositCount);
    if (borrowRefs.some((ref) => !ref.account.isWritable)) {
      ctx.log("Borrow reserves must be writable");
      fail("InvalidAccountInput");
    }
    const referrerAccounts = remaining.slice(reserveCount);
    const referrerStates: ReturnType<typeof remainingReferrerState>[] = [];
    const next = () => {
      const account = referrerAccounts[referrerStates.length];
      if (!account) return undefined;
      const state = remainingReferrerState(ctx.programId, account);
      referrerStates.push(state);
      return state;
    };
    const depositRefs = refs.slice(0, depositCount);
    refresh(ob, market.state, ctx.clock.slot, depositRefs, borrowRefs, { programId: ctx.programId, next }, (m) => ctx.log(m));
    // Inside a group the deposit reserves' group debt counters change too: the caller passes them writable then.
    const changed = ob.elevationGroup === ELEVATION_GROUP_NONE ? borrowRefs : refs;
    for (const ref of changed) encodeReserveInto(ref.data, ref.reserve);
    for (const ref of referrerStates) encodeReferrerTokenStateInto(ref.data, ref.state);
    obligation.save();
  },
};
