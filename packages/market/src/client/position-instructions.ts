// Builders for users' instructions: user metadata and obligations, supplying for cTokens, collateral in and out of
// obligations, borrowing and repaying. Reserve-side accounts come from a ReserveAccounts (reserveAccountsOf /
// reserveAccountsFor); the market authority is derived from the reserve's market.
import { SYSVAR_INSTRUCTIONS_PUBKEY, SYSVAR_RENT_PUBKEY, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { SPL_TOKEN_PROGRAM_ID, ZERO_PUBKEY } from "../program-ids.js";
import { type Obligation, activeBorrows, activeDeposits } from "../state/obligation.js";
import type { Reserve } from "../state/reserve.js";
import { refreshReserveInstructionFor } from "./admin-instructions.js";
import { reserveRefreshInstructions } from "./refresh-batch-instructions.js";
import {
  type ReserveAccounts,
  lendingMarketAuthority,
  obligationAddress,
  referrerTokenStateAddress,
  userMetadataAddress,
} from "./addresses.js";
import { accountMeta, buildInstruction, toPublicKey, type Key } from "@ballast/codec";
import { type ProgramOption, programIdOf } from "./coder.js";
import { KLEND_INSTRUCTIONS } from "./instructions.js";

export interface InitUserMetadataParams extends ProgramOption {
  owner: Key;
  feePayer: Key;
  /** Default: the zero address. */
  userLookupTable?: Key;
  /** The wallet that referred this one (it has user metadata of its own); recorded as the referrer. */
  referrer?: Key | null;
}

export function initUserMetadataInstruction(p: InitUserMetadataParams): TransactionInstruction {
  const programId = programIdOf(p);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "init_user_metadata", {
    accounts: {
      owner: p.owner,
      feePayer: p.feePayer,
      userMetadata: userMetadataAddress(p.owner, programId),
      referrerUserMetadata: p.referrer ? userMetadataAddress(p.referrer, programId) : null,
      rent: SYSVAR_RENT_PUBKEY,
      systemProgram: SystemProgram.programId,
    },
    args: { userLookupTable: p.userLookupTable ?? ZERO_PUBKEY },
  });
}

export interface InitObligationParams extends ProgramOption {
  obligationOwner: Key;
  feePayer: Key;
  lendingMarket: Key;
  /** Default 0 (vanilla). */
  tag?: number;
  /** Default 0. */
  id?: number;
  seed1?: Key;
  seed2?: Key;
}

export function initObligationInstruction(p: InitObligationParams): TransactionInstruction {
  const programId = programIdOf(p);
  const tag = p.tag ?? 0;
  const id = p.id ?? 0;
  const seed1 = p.seed1 ?? ZERO_PUBKEY;
  const seed2 = p.seed2 ?? ZERO_PUBKEY;
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "init_obligation", {
    accounts: {
      obligationOwner: p.obligationOwner,
      feePayer: p.feePayer,
      obligation: obligationAddress({ tag, id, owner: p.obligationOwner, lendingMarket: p.lendingMarket, seed1, seed2 }, programId),
      lendingMarket: p.lendingMarket,
      seed1Account: seed1,
      seed2Account: seed2,
      ownerUserMetadata: userMetadataAddress(p.obligationOwner, programId),
      rent: SYSVAR_RENT_PUBKEY,
      systemProgram: SystemProgram.programId,
    },
    args: { tag, id },
  });
}

export interface RefreshObligationParams extends ProgramOption {
  lendingMarket: Key;
  obligation: Key;
  /** Reserves of the active deposit slots, in slot order. */
  depositReserves: readonly Key[];
  /** Reserves of the active borrow slots, in slot order. */
  borrowReserves: readonly Key[];
  /** The obligation's referrer, whose ReferrerTokenState of each borrow reserve follows the reserves. */
  referrer?: Key | null;
  /** The obligation is in an elevation group: its deposit reserves' group debt counters change, so they are writable. */
  inElevationGroup?: boolean;
}

