// A wallet's margin accounts, one account's state and health, and a wallet's token balances (spec §7):
// GET /api/account-addresses, POST /api/account-info, POST /api/user-balance.
import type { WalletBalances } from "../state/wallet-balances.js";

/** GET /api/account-addresses's query. */
export type AccountAddressesQuery = {
  /** The wallet (margin account authority). */
  readonly authority: string;
  /** The market's group; the server's main market when not given. */
  readonly group?: string;
};

/**
 * GET /api/account-addresses's reply: the wallet's margin accounts in the group in the order they were opened (those
 * not indexed yet last, in byte order); accounts transferred to another wallet are left out.
 */
export interface AccountAddressesReply {
  readonly ballastAccounts: string[];
}

/** POST /api/account-info's body. bankMap and bankMetadataMap are accepted for compatibility and ignored. */
export interface AccountInfoRequest {
  readonly accountKey: string;
  /** The account's authority: another wallet's account answers 403. */
  readonly authorityKey: string;
  /**
   * The reader has seen the account at this slot (a notification's context slot): a cached view read earlier is not
   * served, the account is read again.
   */
  readonly minContextSlot?: number;
  readonly bankMap?: Record<string, unknown>;
  readonly bankMetadataMap?: Record<string, unknown>;
}

/** One balance slot of a margin account. */
export interface BalanceDto {
  readonly bankPk: string;
  readonly active: boolean;
  /** I80F48 values as exact decimal strings. */
  readonly assetShares: string;
  readonly liabilityShares: string;
  readonly emissionsOutstanding: string;
  /** Unix seconds. */
  readonly lastUpdate: number;
}

/** Why the health shown is the local computation rather than the simulated pulse. */
export interface SimulationErrorDto {
  readonly message: string;
  /** The Initial check's and the first tolerated oracle error codes, when the program's health cache was read. */
  readonly mrgnErr: number | null;
  readonly internalErr: number | null;
}

/** The account's health cache (USD values as exact decimal strings). */
export interface HealthCacheDto {
  /** Initial-weighted, biased EMA prices. */
  readonly assetValue: string;
  readonly liabilityValue: string;
  /** Maintenance-weighted, spot prices. */
  readonly assetValueMaint: string;
  readonly liabilityValueMaint: string;
  /** Weight 1, biased EMA prices. */
  readonly assetValueEquity: string;
  readonly liabilityValueEquity: string;
  /** Unix seconds the values were computed at. */
  readonly timestamp: number;
  /** HealthCacheFlags bits: 1 healthy, 2 engine ok, 4 oracle ok. */
  readonly flags: number;
  /** The Initial pass's biased USD price of each active balance, in slot order (16 entries). */
  readonly prices: readonly number[];
  /** Error code of the Initial check (e.g. 6009), 0 without one. */
  readonly mrgnErr: number;
  /** First tolerated asset-oracle error code. */
  readonly internalErr: number;
  /** Error of the maintenance (liquidation) check. */
  readonly internalLiqErr: number;
  /** Error of the bankruptcy check. */
  readonly internalBankruptcyErr: number;
  /**
   * 0: on-chain (a simulated pulse-health transaction); 2: computed locally as a fallback (spec §4), the six values at
   * the market snapshot's clock, flags, prices and error codes as the program stored them at the last pulse.
   */
  readonly simulationStatus: number;
  /** Null with status 0. */
  readonly simulationError: SimulationErrorDto | null;
}

/** The account's health as the SDK derives it from the health cache, as exact decimal strings. */
export interface AccountHealthDto {
  /** Maintenance health factor. */
  readonly factor: string;
  /** Its bar, 0–100. */
  readonly bar: string;
  /** Free collateral, USD. */
  readonly freeCollateral: string;
  readonly liquidationRisk: boolean;
}

/** One lending or borrowing position. */
export interface PositionDto {
  readonly bank: string;
  /** Tokens (UI units), exact decimal. */
  readonly amount: string;
  /** USD at the unbiased real-time price, exact decimal; null without a price. */
  readonly usdValue: string | null;
  readonly isLending: boolean;
  readonly isDust: boolean;
  /** USD price of the token at which the account becomes liquidatable, exact decimal; null when none applies. */
  readonly liquidationPrice: string | null;
}

/** POST /api/account-info's reply. */
export interface AccountDto {
  readonly address: string;
  /** The ledger slot the account was read at. */
  readonly slot: number;
  readonly group: string;
  readonly authority: string;
  readonly balances: readonly BalanceDto[];
  /** u64 as a decimal string, with its bits decoded below. */
  readonly accountFlags: string;
  readonly disabled: boolean;
  readonly inFlashloan: boolean;
  readonly transferAuthorityAllowed: boolean;
  readonly emissionsDestinationAccount: string;
  /** Unix seconds. */
  readonly lastUpdate: number;
  readonly healthCache: HealthCacheDto;
  readonly health: AccountHealthDto;
  readonly positions: readonly PositionDto[];
}

/** A token whose associated token account balance POST /api/user-balance reads. */
export interface BalanceToken {
  readonly mint: string;
  /** SPL Token or Token-2022. */
  readonly tokenProgram: string;
  /** The mint's decimals. */
  readonly decimal: number;
}

/** POST /api/user-balance's body (at most 100 tokens). */
export interface UserBalanceRequest {
  readonly address: string;
  readonly tokens: readonly BalanceToken[];
}

/** POST /api/user-balance's reply: native SOL (in SOL) and the associated token account of each token, in order. */
export type UserBalanceReply = WalletBalances;
