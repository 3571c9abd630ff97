// Builders for users' instructions: user metadata and obligations, supplying for cTokens, collateral in and out of
// obligations, borrowing and repaying. Reserve-side accounts come from a ReserveAccounts (reserveAccountsOf /
// reserveAccountsFor); the market authority is derived from the reserve's market.
import { SYSVAR_INSTRUCTIONS_PUBKEY, SYSVAR_RENT_PUBKEY, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { SPL_TOKEN_PROGRAM_ID, ZERO_PUBKEY } from "../program-ids.js";
import { type Obligation, activeBorrows, activeDeposits } from "../state/obligation.js";
import type { Reserve } from "../state/reserve.js";
import { refreshReserveInstructionFor } from "./admin-instructions.js";
import { type ReserveAccounts, lendingMarketAuthority, obligationAddress, userMetadataAddress } from "./addresses.js";
import { type ProgramOption, buildInstruction, optionalAccount, programIdOf, readonly, signer, u64, writable } from "./coder.js";
import { type Key, toPublicKey } from "./seeds.js";

export interface InitUserMetadataParams extends ProgramOption {
  owner: Key;
  feePayer: Key;
  /** Default: the zero address. */
  userLookupTable?: Key;
}

export function initUserMetadataInstruction(p: InitUserMetadataParams): TransactionInstruction {
  const programId = programIdOf(p);
  return buildInstruction(
    programId,
    "init_user_metadata",
    [
      signer(p.owner),
      signer(p.feePayer, true),
      writable(userMetadataAddress(p.owner, programId)),
      optionalAccount(null, programId),
      readonly(SYSVAR_RENT_PUBKEY),
      readonly(SystemProgram.programId),
    ],
    [toPublicKey(p.userLookupTable ?? ZERO_PUBKEY).toBuffer()],
  );
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
  return buildInstruction(
    programId,
    "init_obligation",
    [
      signer(p.obligationOwner),
      signer(p.feePayer, true),
      writable(obligationAddress({ tag, id, owner: p.obligationOwner, lendingMarket: p.lendingMarket, seed1, seed2 }, programId)),
      readonly(p.lendingMarket),
      readonly(seed1),
      readonly(seed2),
      readonly(userMetadataAddress(p.obligationOwner, programId)),
      readonly(SYSVAR_RENT_PUBKEY),
      readonly(SystemProgram.programId),
    ],
    [Buffer.from([tag, id])],
  );
}

export interface RefreshObligationParams extends ProgramOption {
  lendingMarket: Key;
  obligation: Key;
  /** Reserves of the active deposit slots, in slot order. */
  depositReserves: readonly Key[];
  /** Reserves of the active borrow slots, in slot order. */
  borrowReserves: readonly Key[];
}

export function refreshObligationInstruction(p: RefreshObligationParams): TransactionInstruction {
  return buildInstruction(programIdOf(p), "refresh_obligation", [
    readonly(p.lendingMarket),
    writable(p.obligation),
    ...p.depositReserves.map(readonly),
    ...p.borrowReserves.map(writable),
  ]);
}

/** refresh_obligation with the reserves the decoded obligation's slots name. */
export function refreshObligationInstructionFor(obligation: Key, state: Obligation, options: ProgramOption = {}): TransactionInstruction {
  return refreshObligationInstruction({
    ...options,
    lendingMarket: state.lendingMarket,
    obligation,
    depositReserves: activeDeposits(state).map((d) => d.depositReserve),
    borrowReserves: activeBorrows(state).map((b) => b.borrowReserve),
  });
}

/** A reserve with its decoded state. */
export interface LoadedReserve {
  address: Key;
  state: Reserve;
}

/**
 * What an obligation action needs first in its transaction: refresh_reserve for every reserve it touches (those in
 * the obligation's slots and the one acted on), then refresh_obligation.
 */
export function obligationRefreshInstructions(
  obligation: Key,
  state: Obligation,
  reserves: readonly LoadedReserve[],
  options: ProgramOption = {},
): TransactionInstruction[] {
  return [
    ...reserves.map((r) => refreshReserveInstructionFor(r.address, r.state, options)),
    refreshObligationInstructionFor(obligation, state, options),
  ];
}

/** The collateral (SPL Token) and liquidity token programs, then the instructions sysvar, that close position instructions. */
function tokenProgramsAndSysvar(reserve: ReserveAccounts) {
  return [readonly(SPL_TOKEN_PROGRAM_ID), readonly(reserve.liquidityTokenProgram), readonly(SYSVAR_INSTRUCTIONS_PUBKEY)];
}

function authorityOf(reserve: ReserveAccounts, p: ProgramOption) {
  return readonly(lendingMarketAuthority(reserve.lendingMarket, programIdOf(p)));
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
  return buildInstruction(
    programIdOf(p),
    "deposit_reserve_liquidity",
    [
      signer(p.owner),
      writable(r.reserve),
      readonly(r.lendingMarket),
      authorityOf(r, p),
      readonly(r.liquidityMint),
      writable(r.liquiditySupply),
      writable(r.collateralMint),
      writable(p.userSourceLiquidity),
      writable(p.userDestinationCollateral),
      ...tokenProgramsAndSysvar(r),
    ],
    [u64(p.liquidityAmount)],
  );
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
  return buildInstruction(
    programIdOf(p),
    "redeem_reserve_collateral",
    [
      signer(p.owner),
      readonly(r.lendingMarket),
      writable(r.reserve),
      authorityOf(r, p),
      readonly(r.liquidityMint),
      writable(r.collateralMint),
      writable(r.liquiditySupply),
      writable(p.userSourceCollateral),
      writable(p.userDestinationLiquidity),
      ...tokenProgramsAndSysvar(r),
    ],
    [u64(p.collateralAmount)],
  );
}

export interface DepositLiquidityAndCollateralParams extends ProgramOption {
  owner: Key;
  obligation: Key;
  reserve: ReserveAccounts;
  userSourceLiquidity: Key;
  liquidityAmount: bigint;
}

export function depositReserveLiquidityAndObligationCollateralInstruction(p: DepositLiquidityAndCollateralParams): TransactionInstruction {
  const programId = programIdOf(p);
  const r = p.reserve;
  return buildInstruction(
    programId,
    "deposit_reserve_liquidity_and_obligation_collateral",
    [
      signer(p.owner, true),
      writable(p.obligation),
      readonly(r.lendingMarket),
      authorityOf(r, p),
      writable(r.reserve),
      readonly(r.liquidityMint),
      writable(r.liquiditySupply),
      writable(r.collateralMint),
      writable(r.collateralSupply),
      writable(p.userSourceLiquidity),
      optionalAccount(null, programId),
      ...tokenProgramsAndSysvar(r),
    ],
    [u64(p.liquidityAmount)],
  );
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
  const programId = programIdOf(p);
  const r = p.reserve;
  return buildInstruction(
    programId,
    "withdraw_obligation_collateral_and_redeem_reserve_collateral",
    [
      signer(p.owner, true),
      writable(p.obligation),
      readonly(r.lendingMarket),
      authorityOf(r, p),
      writable(r.reserve),
      readonly(r.liquidityMint),
      writable(r.collateralSupply),
      writable(r.collateralMint),
      writable(r.liquiditySupply),
      writable(p.userDestinationLiquidity),
      optionalAccount(null, programId),
      ...tokenProgramsAndSysvar(r),
    ],
    [u64(p.collateralAmount)],
  );
}

export interface BorrowObligationLiquidityParams extends ProgramOption {
  owner: Key;
  obligation: Key;
  reserve: ReserveAccounts;
  userDestinationLiquidity: Key;
  /** Native units to receive; u64::MAX borrows all that is allowed. */
  liquidityAmount: bigint;
}

export function borrowObligationLiquidityInstruction(p: BorrowObligationLiquidityParams): TransactionInstruction {
  const programId = programIdOf(p);
  const r = p.reserve;
  return buildInstruction(
    programId,
    "borrow_obligation_liquidity",
    [
      signer(p.owner),
      writable(p.obligation),
      readonly(r.lendingMarket),
      authorityOf(r, p),
      writable(r.reserve),
      readonly(r.liquidityMint),
      writable(r.liquiditySupply),
      writable(r.feeReceiver),
      writable(p.userDestinationLiquidity),
      optionalAccount(null, programId),
      readonly(r.liquidityTokenProgram),
      readonly(SYSVAR_INSTRUCTIONS_PUBKEY),
    ],
    [u64(p.liquidityAmount)],
  );
}

export interface RepayObligationLiquidityParams extends ProgramOption {
  owner: Key;
  obligation: Key;
  reserve: ReserveAccounts;
  userSourceLiquidity: Key;
  /** Native units; u64::MAX repays the whole debt. */
  liquidityAmount: bigint;
}

export function repayObligationLiquidityInstruction(p: RepayObligationLiquidityParams): TransactionInstruction {
  const r = p.reserve;
  return buildInstruction(
    programIdOf(p),
    "repay_obligation_liquidity",
    [
      signer(p.owner),
      writable(p.obligation),
      readonly(r.lendingMarket),
      writable(r.reserve),
      readonly(r.liquidityMint),
      writable(r.liquiditySupply),
      writable(p.userSourceLiquidity),
      readonly(r.liquidityTokenProgram),
      readonly(SYSVAR_INSTRUCTIONS_PUBKEY),
    ],
    [u64(p.liquidityAmount)],
  );
}
