import {
  INSTRUCTIONS_SYSVAR_ID,
  loadCurrentIndexChecked,
  loadInstructionAtChecked,
  type InstructionAccount,
  type InstructionContext,
} from "@ballast/ledger";
import { type AccountView, checkAddress, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { marginfiAccount } from "../program/account-kinds.js";
import { instructionDiscriminator, type InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { hasAccountFlag, setAccountFlag } from "../state/account-flags.js";
import { AccountFlags } from "../state/flags.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";
import type { MarginfiAccountData } from "../state/views.js";

const END_FLASHLOAN = instructionDiscriminator("lending_account_end_flashloan");

/** [marginfi_account (mut, has_one authority → 6042), authority (signer)], shared by start and end. */
export const FLASHLOAN_ACCOUNTS = {
  marginfiAccount: marginfiAccount({ mut: "load" }),
  authority: signer(),
} as const;

/** marginfi_account has_one authority (6042). */
export function checkFlashloanAuthority(a: {
  readonly marginfiAccount: AccountView<"MarginfiAccount">;
  readonly authority: InstructionAccount;
}): void {
  if (MarginfiAccountLayout.fields.authority.get(a.marginfiAccount.data) !== a.authority.key) fail("Unauthorized", "marginfi_account");
}

const StartFlashloanAccounts = declareAccounts({ ...FLASHLOAN_ACCOUNTS, ixsSysvar: unchecked() }, (a) => ({
  marginfiAccount: () => checkFlashloanAuthority(a),
  ixsSysvar: () => checkAddress(a.ixsSysvar, INSTRUCTIONS_SYSVAR_ID),
}));

/** Both ends of a flash loan refuse disabled (6035), liquidated (6089) and frozen (6103) accounts. */
export function checkFlashloanAccountState(account: MarginfiAccountData, starting: boolean): void {
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
  accounts: StartFlashloanAccounts,
  run(ctx, _checks, args) {
    const { endIndex } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_account_start_flashloan.args);
    const { marginfiAccount, ixsSysvar } = StartFlashloanAccounts.load(ctx).accounts;
    checkFlashloanCanStart(ctx, ixsSysvar, marginfiAccount.key, endIndex);
    const account = marginfiAccount.data;
    checkFlashloanAccountState(account, true);
    setAccountFlag(account, AccountFlags.ACCOUNT_IN_FLASHLOAN, true);
  },
};
