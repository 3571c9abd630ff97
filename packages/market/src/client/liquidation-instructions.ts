// Builders for liquidation and the instructions around it: liquidating an obligation and redeeming the seized
// collateral, the risk council's loss socialisation and deleveraging marks, and the owner's obligation orders.
import { SYSVAR_INSTRUCTIONS_PUBKEY, type TransactionInstruction } from "@solana/web3.js";
import { SPL_TOKEN_PROGRAM_ID } from "../program-ids.js";
import type { ObligationOrder } from "../state/obligation.js";
import { accountMeta, buildInstruction, type Key } from "@ballast/codec";
import { type ReserveAccounts, lendingMarketAuthority } from "./addresses.js";
import { type ProgramOption, programIdOf } from "./coder.js";
import { KLEND_INSTRUCTIONS } from "./instructions.js";

/** The obligation's deposit reserves as the remaining accounts that keep elevation-group debt counters. */
function depositReserveMetas(depositReserves: readonly Key[] | undefined) {
  return (depositReserves ?? []).map((reserve) => accountMeta(reserve, { writable: true }));
}

export interface LiquidateParams extends ProgramOption {
  liquidator: Key;
  obligation: Key;
  /** The reserve of the debt repaid. */
  repayReserve: ReserveAccounts;
  /** The reserve of the collateral seized. */
  withdrawReserve: ReserveAccounts;
  /** The liquidator's account of the debt's token, paying the repayment. */
  userSourceLiquidity: Key;
  /** The liquidator's account of the withdraw reserve's cToken, receiving the seized cTokens. */
  userDestinationCollateral: Key;
  /** The liquidator's account of the collateral's token, receiving the redeemed liquidity (the fee is paid from it). */
  userDestinationLiquidity: Key;
  /** The most debt to repay, native units. */
  liquidityAmount: bigint;
  /** The least the liquidator accepts to net, native units; default 0. */
  minAcceptableReceivedLiquidityAmount?: bigint;
  /** Honoured only on klend's staging build; default 0. */
  maxAllowedLtvOverridePercent?: bigint;
  /** The obligation's deposit reserves, needed when it is in an elevation group. */
  depositReserves?: readonly Key[];
}

export function liquidateObligationAndRedeemReserveCollateralInstruction(p: LiquidateParams): TransactionInstruction {
  const programId = programIdOf(p);
  const repay = p.repayReserve;
  const withdraw = p.withdrawReserve;
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "liquidate_obligation_and_redeem_reserve_collateral", {
    accounts: {
      liquidator: p.liquidator,
      obligation: p.obligation,
      lendingMarket: repay.lendingMarket,
      lendingMarketAuthority: lendingMarketAuthority(repay.lendingMarket, programId),
      repayReserve: repay.reserve,
      repayReserveLiquidityMint: repay.liquidityMint,
      repayReserveLiquiditySupply: repay.liquiditySupply,
      withdrawReserve: withdraw.reserve,
      withdrawReserveLiquidityMint: withdraw.liquidityMint,
      withdrawReserveCollateralMint: withdraw.collateralMint,
      withdrawReserveCollateralSupply: withdraw.collateralSupply,
      withdrawReserveLiquiditySupply: withdraw.liquiditySupply,
      withdrawReserveLiquidityFeeReceiver: withdraw.feeReceiver,
      userSourceLiquidity: p.userSourceLiquidity,
      userDestinationCollateral: p.userDestinationCollateral,
      userDestinationLiquidity: p.userDestinationLiquidity,
      collateralTokenProgram: SPL_TOKEN_PROGRAM_ID,
      repayLiquidityTokenProgram: repay.liquidityTokenProgram,
      withdrawLiquidityTokenProgram: withdraw.liquidityTokenProgram,
      instructionSysvarAccount: SYSVAR_INSTRUCTIONS_PUBKEY,
    },
    args: {
      liquidityAmount: p.liquidityAmount,
      minAcceptableReceivedLiquidityAmount: p.minAcceptableReceivedLiquidityAmount ?? 0n,
      maxAllowedLtvOverridePercent: p.maxAllowedLtvOverridePercent ?? 0n,
    },
    remainingAccounts: depositReserveMetas(p.depositReserves),
  });
}

export interface SocializeLossParams extends ProgramOption {
  riskCouncil: Key;
  obligation: Key;
  lendingMarket: Key;
  /** The reserve of the debt forgiven. */
  reserve: Key;
  /** Native units of debt to forgive (at most the whole debt). */
  liquidityAmount: bigint;
  /** The obligation's deposit reserves, needed when it is in an elevation group. */
  depositReserves?: readonly Key[];
}

export function socializeLossInstruction(p: SocializeLossParams): TransactionInstruction {
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "socialize_loss", {
    accounts: {
      riskCouncil: p.riskCouncil,
      obligation: p.obligation,
      lendingMarket: p.lendingMarket,
      reserve: p.reserve,
      instructionSysvarAccount: SYSVAR_INSTRUCTIONS_PUBKEY,
    },
    args: { liquidityAmount: p.liquidityAmount },
    remainingAccounts: depositReserveMetas(p.depositReserves),
  });
}

export interface MarkObligationForDeleveragingParams extends ProgramOption {
  riskCouncil: Key;
  obligation: Key;
  lendingMarket: Key;
  /** The LTV percent deleveraging brings the obligation down to; NO_DELEVERAGING_MARKER (255) unmarks it. */
  autodeleverageTargetLtvPct: number;
}

export function markObligationForDeleveragingInstruction(p: MarkObligationForDeleveragingParams): TransactionInstruction {
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "mark_obligation_for_deleveraging", {
    accounts: { riskCouncil: p.riskCouncil, obligation: p.obligation, lendingMarket: p.lendingMarket },
    args: { autodeleverageTargetLtvPct: p.autodeleverageTargetLtvPct },
  });
}

export interface SetObligationOrderParams extends ProgramOption {
  owner: Key;
  obligation: Key;
  lendingMarket: Key;
  /** 0 or 1. */
  index: number;
  /** The order; an all-zero order cancels the one at `index`. */
  order: ObligationOrder;
}

export function setObligationOrderInstruction(p: SetObligationOrderParams): TransactionInstruction {
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "set_obligation_order", {
    accounts: { owner: p.owner, obligation: p.obligation, lendingMarket: p.lendingMarket },
    args: { index: p.index, order: { ...p.order, padding1: new Uint8Array(10), padding2: [0n, 0n, 0n, 0n, 0n] } },
  });
}
