// deposit_obligation_collateral(collateral_amount: u64): cTokens from the owner's wallet into the reserve's collateral
// vault, counted as the obligation's collateral. The reserve is refreshed in-line (interest only); the obligation
// must have been refreshed in this slot (ObligationStale).
import { type DeclaredAccounts, checkAddress, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import type { InstructionContext } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { depositObligationCollateral } from "../lending/obligation-collateral.js";
import { refreshReserve } from "../lending/reserve-operations.js";
import {
  checkHasOne,
  checkTokenConstraints,
  lendingMarketAccount,
  obligationAccount,
  reserveAccount,
  tokenAccount,
  tokenProgram,
} from "../program/account-kinds.js";
import { transfer } from "../program/cpi.js";
import { checkEmergencyMode, checkNotReserveVault, checkReserveUsable } from "../program/guards.js";
import { checkInstructionSysvar } from "../program/position-accounts.js";
import { ReserveFarmKind } from "../lending/obligation-farms.js";
import { checkRefreshInstructions } from "../program/refresh-introspection.js";
import type { MarketInstruction } from "./types.js";

/** klend's `DepositObligationCollateral`, the `deposit_accounts` of the `_v2` form too. */
export const depositObligationCollateralDeclarations = {
  owner: signer(),
  obligation: obligationAccount({ mut: "load" }),
  lendingMarket: lendingMarketAccount(),
  depositReserve: reserveAccount({ mut: "load" }),
  reserveDestinationCollateral: tokenAccount({ mut: "load" }),
  userSourceCollateral: tokenAccount({ mut: "load" }),
  tokenProgram: tokenProgram(),
  instructionSysvarAccount: unchecked(),
} as const;

export type DepositObligationCollateralAccounts = DeclaredAccounts<typeof depositObligationCollateralDeclarations>;

export function depositObligationCollateralConstraints(a: DepositObligationCollateralAccounts) {
  const r = a.depositReserve.state;
  return {
    obligation: () => {
      checkHasOne(a.obligation, a.obligation.state.owner, a.owner);
      checkHasOne(a.obligation, a.obligation.state.lendingMarket, a.lendingMarket);
    },
    depositReserve: () => checkHasOne(a.depositReserve, r.lendingMarket, a.lendingMarket),
    reserveDestinationCollateral: () => checkAddress(a.reserveDestinationCollateral, r.collateral.supplyVault),
    userSourceCollateral: () => checkTokenConstraints(a.userSourceCollateral, { mint: r.collateral.mintPubkey }),
    instructionSysvarAccount: () => checkInstructionSysvar(a.instructionSysvarAccount),
  };
}

const DepositCollateralAccounts = declareAccounts(depositObligationCollateralDeclarations, depositObligationCollateralConstraints);

/** The collateral deposit both forms make once their accounts are loaded. */
export function processDepositObligationCollateral(
  ctx: InstructionContext,
  a: DepositObligationCollateralAccounts,
  collateralAmount: bigint,
): void {
  const { owner, lendingMarket: market, obligation, depositReserve: reserve } = a;
  const r = reserve.state;
  checkEmergencyMode(market.state);
  checkNotReserveVault(a.userSourceCollateral, r);
  checkReserveUsable(r, true);

  refreshReserve(r, ctx.clock, null, market.state.referralFeeBps);
  depositObligationCollateral(market.state, r, reserve.key, obligation.state, ctx.clock, collateralAmount, (m) => ctx.log(m));
  ctx.log(`pnl: Depositing obligation collateral ${collateralAmount}`);
  transfer(ctx, { source: a.userSourceCollateral, destination: a.reserveDestinationCollateral, authority: owner }, collateralAmount, null);
  reserve.save();
  obligation.save();
}

export const depositCollateral: MarketInstruction = {
  name: "deposit_obligation_collateral",
  units: 15_000,
  accounts: DepositCollateralAccounts,
  run(ctx, _checks, args) {
    const { collateralAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.deposit_obligation_collateral.args);
    const { accounts: a } = DepositCollateralAccounts.load(ctx);
    checkRefreshInstructions(ctx, a.instructionSysvarAccount, a.obligation.key, [
      { key: a.depositReserve.key, state: a.depositReserve.state, kind: ReserveFarmKind.Collateral },
    ]);
    processDepositObligationCollateral(ctx, a, collateralAmount);
  },
};
