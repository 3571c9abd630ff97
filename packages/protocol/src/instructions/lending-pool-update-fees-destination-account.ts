import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkBankOfGroup, checkGroupAdmin, loadTokenAccount } from "../program/pool-accounts.js";
import { checkNotPaused } from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { MarginfiGroupLayout } from "../state/group.js";

/**
 * The group admin names the token account (of the bank's mint) that withdraw_fees_permissionless pays group fees
 * to, which lets anyone push the fee vault there.
 */
export const lendingPoolUpdateFeesDestinationAccount: InstructionHandler = {
  name: "lending_pool_update_fees_destination_account",
  units: 8_000,
  run(ctx, accounts) {
    const group = accounts.owned(0, "group", MarginfiGroupLayout);
    const bank = accounts.owned(1, "bank", BankLayout);
    const admin = accounts.signer(2, "admin");
    const destination = accounts.at(3);
    const destinationMint = loadTokenAccount(destination, "destination_account").mint;

    checkGroupAdmin(group, admin);
    checkNotPaused(group, ctx.clock.unixTimestamp);
    accounts.writable(bank, "bank");
    checkBankOfGroup(bank, group);
    const data = bank.account.data;
    if (destinationMint !== BankLayout.fields.mint.get(data)) fail("InvalidFeesDestinationAccount", "destination_account");

    BankLayout.fields.feesDestinationAccount.set(data, destination.key);
  },
};
