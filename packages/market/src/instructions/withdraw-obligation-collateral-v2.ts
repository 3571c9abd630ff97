// withdraw_obligation_collateral_v2(collateral_amount: u64): the v1 collateral withdrawal, then the obligation's stake
// in the reserve's collateral farm (if it has one) brought down to what is left (nothing once it is closed).
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
import {
  withdrawObligationCollateralDeclarations,
  withdrawObligationCollateralConstraints,
  processWithdrawObligationCollateral,
} from "./withdraw-obligation-collateral.js";
import type { MarketInstruction } from "./types.js";

const Accounts = declareAccounts(
  { ...withdrawObligationCollateralDeclarations, ...optionalFarmAccounts(), farmsProgram: farmsProgramAccount() },
  (a, ctx) => ({
    ...withdrawObligationCollateralConstraints(a, ctx),
    ...optionalFarmConstraints(ctx, a),
  }),
);

export const withdrawCollateralV2: MarketInstruction = {
  name: "withdraw_obligation_collateral_v2",
  units: 30_000,
  accounts: Accounts,
  run(ctx, checks, args) {
    const { collateralAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.withdraw_obligation_collateral_v2.args);
    const { accounts: a } = Accounts.load(ctx);
    processWithdrawObligationCollateral(ctx, checks, a, collateralAmount);
    refreshFarmAfterPosition(ctx, a, positionFarmRefresh(a, a.withdrawReserve, ReserveFarmKind.Collateral));
  },
};
