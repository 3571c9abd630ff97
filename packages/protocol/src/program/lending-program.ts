import type { Program } from "@ballast/ledger";
import { configGroupFee } from "../instructions/config-group-fee.js";
import { editGlobalFeeState } from "../instructions/edit-global-fee-state.js";
import { initGlobalFeeState } from "../instructions/init-global-fee-state.js";
import { marginfiGroupConfigure } from "../instructions/marginfi-group-configure.js";
import { marginfiGroupInitialize } from "../instructions/marginfi-group-initialize.js";
import { propagateFeeState } from "../instructions/propagate-fee-state.js";
import { lendingPoolAddBank } from "../instructions/lending-pool-add-bank.js";
import { lendingPoolAddBankWithSeed } from "../instructions/lending-pool-add-bank-with-seed.js";
import { lendingPoolConfigureBank } from "../instructions/lending-pool-configure-bank.js";
import { lendingPoolConfigureBankInterestOnly } from "../instructions/lending-pool-configure-bank-interest-only.js";
import { lendingPoolConfigureBankLimitsOnly } from "../instructions/lending-pool-configure-bank-limits-only.js";
import { lendingPoolConfigureBankOracle } from "../instructions/lending-pool-configure-bank-oracle.js";
import { lendingDispatch } from "./entrypoint.js";
import { MARGINFI_PROGRAM_ID } from "./ids.js";

export const INSTRUCTIONS = [
  initGlobalFeeState,
  editGlobalFeeState,
  propagateFeeState,
  configGroupFee,
  marginfiGroupInitialize,
  marginfiGroupConfigure,
  lendingPoolAddBank,
  lendingPoolAddBankWithSeed,
  lendingPoolConfigureBank,
  lendingPoolConfigureBankOracle,
  lendingPoolConfigureBankInterestOnly,
  lendingPoolConfigureBankLimitsOnly,
];

/** The lending program, deployable on the ledger at the mainnet id or any other. */
export function lendingProgram(programId: string = MARGINFI_PROGRAM_ID): Program {
  return lendingDispatch(programId, INSTRUCTIONS);
}
