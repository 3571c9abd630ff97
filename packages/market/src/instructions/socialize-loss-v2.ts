// socialize_loss_v2(liquidity_amount: u64): the v1 loss forgiven by the risk council, then the obligation's stake in
// the reserve's debt farm (if it has one) brought down to the debt left.
import { declareAccounts, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { ReserveFarmKind } from "../lending/obligation-farms.js";
import { marketAuthoritySigner } from "../program/account-kinds.js";
import {
  farmsProgramAccount,
  optionalFarmAccounts,
  optionalFarmConstraints,
  positionFarmRefresh,
  refreshFarmAfterPosition,
} from "../program/obligation-farm-refresh.js";
import { socializeLossDeclarations, socializeLossConstraints, processSocializeLoss } from "./socialize-loss.js";
import type { MarketInstruction } from "./types.js";

const Accounts = declareAccounts(
  { ...socializeLossDeclarations, ...optionalFarmAccounts(), lendingMarketAuthority: unchecked(), farmsProgram: farmsProgramAccount() },
  (a, ctx) => ({
    ...socializeLossConstraints(a),
    ...optionalFarmConstraints(ctx, a),
    lendingMarketAuthority: () => {
      marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket);
    },
  }),
);

export const socializeLossV2: MarketInstruction = {
  name: "socialize_loss_v2",
  units: 30_000,
  accounts: Accounts,
  run(ctx, _checks, args) {
    const { liquidityAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.socialize_loss_v2.args);
    const { accounts: a, remaining } = Accounts.load(ctx);
    processSocializeLoss(ctx, a, remaining, liquidityAmount);
    refreshFarmAfterPosition(ctx, a, positionFarmRefresh(a, a.reserve, ReserveFarmKind.Debt));
  },
};
