// withdraw_obligation_collateral(collateral_amount: u64): cTokens out of the obligation (u64::MAX: as many as
// allowed) from the reserve's collateral vault to the owner's wallet, signed by the market authority; the owner
// receives the rent of an emptied obligation. The reserve and the obligation must have been refreshed in this slot
// (with all price checks when there is debt).
import { type AccountChecks, type DeclaredAccounts, checkAddress, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import type { InstructionContext } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { withdrawObligationCollateral } from "../lending/obligation-collateral.js";
import { borrowsEmpty, depositsEmpty } from "../lending/obligation-positions.js";
import {
  checkHasOne,
  checkTokenConstraints,
  lendingMarketAccount,
  marketAuthoritySigner,
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

/** klend's `WithdrawObligationCollateral`, the `withdraw_accounts` of the `_v2` form too. */
export const withdrawObligationCollateralDeclarations = {
  owner: signer({ mut: "load" }),
  obligation: obligationAccount({ mut: "load" }),
  lendingMarket: lendingMarketAccount(),
  lendingMarketAuthority: unchecked(),
  withdrawReserve: reserveAccount({ mut: "load" }),
  reserveSourceCollateral: tokenAccount({ mut: "load" }),
  userDestinationCollateral: tokenAccount({ mut: "load" }),
  tokenProgram: tokenProgram(),
  instructionSysvarAccount: unchecked(),
} as const;

export type WithdrawObligationCollateralAccounts = DeclaredAccounts<typeof withdrawObligationCollateralDeclarations>;

export function withdrawObligationCollateralConstraints(a: WithdrawObligationCollateralAccounts, ctx: InstructionContext) {
  const r = a.withdrawReserve.state;
  return {
    obligation: () => {
      checkHasOne(a.obligation, a.obligation.state.lendingMarket, a.lendingMarket);
      checkHasOne(a.obligation, a.obligation.state.owner, a.owner);
    },
    lendingMarketAuthority: () => {
      marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket);
    },
    withdrawReserve: () => checkHasOne(a.withdrawReserve, r.lendingMarket, a.lendingMarket),
    reserveSourceCollateral: () => checkAddress(a.reserveSourceCollateral, r.collateral.supplyVault),
    userDestinationCollateral: () =>
      checkTokenConstraints(a.userDestinationCollateral, { mint: r.collateral.mintPubkey, authority: a.owner.key }),
    instructionSysvarAccount: () => checkInstructionSysvar(a.instructionSysvarAccount),
  };
}

const WithdrawCollateralAccounts = declareAccounts(withdrawObligationCollateralDeclarations, withdrawObligationCollateralConstraints);

/** The collateral withdrawal both forms make once their accounts are loaded; an emptied obligation is closed. */
export function processWithdrawObligationCollateral(
  ctx: InstructionContext,
  checks: AccountChecks,
  a: WithdrawObligationCollateralAccounts,
  collateralAmount: bigint,
): void {
  const { owner, lendingMarket: market, obligation, withdrawReserve: reserve, lendingMarketAuthority: authority } = a;
  const r = reserve.state;
  checkEmergencyMode(market.state);
  checkNotReserveVault(a.userDestinationCollateral, r);
  checkReserveUsable(r, false);

  const log = (m: string) => ctx.log(m);
  const withdrawn = withdrawObligationCollateral(market.state, r, reserve.key, obligation.state, ctx.clock, collateralAmount, log);
  const seeds = marketAuthoritySigner(ctx, authority, market);
  transfer(ctx, { source: a.reserveSourceCollateral, destination: a.userDestinationCollateral, authority }, withdrawn, seeds);
  ctx.log(`pnl: Withdraw obligation collateral ${withdrawn}`);
  reserve.save();
  if (depositsEmpty(obligation.state) && borrowsEmpty(obligation.state)) {
    ctx.log("Closing empty obligation");
    checks.close(obligation, owner);
  } else {
    obligation.save();
  }
}

export const withdrawCollateral: MarketInstruction = {
  name: "withdraw_obligation_collateral",
  units: 15_000,
  accounts: WithdrawCollateralAccounts,
  run(ctx, checks, args) {
    const { collateralAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.withdraw_obligation_collateral.args);
    const { accounts: a } = WithdrawCollateralAccounts.load(ctx);
    checkRefreshInstructions(ctx, a.instructionSysvarAccount, a.obligation.key, [
      { key: a.withdrawReserve.key, state: a.withdrawReserve.state, kind: ReserveFarmKind.Collateral },
    ]);
    processWithdrawObligationCollateral(ctx, checks, a, collateralAmount);
  },
};
