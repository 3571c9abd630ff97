// set_obligation_order(index: u8, order: ObligationOrder): the owner sets (or, with an all-zero order, cancels) one
// of the obligation's two conditional deleveraging orders. No refresh is needed; emergency mode refuses it.
import { declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { setObligationOrder as setOrder } from "../lending/orders.js";
import { checkHasOne, lendingMarketAccount, obligationAccount } from "../program/account-kinds.js";
import { checkEmergencyMode } from "../program/guards.js";
import type { MarketInstruction } from "./types.js";

const SetOrderAccounts = declareAccounts(
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

export const setObligationOrder: MarketInstruction = {
  name: "set_obligation_order",
  units: 5_000,
  accounts: SetOrderAccounts,
  run(ctx, _checks, args) {
    const { index, order } = decodeArgs(args, KLEND_INSTRUCTIONS.set_obligation_order.args);
    const { accounts: a } = SetOrderAccounts.load(ctx);
    checkEmergencyMode(a.lendingMarket.state);
    setOrder(a.lendingMarket.state, a.obligation.state, index, order, (m) => ctx.log(m));
    a.obligation.save();
  },
};
