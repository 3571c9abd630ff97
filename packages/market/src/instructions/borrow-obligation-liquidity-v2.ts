// borrow_obligation_liquidity_v2(liquidity_amount: u64): the v1 borrow (deposit reserves as remaining accounts inside
// an elevation group), then the obligation's stake in the reserve's debt farm (if it has one) brought up to its debt.
import { declareAccounts } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { ReserveFarmKind } from "../lending/obligation-farms.js";
import {
  farmsProgramAccount,
  optionalFarmAccounts,
  optionalFarmConstraints,
  positionFarmRefresh,
  refreshFarmAfterPosition,
} from "../program/obligation-farm-refresh.js";
import { borrowDeclarations, borrowConstraints, processBorrow } from "./borrow-obligation-liquidity.js";
import type { MarketInstruction } from "./types.js";

const Accounts = declareAccounts({ ...borrowDeclarations, ...optionalFarmAccounts(), farmsProgram: farmsProgramAccount() }, (a, ctx) => ({
  ...borrowConstraints(a, ctx),
  ...optionalFarmConstraints(ctx, a),
}));

export const borrowObligationLiquidityV2: MarketInstruction = {
  name: "borrow_obligation_liquidity_v2",
  units: 30_000,
  accounts: Accounts,
  run(ctx, _checks, args) {
    const { liquidityAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.borrow_obligation_liquidity_v2.args);
    const { accounts: a, remaining } = Accounts.load(ctx);
    processBorrow(ctx, a, remaining, liquidityAmount);
    refreshFarmAfterPosition(ctx, a, positionFarmRefresh(a, a.borrowReserve, ReserveFarmKind.Debt));
  },
};
