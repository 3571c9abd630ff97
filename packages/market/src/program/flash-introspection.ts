// klend's flash_ixs: a flash borrow and its repay find each other through the instructions sysvar. Both must be
// top-level instructions of this program; the borrow scans the rest of the transaction for exactly one matching repay
// (same amount, pointing back at it, the same accounts) and no other flash borrow; the repay checks the borrow it
// names.
import { AnchorArgsReader } from "@ballast/anchor";
import { decodeArgs, instructionDiscriminator } from "@ballast/codec";
import {
  InstructionError,
  loadCurrentIndexChecked,
  loadInstructionAtChecked,
  type InstructionAccount,
  type InstructionContext,
  type SysvarInstruction,
} from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { fail } from "../errors.js";

const FLASH_BORROW = instructionDiscriminator("flash_borrow_reserve_liquidity");
const FLASH_REPAY = instructionDiscriminator("flash_repay_reserve_liquidity");

/** The reserve's position in both flash instructions' account lists. */
const RESERVE_ACCOUNT_INDEX = 3;

const isInstruction = (ix: SysvarInstruction, discriminator: Buffer): boolean =>
  ix.data.length >= 8 && ix.data.subarray(0, 8).equals(discriminator);

/** The executing top-level instruction's index, or null when this call is a CPI (another program's, or nested). */
function topLevelIndex(ctx: InstructionContext, sysvar: InstructionAccount): number | null {
  const current = loadCurrentIndexChecked(sysvar);
  if (loadInstructionAtChecked(current, sysvar).programId !== ctx.programId) return null;
  return ctx.stackHeight > 1 ? null : current;
}

/** The transaction's instructions after `index`, as klend's iterator reads them until the sysvar runs out. */
function* instructionsAfter(sysvar: InstructionAccount, index: number): Generator<SysvarInstruction> {
  for (let i = index + 1; ; i++) {
    let ix: SysvarInstruction;
    try {
      ix = loadInstructionAtChecked(i, sysvar);
    } catch (error) {
      if (error instanceof InstructionError && error.value === "InvalidArgument") return;
      throw error;
    }
    yield ix;
  }
}

function repayArgs(ix: SysvarInstruction) {
  return decodeArgs(new AnchorArgsReader(ix.data.subarray(8)), KLEND_INSTRUCTIONS.flash_repay_reserve_liquidity.args);
}

function checkMatchingRepay(
  amount: bigint,
  borrow: SysvarInstruction,
  repay: SysvarInstruction,
  borrowIndex: number,
  log: (m: string) => void,
): void {
  const { liquidityAmount, borrowInstructionIndex } = repayArgs(repay);
  if (liquidityAmount !== amount) {
    log("Liquidity amount for flash repay doesn't match borrow");
    fail("InvalidFlashRepay");
  }
  if (borrowInstructionIndex !== borrowIndex) {
    log(`Borrow instruction index ${borrowInstructionIndex} for flash repay doesn't match current index ${borrowIndex}`);
    fail("InvalidFlashRepay");
  }
  if (repay.accounts.length !== borrow.accounts.length) {
    log("Number of accounts mismatch between first and second ix of couple");
    fail("InvalidFlashRepay");
  }
  borrow.accounts.forEach((account, i) => {
    const other = repay.accounts[i]?.pubkey;
    if (account.pubkey !== other) {
      log(`Some accounts in flash tx couple differs. index: ${i}, borrow:${account.pubkey}, repay:${other}`);
      fail("InvalidFlashRepay");
    }
  });
}

/** The flash borrow's introspection: top level, one matching repay later in the transaction, no second borrow. */
export function checkFlashBorrow(ctx: InstructionContext, sysvar: InstructionAccount, amount: bigint): void {
  const log = (m: string) => ctx.log(m);
  const current = topLevelIndex(ctx, sysvar);
  if (current === null) {
    log("Flash Borrow was called via CPI!");
    fail("FlashBorrowCpi");
  }
  const borrow = loadInstructionAtChecked(current, sysvar);
  let foundRepay = false;
  for (const ix of instructionsAfter(sysvar, current)) {
    if (ix.programId !== ctx.programId) continue;
    if (isInstruction(ix, FLASH_BORROW)) {
      log("Multiple flash borrows not allowed");
      fail("MultipleFlashBorrows");
    }
    if (isInstruction(ix, FLASH_REPAY)) {
      if (foundRepay) {
        log("Multiple flash repays not allowed");
        fail("MultipleFlashBorrows");
      }
      checkMatchingRepay(amount, borrow, ix, current, log);
      foundRepay = true;
    }
  }
  if (!foundRepay) {
    log("No flash repay found");
    fail("NoFlashRepayFound");
  }
}

/** The flash repay's introspection: top level, and the instruction it names is this program's flash borrow of the same reserve and amount. */
export function checkFlashRepay(
  ctx: InstructionContext,
  sysvar: InstructionAccount,
  reserve: string,
  amount: bigint,
  borrowInstructionIndex: number,
): void {
  const log = (m: string) => ctx.log(m);
  const current = topLevelIndex(ctx, sysvar);
  if (current === null) {
    log("Flash Repay was called via CPI!");
    fail("FlashRepayCpi");
  }
  if (borrowInstructionIndex > current) {
    log(`Flash repay: borrow instruction index ${borrowInstructionIndex} has to be less than current index ${current}`);
    fail("InvalidFlashRepay");
  }
  const borrow = loadInstructionAtChecked(borrowInstructionIndex, sysvar);
  if (borrow.programId !== ctx.programId) {
    log(`Flash repay: supplied instruction index ${borrowInstructionIndex} doesn't belong to program id ${ctx.programId}`);
    fail("InvalidFlashRepay");
  }
  if (!isInstruction(borrow, FLASH_BORROW)) {
    log("Flash repay: Supplied borrow instruction index is not a flash borrow");
    fail("InvalidFlashRepay");
  }
  if (borrow.accounts[RESERVE_ACCOUNT_INDEX]?.pubkey !== reserve) {
    log("Invalid reserve account on flash repay");
    fail("InvalidFlashRepay");
  }
  if (borrow.data.length < 16 || borrow.data.readBigUInt64LE(8) !== amount) {
    log("Liquidity amount for flash repay doesn't match borrow");
    fail("InvalidFlashRepay");
  }
}
