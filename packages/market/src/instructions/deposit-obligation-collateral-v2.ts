// deposit_obligation_collateral_v2(collateral_amount: u64): the v1 collateral deposit, then the obligation's stake
// in the reserve's collateral farm (if it has one) brought up to its new collateral.
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
import {
  depositObligationCollateralDeclarations,
  depositObligationCollateralConstraints,
  processDepositObligationCollateral,
} from "./deposit-obligation-collateral.js";
import type { MarketInstruction } from "./types.js";

const Accounts = declareAccounts(
  {
    ...depositObligationCollateralDeclarations,
    lendingMarketAuthority: unchecked(),
    ...optionalFarmAccounts(),
    farmsProgram: farmsProgramAccount(),
  },
  (a, ctx) => ({
    ...depositObligationCollateralConstraints(a),
    lendingMarketAuthority: () => {
      marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket);
    },
    ...optionalFarmConstraints(ctx, a),
  }),
);

export const depositCollateralV2: MarketInstruction = {
  name: "deposit_obligation_collateral_v2",
  units: 30_000,
  accounts: Accounts,
  run(ctx, _checks, args) {
    const { collateralAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.deposit_obligation_collateral_v2.args);
    const { accounts: a } = Accounts.load(ctx);
    processDepositObligationCollateral(ctx, a, collateralAmount);
    refreshFarmAfterPosition(ctx, a, positionFarmRefresh(a, a.depositReserve, ReserveFarmKind.Collateral));
  },
};
