import { declareAccounts, signer } from "@ballast/anchor";
import { bankAccount, groupAccount } from "../program/account-kinds.js";
import type { BankData } from "../state/views.js";
import { isZeroWithTolerance, ZERO_AMOUNT_THRESHOLD } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkBankOfGroup, checkGroupAdmin } from "../program/pool-accounts.js";
import { hasBankFlag } from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { BankFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";

const b = BankLayout.fields;

/** Only banks created closable (0.1.4 and later) with no positions, no shares and no emissions left may go. */
function canClose(bank: BankData): boolean {
  return (
    hasBankFlag(bank, BankFlags.CLOSE_ENABLED_FLAG) &&
    b.lendingPositionCount.get(bank) === 0 &&
    b.borrowingPositionCount.get(bank) === 0 &&
    isZeroWithTolerance(b.totalAssetShares.get(bank), ZERO_AMOUNT_THRESHOLD) &&
    isZeroWithTolerance(b.totalLiabilityShares.get(bank), ZERO_AMOUNT_THRESHOLD) &&
    isZeroWithTolerance(b.emissionsRemaining.get(bank), ZERO_AMOUNT_THRESHOLD)
  );
}

const CloseBankAccounts = declareAccounts(
  { group: groupAccount({ mut: "constraint" }), bank: bankAccount({ mut: "constraint" }), admin: signer({ mut: "constraint" }) },
  (a) => ({ group: () => checkGroupAdmin(a.group, a.admin), bank: () => checkBankOfGroup(a.bank, a.group) }),
);

/** The group admin closes an empty bank: the group counts one bank fewer and the bank's rent goes to the admin. */
export const lendingPoolCloseBank: InstructionHandler = {
  name: "lending_pool_close_bank",
  units: 8_000,
  accounts: CloseBankAccounts,
  run(ctx, accounts) {
    const { group, bank, admin } = CloseBankAccounts.load(ctx).accounts;
    if (!canClose(bank.data)) fail("BankCannotClose");
    const banks = MarginfiGroupLayout.fields.banks;
    const count = banks.get(group.data);
    banks.set(group.data, count > 0 ? count - 1 : 0);
    accounts.close(bank, admin);
  },
};
