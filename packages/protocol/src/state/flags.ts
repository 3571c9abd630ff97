// Flag bits, typed like the fields that hold them (u64 fields as bigint, u32/u8 fields as number).

/** Bank.flags (u64). */
export const BankFlags = {
  EMISSIONS_FLAG_BORROW_ACTIVE: 1n,
  EMISSIONS_FLAG_LENDING_ACTIVE: 2n,
  PERMISSIONLESS_BAD_DEBT_SETTLEMENT_FLAG: 4n,
  FREEZE_SETTINGS: 8n,
  /** Set by Bank::new for every bank created at 0.1.4 or later. */
  CLOSE_ENABLED_FLAG: 16n,
  TOKENLESS_REPAYMENTS_ALLOWED: 32n,
  TOKENLESS_REPAYMENTS_COMPLETE: 64n,
} as const;
export const EMISSION_FLAGS = BankFlags.EMISSIONS_FLAG_BORROW_ACTIVE | BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE;
/** The Bank.flags bits a group admin may set through configure_bank. */
export const GROUP_FLAGS =
  BankFlags.PERMISSIONLESS_BAD_DEBT_SETTLEMENT_FLAG |
  BankFlags.FREEZE_SETTINGS |
  BankFlags.TOKENLESS_REPAYMENTS_ALLOWED |
  BankFlags.TOKENLESS_REPAYMENTS_COMPLETE;

/** BankConfig.config_flags (u8). */
export const BankConfigFlags = {
  /** Always set for banks created at 0.1.4 or later. */
  PYTH_PUSH_MIGRATED_DEPRECATED: 1,
} as const;

/** MarginfiAccount.account_flags (u64). */
export const AccountFlags = {
  ACCOUNT_DISABLED: 1n,
  ACCOUNT_IN_FLASHLOAN: 2n,
  ACCOUNT_FLAG_DEPRECATED: 4n,
  /** Also read as "authority transfer allowed". */
  ACCOUNT_TRANSFER_AUTHORITY_DEPRECATED: 8n,
  /** Only ever set within one liquidation transaction. */
  ACCOUNT_IN_RECEIVERSHIP: 16n,
  ACCOUNT_IN_DELEVERAGE: 32n,
  ACCOUNT_FROZEN: 64n,
} as const;

/** MarginfiGroup.group_flags (u64). */
export const GroupFlags = {
  PROGRAM_FEES_ENABLED: 1n,
  /** Deprecated; an arena group cannot revert to a non-arena group. */
  ARENA_GROUP: 2n,
} as const;

/** EmodeSettings.flags (u64). */
export const EmodeSettingsFlags = {
  /** The bank has at least one non-empty emode entry. */
  EMODE_ON: 1n,
} as const;

/** EmodeEntry.flags (u8). */
export const EmodeEntryFlags = {
  /** Not implemented by the program yet. */
  APPLIES_TO_ISOLATED: 1,
} as const;

/** HealthCache.flags (u32). */
export const HealthCacheFlags = {
  /** Cannot be liquidated. */
  HEALTHY: 1,
  ENGINE_OK: 2,
  ORACLE_OK: 4,
} as const;

/** PanicState.pause_flags and PanicStateCache.pause_flags (u8). */
export const PauseFlags = {
  FLAG_PAUSED: 1,
} as const;
