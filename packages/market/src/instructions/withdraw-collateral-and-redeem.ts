// withdraw_obligation_collateral_and_redeem_reserve_collateral(collateral_amount: u64): cTokens out of the
// obligation (u64::MAX: as many as allowed), burned from the collateral vault, their liquidity to the owner, who also
// receives the rent of an emptied obligation. The reserve and the obligation must have been refreshed in this slot
// (with all price checks when there is debt).
import { type AccountChecks, type DeclaredAccounts, checkAddress, declareAccounts, unchecked } from "@ballast/anchor";
import type { InstructionContext } from "@ballast/ledger";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { withdrawObligationCollateral } from "../lending/obligation-collateral.js";
import { borrowsEmpty, depositsEmpty } from "../lending/obligation-positions.js";
import { redeemReserveCollateral } from "../lending/reserve-operations.js";
import {
  checkHasOne,
  checkTokenConstraints,
  marketAuthoritySigner,
  mintAccount,
  optionalAccount,
  reserveAccount,
  tokenAccount,
} from "../program/account-kinds.js";
import { burn, transferChecked } from "../program/cpi.js";
import { checkEmergencyMode, checkLiquidityToken, checkNotReserveVault, checkReserveUsable } from "../program/guards.js";
import {
  checkInstructionSysvar,
  obligationOwnerConstraints,
  obligationOwnerDeclarations,
  tokenProgramsAndSysvar,
} from "../program/position-accounts.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import { ReserveFarmKind } from "../lending/obligation-farms.js";
import { checkRefreshInstructions } from "../program/refresh-introspection.js";
import type { MarketInstruction } from "./types.js";

/** klend's `WithdrawObligationCollateralAndRedeemReserveCollateral`, the `withdraw_accounts` of the `_v2` form too. */
export const withdrawAndRedeemDeclarations = {
  ...obligationOwnerDeclarations(),
  withdrawReserve: reserveAccount({ mut: "load" }),
  reserveLiquidityMint: mintAccount(),
  reserveSourceCollateral: unchecked({ mut: "constraint" }),
  reserveCollateralMint: unchecked({ mut: "constraint" }),
  reserveLiquiditySupply: unchecked({ mut: "constraint" }),
  userDestinationLiquidity: tokenAccount({ mut: "load" }),
  placeholderUserDestinationCollateral: optionalAccount(),
  ...tokenProgramsAndSysvar(),
} as const;

export type WithdrawAndRedeemAccounts = DeclaredAccounts<typeof withdrawAndRedeemDeclarations>;

export function withdrawAndRedeemConstraints(a: WithdrawAndRedeemAccounts, ctx: InstructionContext) {
  const r = a.withdrawReserve.state;
  return {
    ...obligationOwnerConstraints(ctx, a),
    withdrawReserve: () => checkHasOne(a.withdrawReserve, r.lendingMarket, a.lendingMarket),
    reserveLiquidityMint: () => checkAddress(a.reserveLiquidityMint, r.liquidity.mintPubkey),
    reserveSourceCollateral: () => checkAddress(a.reserveSourceCollateral, r.collateral.supplyVault),
    reserveCollateralMint: () => checkAddress(a.reserveCollateralMint, r.collateral.mintPubkey),
    reserveLiquiditySupply: () => checkAddress(a.reserveLiquiditySupply, r.liquidity.supplyVault),
    userDestinationLiquidity: () =>
      checkTokenConstraints(a.userDestinationLiquidity, { mint: r.liquidity.mintPubkey, authority: a.owner.key }),
    instructionSysvarAccount: () => checkInstructionSysvar(a.instructionSysvarAccount),
  };
}

const WithdrawAccounts = declareAccounts(withdrawAndRedeemDeclarations, withdrawAndRedeemConstraints);

/** The withdrawal both forms make once their accounts are loaded; an emptied obligation is closed to the owner. */
export function processWithdrawAndRedeem(
  ctx: InstructionContext,
  checks: AccountChecks,
  a: WithdrawAndRedeemAccounts,
  collateralAmount: bigint,
): void {
  const { owner, lendingMarket: market, obligation, withdrawReserve: reserve, lendingMarketAuthority: authority } = a;
  const r = reserve.state;
  const supply = a.reserveLiquiditySupply;
  const destination = a.userDestinationLiquidity;
  checkEmergencyMode(market.state);
  checkNotReserveVault(destination, r);
  checkReserveUsable(r, false);
  checkLiquidityToken(a.reserveLiquidityMint, destination, (m) => ctx.log(m));

  const log = (m: string) => ctx.log(m);
  const authoritySeeds = marketAuthoritySigner(ctx, authority, market);
  const before = snapshotVault(supply, reserve);
  const collateral = withdrawObligationCollateral(market.state, r, reserve.key, obligation.state, ctx.clock, collateralAmount, log);
  const liquidity = redeemReserveCollateral(r, ctx.clock, collateral, log);
  ctx.log(`pnl: Withdraw obligation collateral ${collateral} and redeem reserve collateral ${liquidity}`);
  burn(ctx, a.reserveSourceCollateral, a.reserveCollateralMint, authority, collateral, authoritySeeds);
  const decimals = a.reserveLiquidityMint.mint.decimals;
  transferChecked(ctx, { source: supply, mint: a.reserveLiquidityMint, destination, authority }, liquidity, decimals, authoritySeeds);
  checkVaultAfterTransfer(before, supply, reserve, -liquidity);
  reserve.save();
  if (depositsEmpty(obligation.state) && borrowsEmpty(obligation.state)) {
    ctx.log("Closing empty obligation");
    checks.close(obligation, owner);
  } else {
    obligation.save();
  }
}

export const withdrawCollateralAndRedeem: MarketInstruction = {
  name: "withdraw_obligation_collateral_and_redeem_reserve_collateral",
  units: 20_000,
  accounts: WithdrawAccounts,
  run(ctx, checks, args) {
    const { collateralAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.withdraw_obligation_collateral_and_redeem_reserve_collateral.args);
    const { accounts: a } = WithdrawAccounts.load(ctx);
    checkRefreshInstructions(ctx, a.instructionSysvarAccount, a.obligation.key, [
      { key: a.withdrawReserve.key, state: a.withdrawReserve.state, kind: ReserveFarmKind.Collateral },
    ]);
    processWithdrawAndRedeem(ctx, checks, a, collateralAmount);
  },
};
