// liquidate_obligation_and_redeem_reserve_collateral(liquidity_amount, min_acceptable_received_liquidity_amount,
// max_allowed_ltv_override_percent): anyone repays up to `liquidity_amount` of an unhealthy obligation's debt (or of
// one whose deleveraging or order conditions hold), receives the seized cTokens and redeems them for liquidity, paying
// the protocol's share of the bonus to the withdraw reserve's fee receiver. Both reserves and the obligation must
// have been refreshed in this slot with the liquidation price checks. The LTV override exists only on klend's staging
// build and is ignored here, as on mainnet.
import { type DeclaredAccounts, checkAddress, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { fail } from "../errors.js";
import { liquidateObligation, redeemSeizedCollateral } from "../lending/liquidation.js";
import type { ReserveRef } from "../lending/obligation-refresh.js";
import {
  checkHasOne,
  lendingMarketAccount,
  marketAuthoritySigner,
  mintAccount,
  obligationAccount,
  reserveAccount,
  tokenAccount,
  tokenProgram,
} from "../program/account-kinds.js";
import { burn, transferChecked } from "../program/cpi.js";
import { checkEmergencyMode, checkLiquidityToken, checkReserveUsable } from "../program/guards.js";
import { checkInstructionSysvar } from "../program/position-accounts.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import { asReserveData, decodeReserve, encodeReserveInto } from "../state/reserve.js";
import { ReserveFarmKind } from "../lending/obligation-farms.js";
import { checkRefreshInstructions } from "../program/refresh-introspection.js";
import type { MarketInstruction } from "./types.js";

/** klend's `LiquidateObligationAndRedeemReserveCollateral`, the `liquidation_accounts` of the `_v2` form too. */
export const liquidateDeclarations = {
  liquidator: signer(),
  obligation: obligationAccount({ mut: "load" }),
  lendingMarket: lendingMarketAccount(),
  lendingMarketAuthority: unchecked(),
  repayReserve: reserveAccount({ mut: "load" }),
  repayReserveLiquidityMint: mintAccount(),
  repayReserveLiquiditySupply: unchecked({ mut: "constraint" }),
  withdrawReserve: reserveAccount({ mut: "load" }),
  withdrawReserveLiquidityMint: mintAccount(),
  withdrawReserveCollateralMint: unchecked({ mut: "constraint" }),
  withdrawReserveCollateralSupply: unchecked({ mut: "constraint" }),
  withdrawReserveLiquiditySupply: unchecked({ mut: "constraint" }),
  withdrawReserveLiquidityFeeReceiver: unchecked({ mut: "constraint" }),
  userSourceLiquidity: tokenAccount({ mut: "load" }),
  userDestinationCollateral: tokenAccount({ mut: "load" }),
  userDestinationLiquidity: tokenAccount({ mut: "load" }),
  collateralTokenProgram: tokenProgram(),
  repayLiquidityTokenProgram: tokenProgram(),
  withdrawLiquidityTokenProgram: tokenProgram(),
  instructionSysvarAccount: unchecked(),
} as const;

export type LiquidateAccountsLoaded = DeclaredAccounts<typeof liquidateDeclarations>;

export function liquidateConstraints(a: LiquidateAccountsLoaded, ctx: InstructionContext) {
  const repay = a.repayReserve.state;
  const withdraw = a.withdrawReserve.state;
  return {
    obligation: () => checkHasOne(a.obligation, a.obligation.state.lendingMarket, a.lendingMarket),
    lendingMarketAuthority: () => {
      marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket);
    },
    repayReserve: () => checkHasOne(a.repayReserve, repay.lendingMarket, a.lendingMarket),
    repayReserveLiquidityMint: () => checkAddress(a.repayReserveLiquidityMint, repay.liquidity.mintPubkey),
    repayReserveLiquiditySupply: () => checkAddress(a.repayReserveLiquiditySupply, repay.liquidity.supplyVault),
    withdrawReserve: () => checkHasOne(a.withdrawReserve, withdraw.lendingMarket, a.lendingMarket),
    withdrawReserveLiquidityMint: () => checkAddress(a.withdrawReserveLiquidityMint, withdraw.liquidity.mintPubkey),
    withdrawReserveCollateralMint: () => checkAddress(a.withdrawReserveCollateralMint, withdraw.collateral.mintPubkey),
    withdrawReserveCollateralSupply: () => checkAddress(a.withdrawReserveCollateralSupply, withdraw.collateral.supplyVault),
    withdrawReserveLiquiditySupply: () => checkAddress(a.withdrawReserveLiquiditySupply, withdraw.liquidity.supplyVault),
    withdrawReserveLiquidityFeeReceiver: () => checkAddress(a.withdrawReserveLiquidityFeeReceiver, withdraw.liquidity.feeVault),
    instructionSysvarAccount: () => checkInstructionSysvar(a.instructionSysvarAccount),
  };
}

