// update_lending_market's modes (klend's UpdateLendingMarketMode, a u64 argument; reference SML §2.6).

export const UpdateLendingMarketMode = {
  UpdateOwner: 0,
  UpdateEmergencyMode: 1,
  UpdateLiquidationCloseFactor: 2,
  UpdateLiquidationMaxValue: 3,
  DeprecatedUpdateGlobalUnhealthyBorrow: 4,
  UpdateGlobalAllowedBorrow: 5,
  UpdateRiskCouncil: 6,
  UpdateMinFullLiquidationThreshold: 7,
  UpdateInsolvencyRiskLtv: 8,
  UpdateElevationGroup: 9,
  UpdateReferralFeeBps: 10,
  DeprecatedUpdateMultiplierPoints: 11,
  UpdatePriceRefreshTriggerToMaxAgePct: 12,
  UpdateAutodeleverageEnabled: 13,
  UpdateBorrowingDisabled: 14,
  UpdateMinNetValueObligationPostAction: 15,
  UpdateMinValueLtvSkipPriorityLiqCheck: 16,
  UpdateMinValueBfSkipPriorityLiqCheck: 17,
  UpdatePaddingFields: 18,
  UpdateName: 19,
  UpdateIndividualAutodeleverageMarginCallPeriodSecs: 20,
  UpdateInitialDepositAmount: 21,
  UpdateObligationOrderExecutionEnabled: 22,
  UpdateImmutableFlag: 23,
  UpdateObligationOrderCreationEnabled: 24,
  UpdateProposerAuthority: 25,
  UpdatePriceTriggeredLiquidationDisabled: 26,
} as const;

export type UpdateLendingMarketModeName = keyof typeof UpdateLendingMarketMode;

/** The value bytes update_lending_market carries; each mode reads its value from the first of them. */
export const LENDING_MARKET_UPDATE_VALUE_SIZE = 72;

/** The mode's name, or null for a number that is not a mode (InvalidInstructionData). */
export function lendingMarketModeName(mode: bigint): UpdateLendingMarketModeName | null {
  const entry = Object.entries(UpdateLendingMarketMode).find(([, value]) => BigInt(value) === mode);
  return entry ? (entry[0] as UpdateLendingMarketModeName) : null;
}
