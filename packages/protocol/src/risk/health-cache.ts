// The account's health cache (reference §10.5, §10.6): what borrow, withdraw and pulse_health leave behind for
// clients to read without re-running the risk engine.
import type { BankAccount, MarginfiAccountData } from "../state/views.js";
import { ProgramFailure } from "@ballast/anchor";
import * as fx from "../math/i80f48.js";
import { ERRORS } from "../program/error-codes.js";
import { HEALTH_CACHE_PRICES, type HealthCache } from "../state/health-cache.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";
import { hasAccountFlag } from "../state/account-flags.js";
import { AccountFlags, HealthCacheFlags } from "../state/flags.js";
import { RiskEngine, type EngineContext } from "./risk-engine.js";
import { PriceType } from "./price-feed.js";
import { updateBankPriceCache } from "../program/bank-interest.js";
import type { InstructionAccount } from "@ballast/ledger";

/** Written into every cache the program fills (1 = 0.1.3, 2 = 0.1.4, 3 = 0.1.5 and later). */
export const PROGRAM_VERSION = 3;

/** The error codes the program counts as oracle failures (is_oracle_error). */
const ORACLE_ERRORS = new Set<number>(
  (
    [
      "WrongNumberOfOracleAccounts",
      "SwitchboardInvalidAccount",
      "PythPushInvalidAccount",
      "SwitchboardWrongAccountOwner",
      "PythPushInsufficientVerificationLevel",
      "StakedPythPushWrongAccountOwner",
      "PythPushWrongAccountOwner",
      "WrongOracleAccountKeys",
      "PythPushStalePrice",
      "SwitchboardStalePrice",
      "StakePoolValidationFailed",
      "InvalidBankAccount",
      "MissingBankAccount",
      "MissingPythAccount",
      "MissingPythOrBankAccount",
      "PythPushInvalidWindowSize",
      "OracleMaxConfidenceExceeded",
      "ZeroSupplyInStakePool",
    ] as const
  ).map((name) => ERRORS[name].code),
);

export function isOracleError(code: number): boolean {
  return ORACLE_ERRORS.has(code);
}

/** A zeroed cache stamped `now` with the program version, as every writer starts. */
export function freshHealthCache(now: bigint): HealthCache {
  return {
    assetValue: fx.ZERO,
    liabilityValue: fx.ZERO,
    assetValueMaint: fx.ZERO,
    liabilityValueMaint: fx.ZERO,
    assetValueEquity: fx.ZERO,
    liabilityValueEquity: fx.ZERO,
    timestamp: now,
    flags: 0,
    mrgnErr: 0,
    prices: new Array<number>(HEALTH_CACHE_PRICES).fill(0),
    internalErr: 0,
    errIndex: 0,
    programVersion: PROGRAM_VERSION,
    pad0: new Uint8Array(2),
    internalLiqErr: 0,
    internalBankruptcyErr: 0,
    reserved0: new Uint8Array(32),
    reserved1: new Uint8Array(16),
  };
}

export function writeHealthCache(account: MarginfiAccountData, cache: HealthCache): void {
  MarginfiAccountLayout.fields.healthCache.set(account, cache);
}

/** Runs `check`, turning a program failure into its code (0 when it passed); anything else propagates. */
function codeOf(check: () => void): number {
  try {
    check();
    return 0;
  } catch (e) {
    if (e instanceof ProgramFailure) return e.code;
    throw e;
  }
}

/**
 * lending_account_pulse_health's cache: the Initial pass with its outcome as flags and mrgn_err, then the
 * maintenance (liquidation) and bankruptcy checks, whose refusals (normally 6068 and 6013) are only recorded.
 */
export function pulseHealthCache(engine: RiskEngine, now: bigint): HealthCache {
  const cache = freshHealthCache(now);
  const initialErr = codeOf(() => engine.checkInitialHealth(cache));
  if (initialErr === 0) {
    cache.flags |= HealthCacheFlags.ENGINE_OK;
    if (cache.internalErr === 0) cache.flags |= HealthCacheFlags.ORACLE_OK;
  } else {
    cache.mrgnErr = initialErr;
    if (initialErr === ERRORS.RiskEngineInitRejected.code) cache.flags |= HealthCacheFlags.ENGINE_OK;
    if (!isOracleError(initialErr) && cache.internalErr === 0) cache.flags |= HealthCacheFlags.ORACLE_OK;
  }
  cache.internalLiqErr = codeOf(() => engine.checkLiquidatable(cache));
  cache.internalBankruptcyErr = codeOf(() => engine.checkBankrupt(cache));
  return cache;
}

/**
 * The Initial check that ends a borrow or withdraw (reference §10.5): the account's health cache is rewritten and
 * the acted-on bank's price cache takes its oracle's real-time price when the bank is among the risk accounts.
 * Inside a flash loan the check is deferred to the end of the loan and the cache records only that.
 */
export function checkHealthAfterAction(
  ctx: EngineContext,
  account: MarginfiAccountData,
  remaining: readonly InstructionAccount[],
  bank: BankAccount,
): void {
  const now = ctx.clock.unixTimestamp;
  const cache = freshHealthCache(now);
  if (hasAccountFlag(account, AccountFlags.ACCOUNT_IN_FLASHLOAN)) {
    cache.flags = HealthCacheFlags.ENGINE_OK;
    writeHealthCache(account, cache);
    return;
  }
  const engine = RiskEngine.load(ctx, account, remaining);
  engine.checkInitialHealth(cache);
  cache.flags |= HealthCacheFlags.ENGINE_OK;
  writeHealthCache(account, cache);
  const feed = engine.priceFeedFor(bank.key);
  if (feed) {
    const { price, confidence } = feed.priceAndConfidence(PriceType.RealTime);
    updateBankPriceCache(bank.data, price, confidence, now);
  }
}
