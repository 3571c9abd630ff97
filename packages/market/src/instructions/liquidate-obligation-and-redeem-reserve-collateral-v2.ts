// liquidate_obligation_and_redeem_reserve_collateral_v2(liquidity_amount, min_acceptable_received_liquidity_amount,
// max_allowed_ltv_override_percent): the v1 liquidation, then the obligation's stakes brought to what is left: in the
// withdraw reserve's collateral farm, then in the repay reserve's debt farm (each if the reserve has one).
import { declareAccounts } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { ReserveFarmKind } from "../lending/obligation-farms.js";
import { checkOptionalMut, optionalAccount } from "../program/account-kinds.js";
import { farmsProgramAccount, positionFarmRefresh, refreshFarmAfterPosition } from "../program/obligation-farm-refresh.js";
import { liquidateConstraints, liquidateDeclarations, processLiquidation } from "./liquidate-obligation-and-redeem-reserve-collateral.js";
import type { MarketInstruction } from "./types.js";

const Accounts = declareAccounts(
  {
    ...liquidateDeclarations,
    collateralObligationFarmUserState: optionalAccount({ mut: "handler" }),
    collateralReserveFarmState: optionalAccount({ mut: "handler" }),
    debtObligationFarmUserState: optionalAccount({ mut: "handler" }),
    debtReserveFarmState: optionalAccount({ mut: "handler" }),
    farmsProgram: farmsProgramAccount(),
  },
  (a, ctx) => ({
    ...liquidateConstraints(a, ctx),
    collateralObligationFarmUserState: () => checkOptionalMut(ctx, a.collateralObligationFarmUserState),
    collateralReserveFarmState: () => checkOptionalMut(ctx, a.collateralReserveFarmState),
    debtObligationFarmUserState: () => checkOptionalMut(ctx, a.debtObligationFarmUserState),
    debtReserveFarmState: () => checkOptionalMut(ctx, a.debtReserveFarmState),
  }),
);

export const liquidateObligationAndRedeemReserveCollateralV2: MarketInstruction = {
  name: "liquidate_obligation_and_redeem_reserve_collateral_v2",
  units: 60_000,
  accounts: Accounts,
  run(ctx, _checks, args) {
    const decoded = decodeArgs(args, KLEND_INSTRUCTIONS.liquidate_obligation_and_redeem_reserve_collateral_v2.args);
    const { accounts: a, remaining } = Accounts.load(ctx);
    processLiquidation(ctx, a, remaining, decoded);
    // One reserve on both sides was saved through the repay view, which holds its state.
    const withdrawReserve = a.withdrawReserve.key === a.repayReserve.key ? a.repayReserve : a.withdrawReserve;
    refreshFarmAfterPosition(
      ctx,
      { obligationFarmUserState: a.collateralObligationFarmUserState, reserveFarmState: a.collateralReserveFarmState },
      positionFarmRefresh(a, withdrawReserve, ReserveFarmKind.Collateral),
    );
    refreshFarmAfterPosition(
      ctx,
      { obligationFarmUserState: a.debtObligationFarmUserState, reserveFarmState: a.debtReserveFarmState },
      positionFarmRefresh(a, a.repayReserve, ReserveFarmKind.Debt),
    );
  },
};