export function refreshObligationInstruction(p: RefreshObligationParams): TransactionInstruction {
  const programId = programIdOf(p);
  const referrer = p.referrer && toPublicKey(p.referrer).toBase58() !== ZERO_PUBKEY ? p.referrer : null;
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "refresh_obligation", {
    accounts: { lendingMarket: p.lendingMarket, obligation: p.obligation },
    remainingAccounts: [
      ...p.depositReserves.map((reserve) => accountMeta(reserve, { writable: p.inElevationGroup ?? false })),
      ...p.borrowReserves.map((reserve) => accountMeta(reserve, { writable: true })),
      ...(referrer
        ? p.borrowReserves.map((reserve) => accountMeta(referrerTokenStateAddress(referrer, reserve, programId), { writable: true }))
        : []),
    ],
  });
}

/** refresh_obligation with the reserves the decoded obligation's slots name. */
export function refreshObligationInstructionFor(obligation: Key, state: Obligation, options: ProgramOption = {}): TransactionInstruction {
  return refreshObligationInstruction({
    ...options,
    lendingMarket: state.lendingMarket,
    obligation,
    depositReserves: activeDeposits(state).map((d) => d.depositReserve),
    borrowReserves: activeBorrows(state).map((b) => b.borrowReserve),
    referrer: state.referrer,
    inElevationGroup: state.elevationGroup !== 0,
  });
}

/** A reserve with its decoded state. */
export interface LoadedReserve {
  address: Key;
  state: Reserve;
}

/**
 * What an obligation action needs first in its transaction: a refresh of every reserve it touches (those in the
 * obligation's slots and the one acted on), then refresh_obligation. The last `actedOn` reserves of the list (default
 * one: list the reserve acted on last; a liquidation lists its withdraw then its repay reserve, or the one reserve
 * when both are the same, with `actedOn` 2 or 1) get a refresh_reserve each right before refresh_obligation, as the
 * v1 position instructions require; the others are refreshed first, in one batch when that is smaller.
 */
export function obligationRefreshInstructions(
  obligation: Key,
  state: Obligation,
  reserves: readonly LoadedReserve[],
  options: ProgramOption & { actedOn?: number } = {},
): TransactionInstruction[] {
  const split = Math.max(0, reserves.length - (options.actedOn ?? 1));
  return [
    ...reserveRefreshInstructions(reserves.slice(0, split), options),
    ...reserves.slice(split).map((r) => refreshReserveInstructionFor(r.address, r.state, options)),
    refreshObligationInstructionFor(obligation, state, options),
  ];
}

/** The collateral (SPL Token) and liquidity token programs, then the instructions sysvar, that close position instructions. */
function tokenProgramsAndSysvar(reserve: ReserveAccounts) {
  return {
    collateralTokenProgram: SPL_TOKEN_PROGRAM_ID,
    liquidityTokenProgram: reserve.liquidityTokenProgram,
    instructionSysvarAccount: SYSVAR_INSTRUCTIONS_PUBKEY,
  };
}

/** The reserve's market and the market's authority PDA. */
function marketOf(reserve: ReserveAccounts, p: ProgramOption) {
  return { lendingMarket: reserve.lendingMarket, lendingMarketAuthority: lendingMarketAuthority(reserve.lendingMarket, programIdOf(p)) };
}

export interface DepositReserveLiquidityParams extends ProgramOption {
  owner: Key;
  reserve: ReserveAccounts;
  userSourceLiquidity: Key;
  /** A token account of the reserve's cToken mint. */
  userDestinationCollateral: Key;
  liquidityAmount: bigint;
}

