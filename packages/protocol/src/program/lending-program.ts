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
import { marginfiAccountInitialize } from "../instructions/marginfi-account-initialize.js";
import { marginfiAccountInitializePda } from "../instructions/marginfi-account-initialize-pda.js";
import { marginfiAccountClose } from "../instructions/marginfi-account-close.js";
import { lendingAccountDeposit } from "../instructions/lending-account-deposit.js";
import { lendingAccountWithdraw } from "../instructions/lending-account-withdraw.js";
import { lendingAccountBorrow } from "../instructions/lending-account-borrow.js";
import { lendingAccountRepay } from "../instructions/lending-account-repay.js";
import { lendingAccountCloseBalance } from "../instructions/lending-account-close-balance.js";
import { lendingAccountPulseHealth } from "../instructions/lending-account-pulse-health.js";
import { lendingAccountSortBalances } from "../instructions/lending-account-sort-balances.js";
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
  marginfiAccountInitialize,
  marginfiAccountInitializePda,
  marginfiAccountClose,
  lendingAccountDeposit,
  lendingAccountWithdraw,
  lendingAccountBorrow,
  lendingAccountRepay,
  lendingAccountCloseBalance,
  lendingAccountPulseHealth,
  lendingAccountSortBalances,
];

/** The lending program, deployable on the ledger at the mainnet id or any other. */
export function lendingProgram(programId: string = MARGINFI_PROGRAM_ID): Program {
  return lendingDispatch(programId, INSTRUCTIONS);
}
