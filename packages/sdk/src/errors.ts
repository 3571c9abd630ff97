// The SDK's own failures as one family of coded errors, as @solana/kit's SolanaError: a code names the failure, its
// context carries the values, and one table words every message. Callers branch on `code`, never on message text.
// (Failures of the transaction layer keep their marginfi-compatible ProcessTransactionError.)
import { MESSAGES } from "./transactions/errors.js";
import { actionRefusalMessage, type ActionRefusal } from "./validation/refusals.js";

const SDK_ERROR_MESSAGES = {
  ACTION_REFUSED: (c: { refusal: ActionRefusal }) => actionRefusalMessage(c.refusal),
  ACCOUNT_NOT_FOUND: () => "Account not found",
  GROUP_NOT_FOUND: (c: { group: string }) => `Group ${c.group} not found`,
  BANK_NOT_FOUND: (c: { bank: string }) => `Bank ${c.bank} not found`,
  BANK_NOT_DECODED: (c: { bank: string }) => `Bank ${c.bank} is not among the decoded banks`,
  BANK_WITHOUT_KAMINO_RESERVE: () => "Bank has no kamino reserve",
  BANK_WITHOUT_KAMINO_OBLIGATION: () => "Bank has no kamino obligation",
  KAMINO_RESERVE_NOT_FOUND: (c: { reserve: string }) => `Kamino reserve ${c.reserve} not found`,
  KAMINO_RESERVE_NOT_LOADED: (c: { reserve: string }) => `Kamino reserve ${c.reserve} not loaded`,
  EMISSIONS_MINT_NOT_FOUND: (c: { mint: string }) => `Emissions mint ${c.mint} not found`,
  NO_BLOCK_TIME: () => "The node reports no block time",
  INVALID_RISK_TIER: (c: { value: unknown }) => `Invalid risk tier ${String(c.value)}`,
  INVALID_OPERATIONAL_STATE: (c: { value: unknown }) => `Invalid operational state ${String(c.value)}`,
  BALANCE_ON_BOTH_SIDES: (c: { bank: string }) => `Balance in bank ${c.bank} holds both assets and liabilities`,
  NO_INACTIVE_BALANCE: () => "No inactive balance found",
  BALANCE_NOT_ACTIVE: () => "Balance for bank should be projected active",
  ORACLE_PRICE_UNAVAILABLE: (c: { name: string; code: number }) => `Oracle price unavailable: ${c.name} (${c.code})`,
  LEVERAGE_NOT_ABOVE_ONE: (c: { leverage: string }) => `Target leverage ${c.leverage} needs to be greater than 1`,
  LEVERAGE_ABOVE_MAX: (c: { leverage: string; collateralBank: string; liabilityBank: string }) =>
    `Target leverage ${c.leverage} exceeds max leverage for banks ${c.collateralBank}, ${c.liabilityBank}`,
  ASSET_TAG_NOT_PACKABLE: (c: { assetTag: number }) => `Bank asset tag ${c.assetTag} has no risk-account packing`,
  TOKEN_2022_MINT_REQUIRED: () => "Token-2022 banks need their mint as the first remaining account",
  PDA_ACCOUNT_MISMATCH: (c: { accountIndex: number; expected: string }) => `The PDA account for index ${c.accountIndex} is ${c.expected}`,
  NO_INSTRUCTION_TO_REFRESH_FOR: () => "The flow has no lending program instruction to refresh for",
  LOOKUP_TABLE_OVERFLOW: (c: { banks: number; keys: number }) =>
    `A market of ${c.banks} banks names ${c.keys} keys, more than one lookup table holds (256)`,
  SWAP_REFUSED: (c: { message: string }) => `The swap API refused: ${c.message}`,
  SWAP_API_FAILED: (c: { message: string }) => `The swap API could not be reached: ${c.message}`,
  SWAP_AMOUNT_OUT_OF_RANGE: (c: { amount: bigint }) => `Swap amount ${c.amount} is out of range`,
  SWAP_ROUTE_TOO_LARGE: (c: { bytes: number; limit: number }) =>
    `No swap route fits in one transaction with the flash loan (smallest ${c.bytes} bytes of ${c.limit})`,
  SWAP_FLOW_UNHEALTHY: (c: { assets: string; liabilities: string }) =>
    `After the swap's price impact and slippage the account would fall below its Initial requirement (weighted assets ${c.assets} < weighted liabilities ${c.liabilities}); lower the leverage or the amount`,
  SWAP_SAME_BANK: () => "The two sides of a swap flow must be different banks",
  SWAP_SAME_MINT: (c: { mint: string }) => `Swapping ${c.mint} into itself is not a swap`,
  SWAP_COLLATERAL_SHORT: (c: { bank: string; needed: bigint; available: bigint }) =>
    `The deposit in bank ${c.bank} (${c.available}) cannot pay for this: the swap may take up to ${c.needed}`,
  SWAP_PROCEEDS_SHORT: (c: { received: bigint; debt: bigint }) =>
    `Selling the collateral returns at least ${c.received}, less than the debt of ${c.debt}`,
  INVALID_LEVERAGE: (c: { leverage: string }) => `Target leverage ${c.leverage} is not a number`,
  AMOUNT_NOT_POSITIVE: (c: { amount: bigint }) => `Amount ${c.amount} must be greater than zero`,
  PRICE_UNAVAILABLE: (c: { bank: string }) => `Bank ${c.bank} has no price`,
  PRICE_SHOCK_NEGATIVE: (c: { bank: string; multiplier: bigint }) =>
    `The price multiplier for bank ${c.bank} is ${c.multiplier} basis points; a price cannot fall below zero`,
  LIQUIDATION_REFUSED: (c: { refusal: string }) => `The program would refuse this liquidation: ${c.refusal}`,
  LIQUIDATION_PREMIUM_ABOVE_CAP: (c: { premium: string; cap: string }) =>
    `A receivership premium of ${c.premium} is above the program's cap of ${c.cap}`,
  LIQUIDATION_SWAP_UNPROFITABLE: (c: { spend: bigint; withdraw: bigint }) =>
    `Buying the debt on the venue may take up to ${c.spend} of the collateral, more than the ${c.withdraw} the receivership withdraws`,
  MARKET_OBLIGATION_HEALTHY: (c: { obligation: string }) =>
    `Market obligation ${c.obligation} is not liquidatable at these prices (Cannot liquidate healthy obligations)`,
  MARKET_LIQUIDATION_UNFUNDED: (c: { mint: string; needed: bigint; held: bigint }) =>
    `The wallet holds ${c.held} of ${c.mint}, not the ${c.needed} this liquidation repays`,
  MARKET_FLASH_LOANS_DISABLED: (c: { reserve: string }) => `Flash loans are disabled for this reserve (${c.reserve})`,
  ACCOUNT_NOT_BANKRUPT: (c: { account: string }) => `Account ${c.account} is not bankrupt`,
  BUNDLE_FAILED: (c: { bundleId: string }) => `Bundle ${c.bundleId} failed`,
  BUNDLE_REFUSED: (c: { reason: string }) => c.reason,
  BUNDLE_UNKNOWN_ERROR: () => MESSAGES.unknownError,
} as const;

type Messages = typeof SDK_ERROR_MESSAGES;

export type BallastSdkErrorCode = keyof Messages;

/** The values a code's message is made of; undefined for codes without any. */
export type BallastSdkErrorContext<C extends BallastSdkErrorCode> = Parameters<Messages[C]> extends [infer Context] ? Context : undefined;

type ContextArgs<C extends BallastSdkErrorCode> = Parameters<Messages[C]>;

export class BallastSdkError<C extends BallastSdkErrorCode = BallastSdkErrorCode> extends Error {
  readonly code: C;
  readonly context: BallastSdkErrorContext<C>;

  constructor(code: C, ...context: ContextArgs<C>) {
    super((SDK_ERROR_MESSAGES[code] as (...args: ContextArgs<C>) => string)(...context));
    this.name = "BallastSdkError";
    this.code = code;
    this.context = context[0] as BallastSdkErrorContext<C>;
  }
}

/** Whether `error` is one of the SDK's coded errors, of `code` when given. */
export function isBallastSdkError<C extends BallastSdkErrorCode>(error: unknown, code?: C): error is BallastSdkError<C> {
  return error instanceof BallastSdkError && (code === undefined || error.code === code);
}
