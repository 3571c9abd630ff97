// deposit_reserve_liquidity_and_obligation_collateral(liquidity_amount: u64): liquidity in, the cTokens it buys
// minted straight into the reserve's collateral vault and counted as the obligation's collateral. The owner may be a
// PDA signing through CPI. The reserve is refreshed in-line; the obligation must have been refreshed in this slot
// (ObligationStale).
import { type DeclaredAccounts, checkAddress, declareAccounts, mintTo, unchecked } from "@ballast/anchor";
import type { InstructionContext } from "@ballast/ledger";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { depositObligationCollateral } from "../lending/obligation-collateral.js";
import { depositReserveLiquidity, refreshReserve } from "../lending/reserve-operations.js";
import {
  checkHasOne,
  checkTokenConstraints,
  marketAuthoritySigner,
  mintAccount,
  optionalAccount,
  reserveAccount,
  tokenAccount,
} from "../program/account-kinds.js";
import { transferChecked } from "../program/cpi.js";
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

/** klend's `DepositReserveLiquidityAndObligationCollateral`, the `deposit_accounts` of the `_v2` form too. */
export const depositLiquidityAndCollateralDeclarations = {
  ...obligationOwnerDeclarations(),
  reserve: reserveAccount({ mut: "load" }),
  reserveLiquidityMint: mintAccount(),
  reserveLiquiditySupply: unchecked({ mut: "constraint" }),
  reserveCollateralMint: unchecked({ mut: "constraint" }),
  reserveDestinationDepositCollateral: unchecked({ mut: "constraint" }),
  userSourceLiquidity: tokenAccount({ mut: "load" }),
  placeholderUserDestinationCollateral: optionalAccount(),
  ...tokenProgramsAndSysvar(),
} as const;

export type DepositLiquidityAndCollateralAccounts = DeclaredAccounts<typeof depositLiquidityAndCollateralDeclarations>;

export function depositLiquidityAndCollateralConstraints(a: DepositLiquidityAndCollateralAccounts, ctx: InstructionContext) {
  const r = a.reserve.state;
  return {
    ...obligationOwnerConstraints(ctx, a),
    reserve: () => checkHasOne(a.reserve, r.lendingMarket, a.lendingMarket),
    reserveLiquidityMint: () => checkAddress(a.reserveLiquidityMint, r.liquidity.mintPubkey),
    reserveLiquiditySupply: () => checkAddress(a.reserveLiquiditySupply, r.liquidity.supplyVault),
    reserveCollateralMint: () => checkAddress(a.reserveCollateralMint, r.collateral.mintPubkey),
    reserveDestinationDepositCollateral: () => checkAddress(a.reserveDestinationDepositCollateral, r.collateral.supplyVault),
    userSourceLiquidity: () => checkTokenConstraints(a.userSourceLiquidity, { mint: r.liquidity.mintPubkey, authority: a.owner.key }),
    instructionSysvarAccount: () => checkInstructionSysvar(a.instructionSysvarAccount),
  };
}

const DepositAccounts = declareAccounts(depositLiquidityAndCollateralDeclarations, depositLiquidityAndCollateralConstraints);

/** The deposit both forms make once their accounts are loaded. */
export function processDepositLiquidityAndCollateral(
  ctx: InstructionContext,
  a: DepositLiquidityAndCollateralAccounts,
  liquidityAmount: bigint,
): void {
  const { owner, lendingMarket: market, obligation, reserve } = a;
  const r = reserve.state;
  const source = a.userSourceLiquidity;
  const supply = a.reserveLiquiditySupply;
  checkEmergencyMode(market.state);
  checkNotReserveVault(source, r);
  checkReserveUsable(r, true);
  checkLiquidityToken(a.reserveLiquidityMint, source, (m) => ctx.log(m));

  const log = (m: string) => ctx.log(m);
  const authoritySeeds = marketAuthoritySigner(ctx, a.lendingMarketAuthority, market);
  refreshReserve(r, ctx.clock, null, market.state.referralFeeBps);
  const before = snapshotVault(supply, reserve);
  const moved = depositReserveLiquidity(r, ctx.clock, liquidityAmount, log);
  refreshReserve(r, ctx.clock, null, market.state.referralFeeBps);
  depositObligationCollateral(market.state, r, reserve.key, obligation.state, ctx.clock, moved.collateral, log);
  ctx.log(`pnl: Deposit reserve liquidity ${moved.liquidity} and obligation collateral ${moved.collateral}`);
  const decimals = a.reserveLiquidityMint.mint.decimals;
  transferChecked(ctx, { source, mint: a.reserveLiquidityMint, destination: supply, authority: owner }, moved.liquidity, decimals, null);
  mintTo(ctx, a.reserveCollateralMint, a.reserveDestinationDepositCollateral, a.lendingMarketAuthority, moved.collateral, authoritySeeds);
  checkVaultAfterTransfer(before, supply, reserve, moved.liquidity);
  reserve.save();
  obligation.save();
}

export const depositLiquidityAndCollateral: MarketInstruction = {
  name: "deposit_reserve_liquidity_and_obligation_collateral",
  units: 20_000,
  accounts: DepositAccounts,
  run(ctx, _checks, args) {
    const { liquidityAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.deposit_reserve_liquidity_and_obligation_collateral.args);
    const { accounts: a } = DepositAccounts.load(ctx);
    checkRefreshInstructions(ctx, a.instructionSysvarAccount, a.obligation.key, [
      { key: a.reserve.key, state: a.reserve.state, kind: ReserveFarmKind.Collateral },
    ]);
    processDepositLiquidityAndCollateral(ctx, a, liquidityAmount);
  },
};
