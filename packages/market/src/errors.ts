// klend's error table (release v1.12.5, codes 6000–6129), names, numbers and messages exactly as the program
// declares them (market-and-oracles reference §4; spelling such as "Missmatch" is the original's). Failures log in
// Anchor's format through `fail`, which also knows the few Anchor framework errors the account checks raise.
import { ANCHOR_ERRORS, ProgramFailure, type AnchorErrorName, type ErrorEntry } from "@ballast/anchor";
import { MATH_ERRORS } from "./math/math-errors.js";

export const KLEND_ERRORS = {
  InvalidMarketAuthority: { code: 6000, message: "Market authority is invalid" },
  InvalidMarketOwner: { code: 6001, message: "Market owner is invalid" },
  InvalidAccountOwner: { code: 6002, message: "Input account owner is not the program address" },
  InvalidAmount: { code: 6003, message: "Input amount is invalid" },
  InvalidConfig: { code: 6004, message: "Input config value is invalid" },
  InvalidSigner: { code: 6005, message: "Signer is not allowed to perform this action" },
  InvalidAccountInput: { code: 6006, message: "Invalid account input" },
  MathOverflow: MATH_ERRORS.MathOverflow,
  InsufficientLiquidity: { code: 6008, message: "Insufficient liquidity available" },
  ReserveStale: { code: 6009, message: "Reserve state needs to be refreshed" },
  WithdrawTooSmall: { code: 6010, message: "Withdraw amount too small" },
  WithdrawTooLarge: { code: 6011, message: "Withdraw amount too large" },
  BorrowTooSmall: { code: 6012, message: "Borrow amount too small to receive liquidity after fees" },
  BorrowTooLarge: { code: 6013, message: "Borrow amount too large for deposited collateral" },
  RepayTooSmall: { code: 6014, message: "Repay amount too small to transfer liquidity" },
  LiquidationTooSmall: { code: 6015, message: "Liquidation amount too small to receive collateral" },
  ObligationHealthy: { code: 6016, message: "Cannot liquidate healthy obligations" },
  ObligationStale: { code: 6017, message: "Obligation state needs to be refreshed" },
  ObligationReserveLimit: { code: 6018, message: "Obligation reserve limit exceeded" },
  InvalidObligationOwner: { code: 6019, message: "Obligation owner is invalid" },
  ObligationDepositsEmpty: { code: 6020, message: "Obligation deposits are empty" },
  ObligationBorrowsEmpty: { code: 6021, message: "Obligation borrows are empty" },
  ObligationDepositsZero: { code: 6022, message: "Obligation deposits have zero value" },
  ObligationBorrowsZero: { code: 6023, message: "Obligation borrows have zero value" },
  InvalidObligationCollateral: { code: 6024, message: "Invalid obligation collateral" },
  InvalidObligationLiquidity: { code: 6025, message: "Invalid obligation liquidity" },
  ObligationCollateralEmpty: { code: 6026, message: "Obligation collateral is empty" },
  ObligationLiquidityEmpty: { code: 6027, message: "Obligation liquidity is empty" },
  NegativeInterestRate: { code: 6028, message: "Interest rate is negative" },
  InvalidOracleConfig: { code: 6029, message: "Input oracle config is invalid" },
  InsufficientProtocolFeesToRedeem: { code: 6030, message: "Insufficient protocol fees to claim or no liquidity available" },
  FlashBorrowCpi: { code: 6031, message: "No cpi flash borrows allowed" },
  NoFlashRepayFound: { code: 6032, message: "No corresponding repay found for flash borrow" },
  InvalidFlashRepay: { code: 6033, message: "Invalid repay found" },
  FlashRepayCpi: { code: 6034, message: "No cpi flash repays allowed" },
  MultipleFlashBorrows: { code: 6035, message: "Multiple flash borrows not allowed in the same transaction" },
  FlashLoansDisabled: { code: 6036, message: "Flash loans are disabled for this reserve" },
  SwitchboardV2Error: { code: 6037, message: "Switchboard error" },
  CouldNotDeserializeScope: { code: 6038, message: "Cannot deserialize the scope price account" },
  PriceTooOld: { code: 6039, message: "Price too old" },
  PriceTooDivergentFromTwap: { code: 6040, message: "Price too divergent from twap" },
  InvalidTwapPrice: { code: 6041, message: "Invalid twap price" },
  GlobalEmergencyMode: { code: 6042, message: "Emergency mode is enabled" },
  InvalidFlag: { code: 6043, message: "Invalid lending market config" },
  PriceNotValid: { code: 6044, message: "Price is not valid" },
  PriceIsBiggerThanHeuristic: { code: 6045, message: "Price is bigger than allowed by heuristic" },
  PriceIsLowerThanHeuristic: { code: 6046, message: "Price lower than allowed by heuristic" },
  PriceIsZero: { code: 6047, message: "Price is zero" },
  PriceConfidenceTooWide: { code: 6048, message: "Price confidence too wide" },
  IntegerOverflow: MATH_ERRORS.IntegerOverflow,
  NoFarmForReserve: { code: 6050, message: "This reserve does not have a farm" },
  IncorrectInstructionInPosition: { code: 6051, message: "Wrong instruction at expected position" },
  NoPriceFound: { code: 6052, message: "No price found" },
  InvalidTwapConfig: {
    code: 6053,
    message: "Invalid Twap configuration: Twap is enabled but one of the enabled price doesn't have a twap",
  },
  InvalidPythPriceAccount: { code: 6054, message: "Pyth price account does not match configuration" },
  InvalidSwitchboardAccount: { code: 6055, message: "Switchboard account(s) do not match configuration" },
  InvalidScopePriceAccount: { code: 6056, message: "Scope price account does not match configuration" },
  ObligationCollateralLtvZero: {
    code: 6057,
    message: "The obligation has one collateral with an LTV set to 0. Withdraw it before withdrawing other collaterals",
  },
  InvalidObligationSeedsValue: { code: 6058, message: "Seeds must be default pubkeys for tag 0, and mint addresses for tag 1 or 2" },
  DeprecatedInvalidObligationId: { code: 6059, message: "[DEPRECATED] Obligation id must be 0" },
  InvalidBorrowRateCurvePoint: MATH_ERRORS.InvalidBorrowRateCurvePoint,
  InvalidUtilizationRate: MATH_ERRORS.InvalidUtilizationRate,
  CannotSocializeObligationWithCollateral: {
    code: 6062,
    message: "Obligation hasn't been fully liquidated and debt cannot be socialized.",
  },
  ObligationEmpty: { code: 6063, message: "Obligation has no borrows or deposits." },
  WithdrawalCapReached: { code: 6064, message: "Withdrawal cap is reached" },
  LastTimestampGreaterThanCurrent: { code: 6065, message: "The last interval start timestamp is greater than the current timestamp" },
  LiquidationRewardTooSmall: { code: 6066, message: "The reward amount is less than the minimum acceptable received liquidity" },
  IsolatedAssetTierViolation: { code: 6067, message: "Isolated Asset Tier Violation" },
  InconsistentElevationGroup: { code: 6068, message: "The obligation's elevation group and the reserve's are not the same" },
  InvalidElevationGroup: { code: 6069, message: "The elevation group chosen for the reserve does not exist in the lending market" },
  InvalidElevationGroupConfig: { code: 6070, message: "The elevation group updated has wrong parameters set" },
  UnhealthyElevationGroupLtv: {
    code: 6071,
    message: "The current obligation must have most or all its debt repaid before changing the elevation group",
  },
  ElevationGroupNewLoansDisabled: { code: 6072, message: "Elevation group does not accept any new loans or any new borrows/withdrawals" },
  ReserveDeprecated: { code: 6073, message: "Reserve was deprecated, no longer usable" },
  ReferrerAccountNotInitialized: { code: 6074, message: "Referrer account not initialized" },
  ReferrerAccountMintMissmatch: { code: 6075, message: "Referrer account mint does not match the operation reserve mint" },
  ReferrerAccountWrongAddress: { code: 6076, message: "Referrer account address is not a valid program address" },
  ReferrerAccountReferrerMissmatch: { code: 6077, message: "Referrer account referrer does not match the owner referrer" },
  ReferrerAccountMissing: { code: 6078, message: "Referrer account missing for obligation with referrer" },
  InsufficientReferralFeesToRedeem: { code: 6079, message: "Insufficient referral fees to claim or no liquidity available" },
  CpiDisabled: { code: 6080, message: "CPI disabled for this instruction" },
  ShortUrlNotAsciiAlphanumeric: { code: 6081, message: "Referrer short_url is not ascii alphanumeric" },
  ReserveObsolete: { code: 6082, message: "Reserve is marked as obsolete" },
  ElevationGroupAlreadyActivated: { code: 6083, message: "Obligation already part of the same elevation group" },
  ObligationInObsoleteReserve: { code: 6084, message: "Obligation has a deposit or borrow in an obsolete reserve" },
  ReferrerStateOwnerMismatch: { code: 6085, message: "Referrer state owner does not match the given signer" },
  UserMetadataOwnerAlreadySet: { code: 6086, message: "User metadata owner is already set" },
  CollateralNonLiquidatable: { code: 6087, message: "This collateral cannot be liquidated (LTV set to 0)" },
  BorrowingDisabled: { code: 6088, message: "Borrowing is disabled" },
  BorrowLimitExceeded: { code: 6089, message: "Cannot borrow above borrow limit" },
  DepositLimitExceeded: { code: 6090, message: "Cannot deposit above deposit limit" },
  BorrowingDisabledOutsideElevationGroup: { code: 6091, message: "Reserve does not accept any new borrows outside elevation group" },
  NetValueRemainingTooSmall: { code: 6092, message: "Net value remaining too small" },
  WorseLtvBlocked: { code: 6093, message: "Cannot get the obligation in a worse position" },
  LiabilitiesBiggerThanAssets: { code: 6094, message: "Cannot have more liabilities than assets in a position" },
  ReserveTokenBalanceMismatch: { code: 6095, message: "Reserve state and token account cannot drift" },
  ReserveVaultBalanceMismatch: { code: 6096, message: "Reserve token account has been unexpectedly modified" },
  ReserveAccountingMismatch: { code: 6097, message: "Reserve internal state accounting has been unexpectedly modified" },
  BorrowingAboveUtilizationRateDisabled: { code: 6098, message: "Borrowing above set utilization rate is disabled" },
  LiquidationBorrowFactorPriority: { code: 6099, message: "Liquidation must prioritize the debt with the highest borrow factor" },
  LiquidationLowestLiquidationLtvPriority: {
    code: 6100,
    message: "Liquidation must prioritize the collateral with the lowest liquidation LTV",
  },
  ElevationGroupBorrowLimitExceeded: { code: 6101, message: "Elevation group borrow limit exceeded" },
  ElevationGroupWithoutDebtReserve: { code: 6102, message: "The elevation group does not have a debt reserve defined" },
  ElevationGroupMaxCollateralReserveZero: { code: 6103, message: "The elevation group does not allow any collateral reserves" },
  ElevationGroupHasAnotherDebtReserve: {
    code: 6104,
    message: "In elevation group attempt to borrow from a reserve that is not the debt reserve",
  },
  ElevationGroupDebtReserveAsCollateral: {
    code: 6105,
    message: "The elevation group's debt reserve cannot be used as a collateral reserve",
  },
  ObligationCollateralExceedsElevationGroupLimit: {
    code: 6106,
    message: "Obligation have more collateral than the maximum allowed by the elevation group",
  },
  ObligationElevationGroupMultipleDebtReserve: {
    code: 6107,
    message: "Obligation is an elevation group but have more than one debt reserve",
  },
  UnsupportedTokenExtension: { code: 6108, message: "Mint has a token (2022) extension that is not supported" },
  InvalidTokenAccount: { code: 6109, message: "Can't have an spl token mint with a t22 account" },
  DepositDisabledOutsideElevationGroup: { code: 6110, message: "Can't deposit into this reserve outside elevation group" },
  CannotCalculateReferralAmountDueToSlotsMismatch: { code: 6111, message: "Cannot calculate referral amount due to slots mismatch" },
  ObligationOwnersMustMatch: { code: 6112, message: "Obligation owners must match" },
  ObligationsMustMatch: { code: 6113, message: "Obligations must match" },
  LendingMarketsMustMatch: { code: 6114, message: "Lending markets must match" },
  ObligationCurrentlyMarkedForDeleveraging: { code: 6115, message: "Obligation is already marked for deleveraging" },
  MaximumWithdrawValueZero: { code: 6116, message: "Maximum withdrawable value of this collateral is zero, LTV needs improved" },
  ZeroMaxLtvAssetsInDeposits: { code: 6117, message: "No max LTV 0 assets allowed in deposits for repay and withdraw" },
  LowestLtvAssetsPriority: { code: 6118, message: "Withdrawing must prioritize the collateral with the lowest reserve max-LTV" },
  WorseLtvThanUnhealthyLtv: { code: 6119, message: "Cannot get the obligation liquidatable" },
  FarmAccountsMissing: { code: 6120, message: "Farm accounts to refresh are missing" },
  RepayTooSmallForFullLiquidation: { code: 6121, message: "Repay amount is too small to satisfy the mandatory full liquidation" },
  InsufficientRepayAmount: { code: 6122, message: "Liquidator provided repay amount lower than required by liquidation rules" },
  OrderIndexOutOfBounds: { code: 6123, message: "Obligation order of the given index cannot exist" },
  InvalidOrderConfiguration: { code: 6124, message: "Given order configuration has wrong parameters" },
  OrderConfigurationNotSupportedByObligation: {
    code: 6125,
    message: "Given order configuration cannot be used with the current state of the obligation",
  },
  OperationNotPermittedWithCurrentObligationOrders: {
    code: 6126,
    message: "Single debt, single collateral obligation orders have to be cancelled before changing the deposit/borrow count",
  },
  OperationNotPermittedMarketImmutable: { code: 6127, message: "Cannot update lending market because it is set as immutable" },
  OrderCreationDisabled: { code: 6128, message: "Creation of new orders is disabled" },
  NoUpgradeAuthority: { code: 6129, message: "Cannot initialize global config because there is no upgrade authority to the program" },
} as const satisfies Record<string, ErrorEntry>;