const LiquidateAccounts = declareAccounts(liquidateDeclarations, liquidateConstraints);

/** A reserve passed after the declared accounts: one of this program's reserves (InvalidAccountInput otherwise). */
export interface RemainingReserve extends ReserveRef {
  save(): void;
}

export function remainingReserves(programId: string, accounts: readonly InstructionAccount[]): RemainingReserve[] {
  return accounts.map((account) => {
    const data = account.account.owner === programId ? asReserveData(account.account.data) : null;
    if (!data) return fail("InvalidAccountInput");
    const reserve = decodeReserve(data);
    return { key: account.key, reserve, save: () => encodeReserveInto(data, reserve) };
  });
}

/** The three arguments of both forms. */
export interface LiquidationArgs {
  readonly liquidityAmount: bigint;
  readonly minAcceptableReceivedLiquidityAmount: bigint;
  readonly maxAllowedLtvOverridePercent: bigint;
}

/** The liquidation both forms make once their accounts are loaded. */
export function processLiquidation(
  ctx: InstructionContext,
  a: LiquidateAccountsLoaded,
  remaining: readonly InstructionAccount[],
  args: LiquidationArgs,
): void {
  const { liquidityAmount, minAcceptableReceivedLiquidityAmount, maxAllowedLtvOverridePercent } = args;
  const { liquidator, lendingMarket: market, obligation, lendingMarketAuthority: authority } = a;
  checkEmergencyMode(market.state);
  ctx.log(
    `LiquidateObligationAndRedeemReserveCollateral amount ${liquidityAmount} max_allowed_ltv_override_percent ${maxAllowedLtvOverridePercent}`,
  );
  // One reserve may be both the debt and the collateral: then both views share one state.
  const sameReserve = a.withdrawReserve.key === a.repayReserve.key;
  const repay: ReserveRef = { key: a.repayReserve.key, reserve: a.repayReserve.state };
  const withdraw: ReserveRef = sameReserve ? repay : { key: a.withdrawReserve.key, reserve: a.withdrawReserve.state };
  for (const r of [repay.reserve, withdraw.reserve]) {
    if (r.liquidity.supplyVault === a.userSourceLiquidity.key || r.collateral.supplyVault === a.userDestinationCollateral.key) {
      ctx.log("Reserve supply cannot be used as the liquidator's token account");
      fail("InvalidAccountInput");
    }
    checkReserveUsable(r, false);
  }
  if (withdraw.reserve.liquidity.supplyVault === a.userDestinationLiquidity.key) {
    ctx.log("Reserve liquidity supply cannot be used as the destination liquidity provided");
    fail("InvalidAccountInput");
  }
  checkLiquidityToken(a.repayReserveLiquidityMint, a.userSourceLiquidity, (m) => ctx.log(m));
  checkLiquidityToken(a.withdrawReserveLiquidityMint, a.userDestinationLiquidity, (m) => ctx.log(m));
  if (liquidator.key === obligation.state.owner && maxAllowedLtvOverridePercent > 0n) {
    ctx.log("Warning! Attempting to set an ltv override outside the staging program");
  }

  const log = (m: string) => ctx.log(m);
  const authoritySeeds = marketAuthoritySigner(ctx, authority, market);
  const repaySupply = a.repayReserveLiquiditySupply;
  const withdrawSupply = a.withdrawReserveLiquiditySupply;
  const repayBefore = snapshotVault(repaySupply, { state: repay.reserve });
  const withdrawBefore = snapshotVault(withdrawSupply, { state: withdraw.reserve });
  // Deposit reserves the instruction already holds are used as held, so no stale copy is written back over them.
  const others = obligation.state.elevationGroup === 0 ? [] : remainingReserves(ctx.programId, remaining);
  const depositReserves = others.map((r) => (r.key === withdraw.key ? withdraw : r.key === repay.key ? repay : r));
  const result = liquidateObligation(market.state, repay, withdraw, obligation.state, ctx.clock, liquidityAmount, depositReserves, log);
  const redemption = redeemSeizedCollateral(withdraw.reserve, result, minAcceptableReceivedLiquidityAmount, ctx.clock, log);

  const repayMint = a.repayReserveLiquidityMint;
  transferChecked(
    ctx,
    { source: a.userSourceLiquidity, mint: repayMint, destination: repaySupply, authority: liquidator },
    result.repayAmount,
    repayMint.mint.decimals,
    null,
  );
  // cTokens carry their liquidity mint's decimals.
  const decimals = a.withdrawReserveLiquidityMint.mint.decimals;
  const collateralMint = a.withdrawReserveCollateralMint;
  transferChecked(
    ctx,
    { source: a.withdrawReserveCollateralSupply, mint: collateralMint, destination: a.userDestinationCollateral, authority },
    result.withdrawAmount,
    decimals,
    authoritySeeds,
  );
  const sameSupply = withdrawSupply.key === repaySupply.key;
  if (redemption) {
    const liquidityMint = a.withdrawReserveLiquidityMint;
    const destination = a.userDestinationLiquidity;
    burn(ctx, a.userDestinationCollateral, collateralMint, liquidator, result.withdrawCollateralAmount, null);
    transferChecked(
      ctx,
      { source: withdrawSupply, mint: liquidityMint, destination, authority },
      redemption.liquidity,
      decimals,
      authoritySeeds,
    );
    const feeReceiver = a.withdrawReserveLiquidityFeeReceiver;
    transferChecked(
      ctx,
      { source: destination, mint: liquidityMint, destination: feeReceiver, authority: liquidator },
      redemption.protocolFee,
      decimals,
      null,
    );
    const netWithdrawal = sameSupply ? redemption.liquidity - result.repayAmount : redemption.liquidity;
    checkVaultAfterTransfer(withdrawBefore, withdrawSupply, { state: withdraw.reserve }, -netWithdrawal);
  }
  if (!sameSupply || !redemption) checkVaultAfterTransfer(repayBefore, repaySupply, { state: repay.reserve }, result.repayAmount);
  if (result.repayAmount > liquidityAmount) fail("InsufficientRepayAmount");

  a.repayReserve.save();
  if (!sameReserve) a.withdrawReserve.save();
  for (const reserve of others) if (reserve.key !== withdraw.key && reserve.key !== repay.key) reserve.save();
  obligation.save();
}

export const liquidateObligationAndRedeemReserveCollateral: MarketInstruction = {
  name: "liquidate_obligation_and_redeem_reserve_collateral",
  units: 40_000,
  accounts: LiquidateAccounts,
  run(ctx, _checks, args) {
    const decoded = decodeArgs(args, KLEND_INSTRUCTIONS.liquidate_obligation_and_redeem_reserve_collateral.args);
    const { accounts: a, remaining } = LiquidateAccounts.load(ctx);
    checkRefreshInstructions(ctx, a.instructionSysvarAccount, a.obligation.key, [
      { key: a.withdrawReserve.key, state: a.withdrawReserve.state, kind: ReserveFarmKind.Collateral },
      { key: a.repayReserve.key, state: a.repayReserve.state, kind: ReserveFarmKind.Debt },
    ]);
    processLiquidation(ctx, a, remaining, decoded);
  },
};
