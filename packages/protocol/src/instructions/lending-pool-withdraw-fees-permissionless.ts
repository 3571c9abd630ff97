import { checkTokenProgram } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkBankOfGroup, checkBankVault, loadTokenAccount } from "../program/pool-accounts.js";
import { transferFromVault } from "../program/token-transfers.js";
import { checkNotPaused } from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { MarginfiGroupLayout } from "../state/group.js";

/**
 * Anyone pushes group fees from the fee vault to the bank's configured fees destination account; the amount is
 * capped at what the vault holds, so "everything" can be asked for without knowing the balance.
 */
export const lendingPoolWithdrawFeesPermissionless: InstructionHandler = {
  name: "lending_pool_withdraw_fees_permissionless",
  units: 15_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const group = accounts.owned(0, "group", MarginfiGroupLayout);
    const bank = accounts.owned(1, "bank", BankLayout);
    const feeVault = accounts.at(2);
    const held = loadTokenAccount(feeVault, "fee_vault").amount;
    const feeVaultAuthority = accounts.at(3);
    const destination = accounts.at(4);
    const destinationMint = loadTokenAccount(destination, "fees_destination_account").mint;
    const tokenProgram = checkTokenProgram(accounts.at(5), "token_program");

    checkNotPaused(group, ctx.clock.unixTimestamp);
    checkBankOfGroup(bank, group);
    const data = bank.account.data;
    if (BankLayout.fields.feesDestinationAccount.get(data) !== destination.key) fail("InvalidFeesDestinationAccount", "bank");
    accounts.writable(feeVault, "fee_vault");
    checkBankVault(accounts, feeVault, "fee_vault", "feeVault", bank);
    checkBankVault(accounts, feeVaultAuthority, "fee_vault_authority", "feeVaultAuthority", bank);
    accounts.writable(destination, "fees_destination_account");
    if (destinationMint !== BankLayout.fields.mint.get(data)) fail("InvalidFeesDestinationAccount", "fees_destination_account");

    transferFromVault(ctx, tokenProgram, feeVault, destination, bank, "feeVaultAuthority", amount < held ? amount : held);
  },
};
