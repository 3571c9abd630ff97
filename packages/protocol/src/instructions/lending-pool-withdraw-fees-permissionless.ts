import { checkSeeds, declareAccounts, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { bankAccount, groupAccount, tokenAccount, tokenProgram } from "../program/account-kinds.js";
import { bankVaultSeeds } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkBankOfGroup } from "../program/pool-accounts.js";
import { transferFromVault } from "../program/token-transfers.js";
import { checkNotPaused } from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";

const WithdrawFeesPermissionlessAccounts = declareAccounts(
  {
    group: groupAccount(),
    bank: bankAccount(),
    feeVault: tokenAccount({ mut: "constraint" }),
    feeVaultAuthority: unchecked(),
    feesDestinationAccount: tokenAccount({ mut: "constraint" }),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => ({
    group: () => checkNotPaused(a.group, ctx.clock.unixTimestamp),
    bank: () => {
      checkBankOfGroup(a.bank, a.group);
      if (BankLayout.fields.feesDestinationAccount.get(a.bank.data) !== a.feesDestinationAccount.key) {
        fail("InvalidFeesDestinationAccount", "bank");
      }
    },
    feeVault: () => checkSeeds(ctx, a.feeVault, bankVaultSeeds("feeVault", a.bank.key)),
    feeVaultAuthority: () => checkSeeds(ctx, a.feeVaultAuthority, bankVaultSeeds("feeVaultAuthority", a.bank.key)),
    feesDestinationAccount: () => {
      if (a.feesDestinationAccount.token.mint !== BankLayout.fields.mint.get(a.bank.data)) {
        fail("InvalidFeesDestinationAccount", "fees_destination_account");
      }
    },
  }),
);

/**
 * Anyone pushes group fees from the fee vault to the bank's configured fees destination account; the amount is
 * capped at what the vault holds, so "everything" can be asked for without knowing the balance.
 */
export const lendingPoolWithdrawFeesPermissionless: InstructionHandler = {
  name: "lending_pool_withdraw_fees_permissionless",
  units: 15_000,
  accounts: WithdrawFeesPermissionlessAccounts,
  run(ctx, _checks, args) {
    const { amount } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_pool_withdraw_fees_permissionless.args);
    const { bank, feeVault, feesDestinationAccount: destination, tokenProgram } = WithdrawFeesPermissionlessAccounts.load(ctx).accounts;
    const held = feeVault.token.amount;
    transferFromVault(ctx, tokenProgram, feeVault, destination, bank, "feeVaultAuthority", amount < held ? amount : held);
  },
};