export function depositReserveLiquidityInstruction(p: DepositReserveLiquidityParams): TransactionInstruction {
  const r = p.reserve;
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "deposit_reserve_liquidity", {
    accounts: {
      owner: p.owner,
      reserve: r.reserve,
      ...marketOf(r, p),
      reserveLiquidityMint: r.liquidityMint,
      reserveLiquiditySupply: r.liquiditySupply,
      reserveCollateralMint: r.collateralMint,
      userSourceLiquidity: p.userSourceLiquidity,
      userDestinationCollateral: p.userDestinationCollateral,
      ...tokenProgramsAndSysvar(r),
    },
    args: { liquidityAmount: p.liquidityAmount },
  });
}

export interface RedeemReserveCollateralParams extends ProgramOption {
  owner: Key;
  reserve: ReserveAccounts;
  userSourceCollateral: Key;
  userDestinationLiquidity: Key;
  collateralAmount: bigint;
}

export function redeemReserveCollateralInstruction(p: RedeemReserveCollateralParams): TransactionInstruction {
  const r = p.reserve;
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "redeem_reserve_collateral", {
    accounts: {
      owner: p.owner,
      ...marketOf(r, p),
      reserve: r.reserve,
      reserveLiquidityMint: r.liquidityMint,
      reserveCollateralMint: r.collateralMint,
      reserveLiquiditySupply: r.liquiditySupply,
      userSourceCollateral: p.userSourceCollateral,
      userDestinationLiquidity: p.userDestinationLiquidity,
      ...tokenProgramsAndSysvar(r),
    },
    args: { collateralAmount: p.collateralAmount },
  });
}

export interface DepositLiquidityAndCollateralParams extends ProgramOption {
  owner: Key;
  obligation: Key;
  reserve: ReserveAccounts;
  userSourceLiquidity: Key;
  liquidityAmount: bigint;
}

export function depositReserveLiquidityAndObligationCollateralInstruction(p: DepositLiquidityAndCollateralParams): TransactionInstruction {
  const r = p.reserve;
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "deposit_reserve_liquidity_and_obligation_collateral", {
    accounts: {
      owner: p.owner,
      obligation: p.obligation,
      ...marketOf(r, p),
      reserve: r.reserve,
      reserveLiquidityMint: r.liquidityMint,
      reserveLiquiditySupply: r.liquiditySupply,
      reserveCollateralMint: r.collateralMint,
      reserveDestinationDepositCollateral: r.collateralSupply,
      userSourceLiquidity: p.userSourceLiquidity,
      ...tokenProgramsAndSysvar(r),
    },
    args: { liquidityAmount: p.liquidityAmount },
  });
}

export interface WithdrawCollateralAndRedeemParams extends ProgramOption {
  owner: Key;
  obligation: Key;
  reserve: ReserveAccounts;
  userDestinationLiquidity: Key;
  /** cTokens; u64::MAX withdraws as many as allowed. */
  collateralAmount: bigint;
}

export function withdrawObligationCollateralAndRedeemReserveCollateralInstruction(
  p: WithdrawCollateralAndRedeemParams,
): TransactionInstruction {
  const r = p.reserve;
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "withdraw_obligation_collateral_and_redeem_reserve_collateral", {
    accounts: {
      owner: p.owner,
      obligation: p.obligation,
      ...marketOf(r, p),
      withdrawReserve: r.reserve,
      reserveLiquidityMint: r.liquidityMint,
      reserveSourceCollateral: r.collateralSupply,
      reserveCollateralMint: r.collateralMint,
      reserveLiquiditySupply: r.liquiditySupply,
      userDestinationLiquidity: p.userDestinationLiquidity,
      ...tokenProgramsAndSysvar(r),
    },
    args: { collateralAmount: p.collateralAmount },
  });
}

export interface BorrowObligationLiquidityParams extends ProgramOption {
  owner: Key;
  obligation: Key;
  reserve: ReserveAccounts;
  userDestinationLiquidity: Key;
  /** Native units to receive; u64::MAX borrows all that is allowed. */
  liquidityAmount: bigint;
  /** The obligation's referrer (required when it has one): its ReferrerTokenState of the reserve is credited. */
  referrer?: Key | null;
  /**
   * The obligation's deposit reserves in slot order, needed inside an elevation group (their group debt counters
   * change; passed writable).
   */
  depositReserves?: readonly Key[];
}