export type KlendErrorName = keyof typeof KLEND_ERRORS;

/**
 * Anchor framework errors that klend's account constraints raise and that the shared Anchor table does not list:
 * the `zero` and `token::`/`mint::` constraints and the sysvar check, with Anchor's numbers and messages.
 */
export const MARKET_ANCHOR_ERRORS = {
  AccountDiscriminatorAlreadySet: { code: 3000, message: "The account discriminator was already set on this account" },
  ConstraintRentExempt: { code: 2005, message: "A rent exempt constraint was violated" },
  ConstraintTokenMint: { code: 2014, message: "A token mint constraint was violated" },
  ConstraintTokenOwner: { code: 2015, message: "A token owner constraint was violated" },
  AccountSysvarMismatch: { code: 3015, message: "The given public key does not match the required sysvar" },
  RequireKeysEqViolated: { code: 2502, message: "A require_keys_eq expression was violated" },
} as const satisfies Record<string, ErrorEntry>;

export type MarketErrorName = KlendErrorName | keyof typeof MARKET_ANCHOR_ERRORS | AnchorErrorName;

const inTable = <T extends object>(table: T, name: string): name is Extract<keyof T, string> => name in table;

/** Fails with a klend error or an Anchor error by name, logged as Anchor logs it. */
export function fail(name: MarketErrorName, account: string | null = null): never {
  const entry: ErrorEntry = inTable(KLEND_ERRORS, name)
    ? KLEND_ERRORS[name]
    : inTable(MARKET_ANCHOR_ERRORS, name)
      ? MARKET_ANCHOR_ERRORS[name]
      : ANCHOR_ERRORS[name];
  throw new ProgramFailure(name, entry, account);
}
