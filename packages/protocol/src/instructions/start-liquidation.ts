import { declareAccounts, knownAddress, unchecked } from "@ballast/anchor";
import { INSTRUCTIONS_SYSVAR_ID } from "@ballast/ledger";
import type { InstructionHandler } from "../program/entrypoint.js";
import {
  RECEIVERSHIP_ACCOUNTS,
  checkAccountAndRecord,
  checkReceivershipTransaction,
  requireTopLevel,
  startReceivership,
} from "../program/receivership.js";

const StartLiquidationAccounts = declareAccounts(
  { ...RECEIVERSHIP_ACCOUNTS, liquidationReceiver: unchecked(), instructionSysvar: knownAddress(INSTRUCTIONS_SYSVAR_ID) },
  (a) => ({ marginfiAccount: () => checkAccountAndRecord(a.marginfiAccount, a.liquidationRecord, "start") }),
);

/**
 * Opens a receivership liquidation of an unhealthy account: until end_liquidation, the receiver named here may
 * withdraw and repay on it in the same transaction. Remaining accounts: the account's risk accounts.
 */
export const startLiquidation: InstructionHandler = {
  name: "start_liquidation",
  units: 20_000,
  accounts: StartLiquidationAccounts,
  run(ctx) {
    const { accounts: a, remaining } = StartLiquidationAccounts.load(ctx);
    const sysvar = a.instructionSysvar;
    requireTopLevel(ctx, sysvar);
    startReceivership(ctx, a.marginfiAccount, a.liquidationRecord, a.liquidationReceiver.key, remaining, "liquidation");
    checkReceivershipTransaction(ctx, sysvar, "liquidation");
  },
};
