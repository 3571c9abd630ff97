import { INSTRUCTIONS_SYSVAR_ID } from "@ballast/ledger";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { accountAndRecord, checkReceivershipTransaction, requireTopLevel, startReceivership } from "../program/receivership.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

/**
 * The risk admin opens a forced deleverage of any account (healthy or not): a receivership whose receiver is the
 * risk admin, with every withdrawal counted against the group's daily withdrawal window.
 */
export const startDeleverage: InstructionHandler = {
  name: "start_deleverage",
  units: 20_000,
  run(ctx, accounts) {
    const { account, record } = accountAndRecord(accounts, "start");
    const group = accounts.owned(2, "group", MarginfiGroupLayout);
    const riskAdmin = accounts.signer(3, "risk_admin");
    const sysvar = accounts.address(accounts.at(4), "instruction_sysvar", INSTRUCTIONS_SYSVAR_ID);
    if (MarginfiAccountLayout.fields.group.get(account.account.data) !== group.key) fail("ConstraintHasOne", "marginfi_account");
    if (MarginfiGroupLayout.fields.riskAdmin.get(group.account.data) !== riskAdmin.key) fail("ConstraintHasOne", "group");
    requireTopLevel(ctx, sysvar);
    startReceivership(ctx, account, record, riskAdmin.key, ctx.accounts.slice(5), "deleverage");
    checkReceivershipTransaction(ctx, sysvar, "deleverage");
  },
};
