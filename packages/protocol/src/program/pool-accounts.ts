// Account checks shared by the bank maintenance instructions (reference §7.3): the bank belongs to the group, the
// signer is the group admin, and a token account deserializes as Anchor's
// `InterfaceAccount<TokenAccount>`.
import { SYSTEM_PROGRAM_ID, TOKEN_PROGRAM_ID, decodeTokenAccount, type InstructionAccount, type TokenAccount } from "@ballast/ledger";
import { BankLayout } from "../state/bank.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { TOKEN_2022_PROGRAM_ID } from "./bank-vaults.js";
import { fail } from "./errors.js";

/** bank has_one group (6093). */
export function checkBankOfGroup(bank: InstructionAccount, group: InstructionAccount): void {
  if (BankLayout.fields.group.get(bank.account.data) !== group.key) fail("InvalidGroup", "bank");
}

/** group has_one admin (6042); `name` is the group's name in the instruction. */
export function checkGroupAdmin(group: InstructionAccount, admin: InstructionAccount, name = "group"): void {
  if (MarginfiGroupLayout.fields.admin.get(group.account.data) !== admin.key) fail("Unauthorized", name);
}

/** Anchor's `InterfaceAccount<TokenAccount>`: initialised, owned by a token program, unpacking as a token account. */
export function loadTokenAccount(account: InstructionAccount, name: string): TokenAccount {
  const { owner, lamports, data } = account.account;
  if (lamports === 0n && data.length === 0 && owner === SYSTEM_PROGRAM_ID) fail("AccountNotInitialized", name);
  if (owner !== TOKEN_PROGRAM_ID && owner !== TOKEN_2022_PROGRAM_ID) fail("AccountOwnedByWrongProgram", name);
  let token: TokenAccount;
  try {
    token = decodeTokenAccount(data);
  } catch {
    return fail("AccountDidNotDeserialize", name);
  }
  // SPL unpacking refuses an account that was never initialised (state 0).
  if (token.state === 0) fail("AccountDidNotDeserialize", name);
  return token;
}