export function borrowObligationLiquidityInstruction(p: BorrowObligationLiquidityParams): TransactionInstruction {
  const r = p.reserve;
  const referrerTokenState = p.referrer ? referrerTokenStateAddress(p.referrer, r.reserve, programIdOf(p)) : null;
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "borrow_obligation_liquidity", {
    accounts: {
      owner: p.owner,
      obligation: p.obligation,
      ...marketOf(r, p),
      borrowReserve: r.reserve,
      borrowReserveLiquidityMint: r.liquidityMint,
      reserveSourceLiquidity: r.liquiditySupply,
      borrowReserveLiquidityFeeReceiver: r.feeReceiver,
      userDestinationLiquidity: p.userDestinationLiquidity,
      referrerTokenState,
      tokenProgram: r.liquidityTokenProgram,
      instructionSysvarAccount: SYSVAR_INSTRUCTIONS_PUBKEY,
    },
    args: { liquidityAmount: p.liquidityAmount },
    remainingAccounts: (p.depositReserves ?? []).map((reserve) => accountMeta(reserve, { writable: true })),
  });
}

export interface RepayObligationLiquidityParams extends ProgramOption {
  owner: Key;
  obligation: Key;
  reserve: ReserveAccounts;
  userSourceLiquidity: Key;
  /** Native units; u64::MAX repays the whole debt. */
  liquidityAmount: bigint;
  /**
   * The obligation's deposit reserves in slot order, needed inside an elevation group (their group debt counters
   * change; passed writable).
   */
  depositReserves?: readonly Key[];
}

export function repayObligationLiquidityInstruction(p: RepayObligationLiquidityParams): TransactionInstruction {
  const r = p.reserve;
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "repay_obligation_liquidity", {
    accounts: {
      owner: p.owner,
      obligation: p.obligation,
      lendingMarket: r.lendingMarket,
      repayReserve: r.reserve,
      reserveLiquidityMint: r.liquidityMint,
      reserveDestinationLiquidity: r.liquiditySupply,
      userSourceLiquidity: p.userSourceLiquidity,
      tokenProgram: r.liquidityTokenProgram,
      instructionSysvarAccount: SYSVAR_INSTRUCTIONS_PUBKEY,
    },
    args: { liquidityAmount: p.liquidityAmount },
    remainingAccounts: (p.depositReserves ?? []).map((reserve) => accountMeta(reserve, { writable: true })),
  });
}

export interface RequestElevationGroupParams extends ProgramOption {
  owner: Key;
  obligation: Key;
  lendingMarket: Key;
  /** The group id, 1–32; 0 leaves elevation groups. */
  elevationGroup: number;
  /** Reserves of the active deposit slots, in slot order. */
  depositReserves: readonly Key[];
  /** Reserves of the active borrow slots, in slot order. */
  borrowReserves: readonly Key[];
}

export function requestElevationGroupInstruction(p: RequestElevationGroupParams): TransactionInstruction {
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "request_elevation_group", {
    accounts: { owner: p.owner, obligation: p.obligation, lendingMarket: p.lendingMarket },
    args: { elevationGroup: p.elevationGroup },
    remainingAccounts: [...p.depositReserves, ...p.borrowReserves].map((reserve) => accountMeta(reserve, { writable: true })),
  });
}

/** request_elevation_group with the reserves the decoded obligation's slots name. */
export function requestElevationGroupInstructionFor(
  obligation: Key,
  state: Obligation,
  elevationGroup: number,
  options: ProgramOption = {},
): TransactionInstruction {
  return requestElevationGroupInstruction({
    ...options,
    owner: state.owner,
    obligation,
    lendingMarket: state.lendingMarket,
    elevationGroup,
    depositReserves: activeDeposits(state).map((d) => d.depositReserve),
    borrowReserves: activeBorrows(state).map((b) => b.borrowReserve),
  });
}
