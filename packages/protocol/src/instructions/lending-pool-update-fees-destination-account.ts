import { declareAccounts, signer } from "@ballast/anchor";
import { bankAccount, groupAccount, tokenAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkBankOfGroup, checkGroupAdmin } from "../program/pool-accounts.js";
import { checkNotPaused } from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";

const UpdateFeesDestinationAccounts = declareAccounts(
  { group: groupAccount(), bank: bankAccount({ mut: "constraint" }), admin: signer(), destinationAccount: tokenAccount() },
  (a, ctx) => ({
    group: () => {
      checkGroupAdmin(a.group, a.admin);
      checkNotPaused(a.group, ctx.clock.unixTimestamp);
    },
    bank: () => checkBankOfGroup(a.bank, a.group),
    destinationAccount: () => {
      if (a.destinationAccount.token.mint !== BankLayout.fields.mint.get(a.bank.data)) {
        fail("InvalidFeesDestinationAccount", "destination_account");
      }
    },
  }),
);

/**
 * The group admin names the token account (of the bank's mint) that withdraw_fees_permissionless pays group fees
 * to, which lets anyone push the fee vault there.
 */
export const lendingPoolUpdateFeesDestinationAccount: InstructionHandler = {
  name: "lending_pool_update_fees_destination_account",
  units: 8_000,
  accounts: UpdateFeesDestinationAccounts,
  run(ctx) {
    const { bank, destinationAccount } = UpdateFeesDestinationAccounts.load(ctx).accounts;
    BankLayout.fields.feesDestinationAccount.set(bank.data, destinationAccount.key);
  },
};
