// deposit_reserve_liquidity_and_obligation_collateral_v2(liquidity_amount: u64): the v1 deposit, then the obligation's
// stake in the reserve's collateral farm (if it has one) brought up to its new collateral.
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
  depositLiquidityAndCollateralDeclarations,
  depositLiquidityAndCollateralConstraints,
  processDepositLiquidityAndCollateral,
} from "./deposit-liquidity-and-collateral.js";
import type { MarketInstruction } from "./types.js";

const Accounts = declareAccounts(
  { ...depositLiquidityAndCollateralDeclarations, ...optionalFarmAccounts(), farmsProgram: farmsProgramAccount() },
  (a, ctx) => ({
    ...depositLiquidityAndCollateralConstraints(a, ctx),
    ...optionalFarmConstraints(ctx, a),
  }),
);

export const depositLiquidityAndCollateralV2: MarketInstruction = {
  name: "deposit_reserve_liquidity_and_obligation_collateral_v2",
  units: 30_000,
  accounts: Accounts,
  run(ctx, _checks, args) {
    const { liquidityAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.deposit_reserve_liquidity_and_obligation_collateral_v2.args);
    const { accounts: a } = Accounts.load(ctx);
    processDepositLiquidityAndCollateral(ctx, a, liquidityAmount);
    refreshFarmAfterPosition(ctx, a, positionFarmRefresh(a, a.reserve, ReserveFarmKind.Collateral));
  },
};
