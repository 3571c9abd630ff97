import { INSTRUCTIONS_SYSVAR_ID, type InstructionContext } from "@ballast/ledger";
import type { LendingAccounts } from "../program/accounts.js";
import {
  checkAddress,
  declareAccounts,
  initTarget,
  signer,
  transferLamports,
  unchecked,
  type DeclaredAccount,
  type DeclaredAccounts,
} from "@ballast/anchor";
import { groupAccount, marginfiAccount, systemProgram } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { checkNotPaused, checkUserAuthorization, touchAccount } from "../program/user-accounts.js";
import { hasAccountFlag, setAccountFlag } from "../state/account-flags.js";
import { AccountFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";
import { checkThirdPartyId, marginfiAccountSeeds } from "./marginfi-account-initialize-pda.js";

/** Lamports the fee payer pays the global fee wallet for each transfer. */
export const ACCOUNT_TRANSFER_FEE = 5_000_000n;

const DEFAULT_KEY = "11111111111111111111111111111111";
const a = MarginfiAccountLayout.fields;

/** The accounts both transfers share up to the fee wallet; the new account is Anchor's `init`, created by the handler. */
export const TRANSFER_ACCOUNTS = {
  group: groupAccount(),
  oldMarginfiAccount: marginfiAccount({ mut: "load" }),
  newMarginfiAccount: initTarget({ signer: true }),
  authority: signer(),
  feePayer: signer({ mut: "load" }),
  newAuthority: unchecked(),
  globalFeeWallet: unchecked({ mut: "load" }),
} as const;

const TransferAccounts = declareAccounts({ ...TRANSFER_ACCOUNTS, systemProgram: systemProgram() });

export type TransferParties = DeclaredAccounts<typeof TRANSFER_ACCOUNTS>;

/** Where the new account lives: at a fresh keypair address, or at the PDA of (new authority, index, third-party id). */
export type TransferTarget =
  | { readonly kind: "keypair" }
  | { readonly kind: "pda"; readonly accountIndex: number; readonly thirdPartyId: number; readonly instructionsSysvar: DeclaredAccount };

/**
 * Moves a margin account's positions to a new account owned by `new_authority` (reference §7.4, §19.5): the new
 * account takes the balances, emissions destination and flags (a freeze carries over) and records where it came
 * from; the old one is emptied, disabled and points at its successor, so a migration happens once (6079).
 * Accounts: group, old_marginfi_account, new_marginfi_account, authority, fee_payer, new_authority,
 * global_fee_wallet, [instructions_sysvar (PDA only)], system_program.
 */
export function migrateMarginfiAccount(
  ctx: InstructionContext,
  accounts: LendingAccounts,
  parties: TransferParties,
  target: TransferTarget,
): void {
  const { group, oldMarginfiAccount: oldAccount, newMarginfiAccount: newAccount, authority, feePayer, newAuthority } = parties;
  const feeWallet = parties.globalFeeWallet;
  const pda = target.kind === "pda" ? target : null;

  let seeds: Buffer[] | null = null;
  let bump = 0;
  if (pda) {
    checkAddress(pda.instructionsSysvar, INSTRUCTIONS_SYSVAR_ID);
    checkThirdPartyId(pda.thirdPartyId, ctx.stackHeight, pda.instructionsSysvar);
    const base = marginfiAccountSeeds(group.key, newAuthority.key, pda.accountIndex, pda.thirdPartyId);
    bump = accounts.pda(newAccount, "new_marginfi_account", base);
    seeds = [...base, Buffer.from([bump])];
  }
  const next = accounts.init(feePayer, newAccount, MarginfiAccountLayout, seeds);

  const now = ctx.clock.unixTimestamp;
  checkNotPaused(group, now);
  checkUserAuthorization(oldAccount, group, authority, false, "old_marginfi_account");
  const groupData = group.data;
  if (feeWallet.key !== MarginfiGroupLayout.fields.feeStateCache.fields.globalFeeWallet.get(groupData)) fail("InvalidFeeAta");
  transferLamports(ctx, feePayer, feeWallet, ACCOUNT_TRANSFER_FEE);

  const old = oldAccount.data;
  if (hasAccountFlag(old, AccountFlags.ACCOUNT_IN_FLASHLOAN)) fail("AccountInFlashloan");
  if (hasAccountFlag(old, AccountFlags.ACCOUNT_IN_RECEIVERSHIP)) fail("ForbiddenIx");
  if (a.migratedTo.get(old) !== DEFAULT_KEY) fail("AccountAlreadyMigrated");

  a.group.set(next, group.key);
  a.authority.set(next, newAuthority.key);
  touchAccount(next, now);
  if (pda) {
    a.accountIndex.set(next, pda.accountIndex);
    a.thirdPartyIndex.set(next, pda.thirdPartyId);
    a.bump.set(next, bump);
  }
  const lending = a.lendingAccount;
  old.copy(next, lending.offset, lending.offset, lending.offset + lending.size);
  a.emissionsDestinationAccount.set(next, a.emissionsDestinationAccount.get(old));
  a.accountFlags.set(next, a.accountFlags.get(old));
  a.migratedFrom.set(next, oldAccount.key);

  a.migratedTo.set(old, newAccount.key);
  if (!pda) touchAccount(old, now);
  old.fill(0, lending.offset, lending.offset + lending.size);
  setAccountFlag(old, AccountFlags.ACCOUNT_DISABLED, true);

  emitEvent(ctx, "MarginfiAccountTransferToNewAccount", {
    header: {
      signer: authority.key,
      marginfiAccount: newAccount.key,
      marginfiAccountAuthority: newAuthority.key,
      marginfiGroup: group.key,
    },
    oldAccount: oldAccount.key,
    oldAccountAuthority: a.authority.get(old),
    newAccountAuthority: newAuthority.key,
  });
}

/** transfer_to_new_account: the new account is a fresh keypair, which signs. */
export const transferToNewAccount: InstructionHandler = {
  name: "transfer_to_new_account",
  units: 20_000,
  accounts: TransferAccounts,
  run(ctx, accounts) {
    migrateMarginfiAccount(ctx, accounts, TransferAccounts.load(ctx).accounts, { kind: "keypair" });
  },
};
