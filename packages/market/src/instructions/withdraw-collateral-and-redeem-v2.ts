// withdraw_obligation_collateral_and_redeem_reserve_collateral_v2(collateral_amount: u64): the v1 withdrawal and
// redemption, then the obligation's stake in the reserve's collateral farm (if it has one) brought down to what is
// left (nothing once it is closed).
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
import { withdrawAndRedeemDeclarations, withdrawAndRedeemConstraints, processWithdrawAndRedeem } from "./withdraw-collateral-and-redeem.js";
import type { MarketInstruction } from "./types.js";

const Accounts = declareAccounts(
  { ...withdrawAndRedeemDeclarations, ...optionalFarmAccounts(), farmsProgram: farmsProgramAccount() },
  (a, ctx) => ({ ...withdrawAndRedeemConstraints(a, ctx), ...optionalFarmConstraints(ctx, a) }),
);

export const withdrawCollateralAndRedeemV2: MarketInstruction = {
  name: "withdraw_obligation_collateral_and_redeem_reserve_collateral_v2",
  units: 30_000,
  accounts: Accounts,
  run(ctx, checks, args) {
    const { collateralAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.withdraw_obligation_collateral_and_redeem_reserve_collateral_v2.args);
    const { accounts: a } = Accounts.load(ctx);
    processWithdrawAndRedeem(ctx, checks, a, collateralAmount);
    refreshFarmAfterPosition(ctx, a, positionFarmRefresh(a, a.withdrawReserve, ReserveFarmKind.Collateral));
  },
};
