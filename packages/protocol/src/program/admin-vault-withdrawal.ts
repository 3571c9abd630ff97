// lending_pool_withdraw_fees and lending_pool_withdraw_insurance (reference §16.5): the group admin moves any amount
// out of the bank's fee or insurance vault to any token account, signed by that vault's authority PDA.
import { checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import type { InstructionContext } from "@ballast/ledger";
import { bankAccount, groupAccount, tokenAccount, tokenProgram } from "./account-kinds.js";
import { bankVaultSeeds } from "./bank-vaults.js";
import { checkBankOfGroup, checkGroupAdmin } from "./pool-accounts.js";
import { transferFromVault } from "./token-transfers.js";
import { checkNotPaused } from "./user-accounts.js";

/**
 * Accounts [group (has_one admin, PAUSE), bank (has_one group), admin (signer), vault (mut, PDA), vault authority
 * (PDA), dst_token_account (mut), token_program], the vault and its authority named by kind.
 */
function adminVaultAccounts(kind: "fee" | "insurance") {
  const vault = kind === "fee" ? "feeVault" : "insuranceVault";
  const authority = kind === "fee" ? "feeVaultAuthority" : "insuranceVaultAuthority";
  return declareAccounts(
    {
      group: groupAccount(),
      bank: bankAccount(),
      admin: signer(),
      vault: tokenAccount({ mut: "constraint", idlName: `${kind}_vault` }),
      vaultAuthority: unchecked({ idlName: `${kind}_vault_authority` }),
      dstTokenAccount: unchecked({ mut: "constraint" }),
      tokenProgram: tokenProgram(),
    },
    (a, ctx) => ({
      group: () => {
        checkGroupAdmin(a.group, a.admin);
        checkNotPaused(a.group, ctx.clock.unixTimestamp);
      },
      bank: () => checkBankOfGroup(a.bank, a.group),
      vault: () => checkSeeds(ctx, a.vault, bankVaultSeeds(vault, a.bank.key)),
      vaultAuthority: () => checkSeeds(ctx, a.vaultAuthority, bankVaultSeeds(authority, a.bank.key)),
    }),
  );
}

export const FeeVaultWithdrawalAccounts = adminVaultAccounts("fee");
export const InsuranceVaultWithdrawalAccounts = adminVaultAccounts("insurance");

/** `amount` leaves the vault of this kind as is. */
export function withdrawFromAdminVault(ctx: InstructionContext, amount: bigint, kind: "fee" | "insurance"): void {
  const { accounts: a } = (kind === "fee" ? FeeVaultWithdrawalAccounts : InsuranceVaultWithdrawalAccounts).load(ctx);
  const authority = kind === "fee" ? "feeVaultAuthority" : "insuranceVaultAuthority";
  transferFromVault(ctx, a.tokenProgram, a.vault, a.dstTokenAccount, a.bank, authority, amount);
}
