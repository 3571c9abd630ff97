// lending_pool_withdraw_fees and lending_pool_withdraw_insurance (reference §16.5): the group admin moves any amount
// out of the bank's fee or insurance vault to any token account, signed by that vault's authority PDA.
import type { InstructionContext } from "@ballast/ledger";
import { BankLayout } from "../state/bank.js";
import { MarginfiGroupLayout } from "../state/group.js";
import type { LendingAccounts } from "./accounts.js";
import { checkTokenProgram } from "./bank-vaults.js";
import { checkBankOfGroup, checkBankVault, checkGroupAdmin, loadTokenAccount } from "./pool-accounts.js";
import { transferFromVault } from "./token-transfers.js";
import { checkNotPaused } from "./user-accounts.js";

const ADMIN_VAULTS = {
  fee: { vault: "feeVault", authority: "feeVaultAuthority", vaultName: "fee_vault", authorityName: "fee_vault_authority" },
  insurance: {
    vault: "insuranceVault",
    authority: "insuranceVaultAuthority",
    vaultName: "insurance_vault",
    authorityName: "insurance_vault_authority",
  },
} as const;

/**
 * Accounts [group (has_one admin, PAUSE), bank (has_one group), admin (signer), vault (mut, PDA), vault authority
 * (PDA), dst_token_account (mut), token_program]; `amount` leaves the vault as is.
 */
export function withdrawFromAdminVault(
  ctx: InstructionContext,
  accounts: LendingAccounts,
  amount: bigint,
  kind: keyof typeof ADMIN_VAULTS,
): void {
  const v = ADMIN_VAULTS[kind];
  const group = accounts.owned(0, "group", MarginfiGroupLayout);
  const bank = accounts.owned(1, "bank", BankLayout);
  const admin = accounts.signer(2, "admin");
  const vault = accounts.at(3);
  loadTokenAccount(vault, v.vaultName);
  const authority = accounts.at(4);
  const destination = accounts.at(5);
  const tokenProgram = checkTokenProgram(accounts.at(6), "token_program");

  checkGroupAdmin(group, admin);
  checkNotPaused(group, ctx.clock.unixTimestamp);
  checkBankOfGroup(bank, group);
  accounts.writable(vault, v.vaultName);
  checkBankVault(accounts, vault, v.vaultName, v.vault, bank);
  checkBankVault(accounts, authority, v.authorityName, v.authority, bank);
  accounts.writable(destination, "dst_token_account");

  transferFromVault(ctx, tokenProgram, vault, destination, bank, v.authority, amount);
}
