import { declareAccounts, initTarget, signer, type DeclaredAccount, type AccountView } from "@ballast/anchor";
import type { InstructionContext } from "@ballast/ledger";
import type { LendingAccounts } from "../program/accounts.js";
import { groupAccount, systemProgram } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { emitEvent } from "../program/events.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

/** The accounts both initializations share; the new account is Anchor's `init`, created by the handler. */
export const NEW_MARGINFI_ACCOUNT = {
  marginfiGroup: groupAccount(),
  marginfiAccount: initTarget({ signer: true }),
  authority: signer(),
  feePayer: signer({ mut: "load" }),
} as const;

const InitializeAccounts = declareAccounts({ ...NEW_MARGINFI_ACCOUNT, systemProgram: systemProgram() });

/** The new account's parties. */
export interface NewMarginfiAccount {
  readonly marginfiGroup: DeclaredAccount & AccountView<"MarginfiGroup">;
  readonly marginfiAccount: DeclaredAccount;
  readonly authority: DeclaredAccount;
  readonly feePayer: DeclaredAccount;
}

/**
 * Creates a margin account in `group` for `authority`, at a fresh keypair address or (with `pda`) at
 * ["marginfi_account", group, authority, index, third-party id]; the fee payer pays rent.
 */
export function initializeMarginfiAccount(
  ctx: InstructionContext,
  accounts: LendingAccounts,
  n: NewMarginfiAccount,
  pda: { seeds: Buffer[]; accountIndex: number; thirdPartyIndex: number } | null,
): void {
  const { marginfiGroup: group, marginfiAccount: target, authority } = n;
  let signerSeeds: Buffer[] | null = null;
  let bump = 0;
  if (pda) {
    bump = accounts.pda(target, "marginfi_account", pda.seeds);
    signerSeeds = [...pda.seeds, Buffer.from([bump])];
  }
  const data = accounts.init(n.feePayer, target, MarginfiAccountLayout, signerSeeds);
  const a = MarginfiAccountLayout.fields;
  a.group.set(data, group.key);
  a.authority.set(data, authority.key);
  a.lastUpdate.set(data, BigInt.asUintN(64, ctx.clock.unixTimestamp));
  if (pda) {
    a.accountIndex.set(data, pda.accountIndex);
    a.thirdPartyIndex.set(data, pda.thirdPartyIndex);
    a.bump.set(data, bump);
  }
  emitEvent(ctx, "MarginfiAccountCreateEvent", {
    header: { signer: authority.key, marginfiAccount: target.key, marginfiAccountAuthority: authority.key, marginfiGroup: group.key },
  });
}

export const marginfiAccountInitialize: InstructionHandler = {
  name: "marginfi_account_initialize",
  units: 12_000,
  accounts: InitializeAccounts,
  run(ctx, accounts) {
    initializeMarginfiAccount(ctx, accounts, InitializeAccounts.load(ctx).accounts, null);
  },
};
