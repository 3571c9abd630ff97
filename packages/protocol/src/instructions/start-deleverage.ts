import { declareAccounts, knownAddress, signer } from "@ballast/anchor";
import { INSTRUCTIONS_SYSVAR_ID } from "@ballast/ledger";
import { groupAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import {
  RECEIVERSHIP_ACCOUNTS,
  checkAccountAndRecord,
  checkReceivershipTransaction,
  requireTopLevel,
  startReceivership,
} from "../program/receivership.js";
import { checkRiskAdmin } from "./end-deleverage.js";

const StartDeleverageAccounts = declareAccounts(
  { ...RECEIVERSHIP_ACCOUNTS, group: groupAccount(), riskAdmin: signer(), instructionSysvar: knownAddress(INSTRUCTIONS_SYSVAR_ID) },
  (a) => ({
    marginfiAccount: () => checkAccountAndRecord(a.marginfiAccount, a.liquidationRecord, "start"),
    ...checkRiskAdmin(a),
  }),
);

/**
 * The risk admin opens a forced deleverage of any account (healthy or not): a receivership whose receiver is the
 * risk admin, with every withdrawal counted against the group's daily withdrawal window.
 */
export const startDeleverage: InstructionHandler = {
  name: "start_deleverage",
  units: 20_000,
  accounts: StartDeleverageAccounts,
  run(ctx) {
    const { accounts: a, remaining } = StartDeleverageAccounts.load(ctx);
    const sysvar = a.instructionSysvar;
    requireTopLevel(ctx, sysvar);
    startReceivership(ctx, a.marginfiAccount, a.liquidationRecord, a.riskAdmin.key, remaining, "deleverage");
    checkReceivershipTransaction(ctx, sysvar, "deleverage");
  },
};
