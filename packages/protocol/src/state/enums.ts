// One-byte enums of the 0.1.7a program. Stored fields keep the raw byte (number) so that accounts
// holding deprecated or unknown variants still decode; these tables name the known values.

export const OracleSetup = {
  None: 0,
  PythLegacy: 1,
  SwitchboardV2: 2,
  PythPushOracle: 3,
  SwitchboardPull: 4,
  StakedWithPythPush: 5,
  KaminoPythPush: 6,
  KaminoSwitchboardPull: 7,
  Fixed: 8,
  DriftPythPull: 9,
  DriftSwitchboardPull: 10,
  SolendPythPull: 11,
  SolendSwitchboardPull: 12,
} as const;
export type OracleSetup = (typeof OracleSetup)[keyof typeof OracleSetup];

export const BankOperationalState = {
  Paused: 0,
  Operational: 1,
  ReduceOnly: 2,
  KilledByBankruptcy: 3,
} as const;
export type BankOperationalState = (typeof BankOperationalState)[keyof typeof BankOperationalState];

export const RiskTier = {
  Collateral: 0,
  Isolated: 1,
} as const;
export type RiskTier = (typeof RiskTier)[keyof typeof RiskTier];

/** BankConfig.asset_tag and Balance.bank_asset_tag (a plain u8 on chain, not an enum). */
export const AssetTag = {
  Default: 0,
  Sol: 1,
  Staked: 2,
  Kamino: 3,
  Drift: 4,
  Solend: 5,
} as const;
export type AssetTag = (typeof AssetTag)[keyof typeof AssetTag];

/** InterestRateConfig.curve_type. */
export const InterestCurveType = {
  Legacy: 0,
  SevenPoint: 1,
} as const;
export type InterestCurveType = (typeof InterestCurveType)[keyof typeof InterestCurveType];

/** The variant name of a raw byte, or undefined for a byte the program does not define. */
export function variantName(table: Readonly<Record<string, number>>, value: number): string | undefined {
  return Object.keys(table).find((name) => table[name] === value);
}
