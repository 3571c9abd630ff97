// mark_obligation_for_deleveraging(autodeleverage_target_ltv_pct: u8): the market's risk council marks an obligation
// for individual deleveraging towards a target LTV (255 unmarks it). Once the market's margin-call period has passed,
// liquidators may deleverage it while its LTV is above the target. Not guarded by emergency mode, as in klend.
import { declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { markObligationForDeleveraging as mark } from "../lending/liquidation-risk-council.js";
import { checkHasOne, lendingMarketAccount, obligationAccount } from "../program/account-kinds.js";
import type { MarketInstruction } from "./types.js";

const MarkAccounts = declareAccounts(
  {
    riskCouncil: signer(),
    obligation: obligationAccount({ mut: "load" }),
    lendingMarket: lendingMarketAccount(),
  },
  (a) => ({
    obligation: () => checkHasOne(a.obligation, a.obligation.state.lendingMarket, a.lendingMarket),
    lendingMarket: () => checkHasOne(a.lendingMarket, a.lendingMarket.state.riskCouncil, a.riskCouncil),
  }),
);

export const markObligationForDeleveraging: MarketInstruction = {
  name: "mark_obligation_for_deleveraging",
  units: 5_000,
  accounts: MarkAccounts,
  run(ctx, _checks, args) {
    const { autodeleverageTargetLtvPct } = decodeArgs(args, KLEND_INSTRUCTIONS.mark_obligation_for_deleveraging.args);
    const { accounts: a } = MarkAccounts.load(ctx);
    mark(a.lendingMarket.state, a.obligation.state, autodeleverageTargetLtvPct, ctx.clock.unixTimestamp, (m) => ctx.log(m));
    a.obligation.save();
  },
};
