// socialize_loss(liquidity_amount: u64): the market's risk council forgives up to `liquidity_amount` of the debt an
// obligation still owes in `reserve` after all its collateral was liquidated; the reserve's depositors absorb it.
// Both must have been refreshed in this slot with every price check. Not guarded by emergency mode, as in klend.
import { type DeclaredAccounts, declareAccounts, signer, unchecked } from "@ballast/anchor";
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { socializeLoss as socialize } from "../lending/liquidation-risk-council.js";
import type { ReserveRef } from "../lending/obligation-refresh.js";
import { checkHasOne, lendingMarketAccount, obligationAccount, reserveAccount } from "../program/account-kinds.js";
import { checkInstructionSysvar } from "../program/position-accounts.js";
import { remainingReserves } from "./liquidate-obligation-and-redeem-reserve-collateral.js";
import { ReserveFarmKind } from "../lending/obligation-farms.js";
import { checkRefreshInstructions } from "../program/refresh-introspection.js";
import type { MarketInstruction } from "./types.js";

/** klend's `SocializeLoss`, the `socialize_loss_accounts` of the `_v2` form too. */
export const socializeLossDeclarations = {
  riskCouncil: signer(),
  obligation: obligationAccount({ mut: "load" }),
  lendingMarket: lendingMarketAccount(),
  reserve: reserveAccount({ mut: "load" }),
  instructionSysvarAccount: unchecked(),
} as const;

export type SocializeLossAccountsLoaded = DeclaredAccounts<typeof socializeLossDeclarations>;

export function socializeLossConstraints(a: SocializeLossAccountsLoaded) {
  return {
    obligation: () => checkHasOne(a.obligation, a.obligation.state.lendingMarket, a.lendingMarket),
    lendingMarket: () => checkHasOne(a.lendingMarket, a.lendingMarket.state.riskCouncil, a.riskCouncil),
    reserve: () => checkHasOne(a.reserve, a.reserve.state.lendingMarket, a.lendingMarket),
    instructionSysvarAccount: () => checkInstructionSysvar(a.instructionSysvarAccount),
  };
}

const SocializeLossAccounts = declareAccounts(socializeLossDeclarations, socializeLossConstraints);

/** The loss both forms forgive once their accounts are loaded. */
export function processSocializeLoss(
  ctx: InstructionContext,
  a: SocializeLossAccountsLoaded,
  remaining: readonly InstructionAccount[],
  liquidityAmount: bigint,
): void {
  const reserve: ReserveRef = { key: a.reserve.key, reserve: a.reserve.state };
  const others = a.obligation.state.elevationGroup === 0 ? [] : remainingReserves(ctx.programId, remaining);
  const depositReserves = others.map((r) => (r.key === reserve.key ? reserve : r));
  socialize(reserve, a.obligation.state, liquidityAmount, ctx.clock, depositReserves, (m) => ctx.log(m));
  a.reserve.save();
  for (const other of others) if (other.key !== reserve.key) other.save();
  a.obligation.save();
}

export const socializeLoss: MarketInstruction = {
  name: "socialize_loss",
  units: 15_000,
  accounts: SocializeLossAccounts,
  run(ctx, _checks, args) {
    const { liquidityAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.socialize_loss.args);
    const { accounts: a, remaining } = SocializeLossAccounts.load(ctx);
    checkRefreshInstructions(ctx, a.instructionSysvarAccount, a.obligation.key, [
      { key: a.reserve.key, state: a.reserve.state, kind: ReserveFarmKind.Debt },
    ]);
    processSocializeLoss(ctx, a, remaining, liquidityAmount);
  },
};
