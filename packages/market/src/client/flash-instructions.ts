// Builders for flash loans: the borrow and its repay share one account list, so the repay matches the borrow the
// program looks for; `flashLoanInstructions` wraps instructions in the pair with the repay pointing at the borrow.
import { SYSVAR_INSTRUCTIONS_PUBKEY, type TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, type Key } from "@ballast/codec";
import { type ReserveAccounts, lendingMarketAuthority, referrerTokenStateAddress } from "./addresses.js";
import { type ProgramOption, programIdOf } from "./coder.js";
import { KLEND_INSTRUCTIONS } from "./instructions.js";

export interface FlashLoanParams extends ProgramOption {
  /** Signs the repay's transfer out of `userLiquidity`. */
  userTransferAuthority: Key;
  reserve: ReserveAccounts;
  /** The user's token account of the reserve's liquidity mint: the borrow pays into it, the repay takes from it. */
  userLiquidity: Key;
  liquidityAmount: bigint;
  /** A referrer with a ReferrerTokenState for the reserve, credited with the referral part of the fee. */
  referrer?: Key | null;
}

function flashAccounts(p: FlashLoanParams) {
  const programId = programIdOf(p);
  const r = p.reserve;
  return {
    userTransferAuthority: p.userTransferAuthority,
    lendingMarketAuthority: lendingMarketAuthority(r.lendingMarket, programId),
    lendingMarket: r.lendingMarket,
    reserve: r.reserve,
    reserveLiquidityMint: r.liquidityMint,
    reserveLiquidityFeeReceiver: r.feeReceiver,
    referrerTokenState: p.referrer ? referrerTokenStateAddress(p.referrer, r.reserve, programId) : null,
    referrerAccount: p.referrer ?? null,
    sysvarInfo: SYSVAR_INSTRUCTIONS_PUBKEY,
    tokenProgram: r.liquidityTokenProgram,
  };
}

export function flashBorrowReserveLiquidityInstruction(p: FlashLoanParams): TransactionInstruction {
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "flash_borrow_reserve_liquidity", {
    accounts: { ...flashAccounts(p), reserveSourceLiquidity: p.reserve.liquiditySupply, userDestinationLiquidity: p.userLiquidity },
    args: { liquidityAmount: p.liquidityAmount },
  });
}

export interface FlashRepayParams extends FlashLoanParams {
  /** Where the flash borrow sits in the transaction. */
  borrowInstructionIndex: number;
}

export function flashRepayReserveLiquidityInstruction(p: FlashRepayParams): TransactionInstruction {
  return buildInstruction(programIdOf(p), KLEND_INSTRUCTIONS, "flash_repay_reserve_liquidity", {
    accounts: { ...flashAccounts(p), reserveDestinationLiquidity: p.reserve.liquiditySupply, userSourceLiquidity: p.userLiquidity },
    args: { liquidityAmount: p.liquidityAmount, borrowInstructionIndex: p.borrowInstructionIndex },
  });
}

/**
 * `inner` between a flash borrow and its repay, for a transaction whose first `borrowInstructionIndex` instructions
 * come before these (0 when they start it).
 */
export function flashLoanInstructions(
  p: FlashLoanParams & { borrowInstructionIndex?: number },
  inner: readonly TransactionInstruction[],
): TransactionInstruction[] {
  const borrowInstructionIndex = p.borrowInstructionIndex ?? 0;
  return [flashBorrowReserveLiquidityInstruction(p), ...inner, flashRepayReserveLiquidityInstruction({ ...p, borrowInstructionIndex })];
}
