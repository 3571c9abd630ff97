import {
  INSTRUCTIONS_SYSVAR_ID,
  loadCurrentIndexChecked,
  loadInstructionAtChecked,
  type InstructionAccount,
  type InstructionContext,
} from "@ballast/ledger";
import type { LendingAccounts } from "../program/accounts.js";
import { instructionDiscriminator, type InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { hasAccountFlag, setAccountFlag } from "../program/user-accounts.js";
import { AccountFlags } from "../state/flags.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

const END_FLASHLOAN = instructionDiscriminator("lending_account_end_flashloan");

/** [marginfi_account (mut, has_one authority → 6042), authority (signer)], shared by start and end. */
export function flashloanAccount(accounts: LendingAccounts): InstructionAccount {
  const marginfiAccount = accounts.owned(0, "marginfi_account", MarginfiAccountLayout, { writable: true });
  const authority = accounts.signer(1, "authority");
  if (MarginfiAccountLayout.fields.authority.get(marginfiAccount.account.data) !== authority.key) {
    fail("Unauthorized", "marginfi_account");
  }
  return marginfiAccount;
}

/** Both ends of a flash loan refuse disabled (6035), liquidated (6089) and frozen (6103) accounts. */
export function checkFlashloanAccountState(account: Buffer, starting: boolean): void {
  if (hasAccountFlag(account, AccountFlags.ACCOUNT_DISABLED)) fail("AccountDisabled");
  if (starting && hasAccountFlag(account, AccountFlags.ACCOUNT_IN_FLASHLOAN)) fail("IllegalFlashloan");
  if (hasAccountFlag(account, AccountFlags.ACCOUNT_IN_RECEIVERSHIP)) fail("ForbiddenIx");
  if (hasAccountFlag(account, AccountFlags.ACCOUNT_FROZEN)) fail("AccountFrozen");
}

/**
 * The transaction must close the loan itself: this start is a top-level instruction of this program (6091), and
 * the instruction at `endIndex`, after it, is this program's end_flashloan for the same account (6038). An index
 * past the last instruction is the sysvar's own InvalidArgument.
 */
function checkFlashloanCanStart(ctx: InstructionContext, sysvar: InstructionAccount, account: string, endIndex: bigint): void {
  const current = loadCurrentIndexChecked(sysvar);
  if (loadInstructionAtChecked(current, sysvar).programId !== ctx.programId) fail("NotAllowedInCPI");
  if (BigInt(current) >= endIndex) fail("IllegalFlashloan");
  if (ctx.stackHeight !== 1) fail("NotAllowedInCPI");
  const end = loadInstructionAtChecked(Number(endIndex), sysvar);
  if (end.data.length < 8 || !end.data.subarray(0, 8).equals(END_FLASHLOAN)) fail("IllegalFlashloan");
  if (end.programId !== ctx.programId) fail("IllegalFlashloan");
  if (end.accounts[0]?.pubkey !== account) fail("IllegalFlashloan");
}

/**
 * Opens a flash loan (reference §15): until the end instruction, borrows and withdraws skip the Initial check,
 * which end_flashloan then runs once on the final state.
 */
export const lendingAccountStartFlashloan: InstructionHandler = {
  name: "lending_account_start_flashloan",
  units: 8_000,
  run(ctx, accounts, args) {
    const endIndex = args.u64();
    const marginfiAccount = flashloanAccount(accounts);
    const sysvar = accounts.address(accounts.at(2), "ixs_sysvar", INSTRUCTIONS_SYSVAR_ID);
    checkFlashloanCanStart(ctx, sysvar, marginfiAccount.key, endIndex);
    const account = marginfiAccount.account.data;
    checkFlashloanAccountState(account, true);
    setAccountFlag(account, AccountFlags.ACCOUNT_IN_FLASHLOAN, true);
  },
};
