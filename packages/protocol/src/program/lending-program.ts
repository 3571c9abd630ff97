import type { Program } from "@ballast/ledger";
import { configGroupFee } from "../instructions/config-group-fee.js";
import { editGlobalFeeState } from "../instructions/edit-global-fee-state.js";
import { initGlobalFeeState } from "../instructions/init-global-fee-state.js";
import { marginfiGroupConfigure } from "../instructions/marginfi-group-configure.js";
import { marginfiGroupInitialize } from "../instructions/marginfi-group-initialize.js";
import { propagateFeeState } from "../instructions/propagate-fee-state.js";
import { lendingPoolAddBank } from "../instructions/lending-pool-add-bank.js";
import { lendingPoolAddBankWithSeed } from "../instructions/lending-pool-add-bank-with-seed.js";
import { lendingPoolAddBankPermissionless } from "../instructions/lending-pool-add-bank-permissionless.js";
import { lendingPoolConfigureBank } from "../instructions/lending-pool-configure-bank.js";
import { lendingPoolConfigureBankInterestOnly } from "../instructions/lending-pool-configure-bank-interest-only.js";
import { lendingPoolConfigureBankLimitsOnly } from "../instructions/lending-pool-configure-bank-limits-only.js";
import { lendingPoolConfigureBankOracle } from "../instructions/lending-pool-configure-bank-oracle.js";
import { lendingPoolAccrueBankInterest } from "../instructions/lending-pool-accrue-bank-interest.js";
import { lendingPoolPulseBankPriceCache } from "../instructions/lending-pool-pulse-bank-price-cache.js";
import { lendingPoolCollectBankFees } from "../instructions/lending-pool-collect-bank-fees.js";
import { lendingPoolWithdrawFees } from "../instructions/lending-pool-withdraw-fees.js";
import { lendingPoolWithdrawFeesPermissionless } from "../instructions/lending-pool-withdraw-fees-permissionless.js";
import { lendingPoolUpdateFeesDestinationAccount } from "../instructions/lending-pool-update-fees-destination-account.js";
import { lendingPoolWithdrawInsurance } from "../instructions/lending-pool-withdraw-insurance.js";
import { lendingPoolCloseBank } from "../instructions/lending-pool-close-bank.js";
import { lendingPoolSetFixedOraclePrice } from "../instructions/lending-pool-set-fixed-oracle-price.js";
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
import { marginfiAccountInitLiqRecord } from "../instructions/marginfi-account-init-liq-record.js";
import { startLiquidation } from "../instructions/start-liquidation.js";
import { endLiquidation } from "../instructions/end-liquidation.js";
import { startDeleverage } from "../instructions/start-deleverage.js";
import { endDeleverage } from "../instructions/end-deleverage.js";
import { purgeDeleverageBalance } from "../instructions/purge-deleverage-balance.js";
import { configureDeleverageWithdrawalLimit } from "../instructions/configure-deleverage-withdrawal-limit.js";
import { lendingPoolForceTokenlessRepayComplete } from "../instructions/lending-pool-force-tokenless-repay-complete.js";
import { lendingAccountStartFlashloan } from "../instructions/lending-account-start-flashloan.js";
import { lendingAccountEndFlashloan } from "../instructions/lending-account-end-flashloan.js";
import { transferToNewAccount } from "../instructions/transfer-to-new-account.js";
import { transferToNewAccountPda } from "../instructions/transfer-to-new-account-pda.js";
import { marginfiAccountUpdateEmissionsDestinationAccount } from "../instructions/marginfi-account-update-emissions-destination-account.js";
import { marginfiAccountSetFreeze } from "../instructions/marginfi-account-set-freeze.js";
import { panicPause } from "../instructions/panic-pause.js";
import { panicUnpause } from "../instructions/panic-unpause.js";
import { panicUnpausePermissionless } from "../instructions/panic-unpause-permissionless.js";
import { lendingPoolSetupEmissions } from "../instructions/lending-pool-setup-emissions.js";
import { lendingPoolUpdateEmissionsParameters } from "../instructions/lending-pool-update-emissions-parameters.js";
import { lendingAccountWithdrawEmissions } from "../instructions/lending-account-withdraw-emissions.js";
import { lendingAccountSettleEmissions } from "../instructions/lending-account-settle-emissions.js";
import { lendingAccountWithdrawEmissionsPermissionless } from "../instructions/lending-account-withdraw-emissions-permissionless.js";
import { lendingPoolConfigureBankEmode } from "../instructions/lending-pool-configure-bank-emode.js";
import { lendingPoolCloneEmode } from "../instructions/lending-pool-clone-emode.js";
import { initStakedSettings } from "../instructions/init-staked-settings.js";
import { editStakedSettings } from "../instructions/edit-staked-settings.js";
import { propagateStakedSettings } from "../instructions/propagate-staked-settings.js";
import { migrateCurve } from "../instructions/migrate-curve.js";
import { initBankMetadata } from "../instructions/init-bank-metadata.js";
import { writeBankMetadata } from "../instructions/write-bank-metadata.js";
import { lendingAccountLiquidate } from "../instructions/lending-account-liquidate.js";
import { lendingPoolHandleBankruptcy } from "../instructions/lending-pool-handle-bankruptcy.js";
import { lendingPoolAddBankKamino } from "../instructions/lending-pool-add-bank-kamino.js";
import { kaminoInitObligation } from "../instructions/kamino-init-obligation.js";
import { kaminoDeposit } from "../instructions/kamino-deposit.js";
import { kaminoWithdraw } from "../instructions/kamino-withdraw.js";
import { kaminoHarvestReward } from "../instructions/kamino-harvest-reward.js";
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
  lendingPoolAddBankPermissionless,
  lendingPoolAddBankKamino,
  kaminoInitObligation,
  kaminoDeposit,
  kaminoWithdraw,
  kaminoHarvestReward,
  lendingPoolConfigureBank,
  lendingPoolConfigureBankOracle,
  lendingPoolConfigureBankInterestOnly,
  lendingPoolConfigureBankLimitsOnly,
  lendingPoolSetFixedOraclePrice,
  lendingPoolCloseBank,
  lendingPoolAccrueBankInterest,
  lendingPoolPulseBankPriceCache,
  lendingPoolCollectBankFees,
  lendingPoolWithdrawFees,
  lendingPoolWithdrawFeesPermissionless,
  lendingPoolUpdateFeesDestinationAccount,
  lendingPoolWithdrawInsurance,
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
  marginfiAccountInitLiqRecord,
  startLiquidation,
  endLiquidation,
  startDeleverage,
  endDeleverage,
  purgeDeleverageBalance,
  configureDeleverageWithdrawalLimit,
  lendingPoolForceTokenlessRepayComplete,
  lendingAccountStartFlashloan,
  lendingAccountEndFlashloan,
  transferToNewAccount,
  transferToNewAccountPda,
  marginfiAccountUpdateEmissionsDestinationAccount,
  marginfiAccountSetFreeze,
  panicPause,
  panicUnpause,
  panicUnpausePermissionless,
  lendingPoolSetupEmissions,
  lendingPoolUpdateEmissionsParameters,
  lendingAccountWithdrawEmissions,
  lendingAccountSettleEmissions,
  lendingAccountWithdrawEmissionsPermissionless,
  lendingPoolConfigureBankEmode,
  lendingPoolCloneEmode,
  initStakedSettings,
  editStakedSettings,
  propagateStakedSettings,
  migrateCurve,
  initBankMetadata,
  writeBankMetadata,
  lendingAccountLiquidate,
  lendingPoolHandleBankruptcy,
];

/** The lending program, deployable on the ledger at the mainnet id or any other. */
export function lendingProgram(programId: string = MARGINFI_PROGRAM_ID): Program {
  return lendingDispatch(programId, INSTRUCTIONS);
}
