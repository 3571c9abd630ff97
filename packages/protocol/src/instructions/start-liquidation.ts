import { INSTRUCTIONS_SYSVAR_ID } from "@ballast/ledger";
import type { InstructionHandler } from "../program/entrypoint.js";
import { accountAndRecord, checkReceivershipTransaction, requireTopLevel, startReceivership } from "../program/receivership.js";

/**
 * Opens a receivership liquidation of an unhealthy account: until end_liquidation, the receiver named here may
 * withdraw and repay on it in the same transaction. Remaining accounts: the account's risk accounts.
 */
export const startLiquidation: InstructionHandler = {
  name: "start_liquidation",
  units: 20_000,
  run(ctx, accounts) {
    const { account, record } = accountAndRecord(accounts, "start");
    const receiver = accounts.at(2);
    const sysvar = accounts.address(accounts.at(3), "instruction_sysvar", INSTRUCTIONS_SYSVAR_ID);
    requireTopLevel(ctx, sysvar);
    startReceivership(ctx, account, record, receiver.key, ctx.accounts.slice(4), "liquidation");
    checkReceivershipTransaction(ctx, sysvar, "liquidation");
  },
};
