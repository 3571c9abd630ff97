// How the program reads a bank's price (reference §9.2, §9.3): the bank's oracle accounts are checked and loaded
// once per instruction, then priced by type (EMA or spot) and bias (confidence interval below or above).
import type { BankData } from "../state/views.js";
import type { InstructionAccount } from "@ballast/ledger";
import { PULL_FEED_PRECISION, verificationLevelAtLeast, type PriceUpdateV2, type PullFeedReading } from "@ballast/oracles";
import * as fx from "../math/i80f48.js";
import type { I80F48 } from "../math/i80f48.js";
import { tenPow } from "../math/value.js";
import { fail } from "../program/errors.js";
import { BankLayout } from "../state/bank.js";
import { AssetTag, OracleSetup } from "../state/enums.js";
import {
  ORACLE_KEYS,
  checkOracleAccountCount,
  checkOracleKey,
  checkPythOwner,
  checkSwitchboardOwner,
  loadPriceUpdate,
  loadPullFeed,
} from "./oracle-accounts.js";
import { NON_REFUNDABLE_POOL_STAKE, delegatedStake, lstSupply } from "./stake-pool-accounts.js";
import { KAMINO_FRACTION_BITS, KAMINO_PROGRAM_ID, isKaminoReserve, readKaminoReserveSupply } from "../state/kamino.js";

/** TimeWeighted is Pyth's EMA, RealTime its spot price; Switchboard and Fixed feeds give the same price for both. */
export const PriceType = { TimeWeighted: 0, RealTime: 1 } as const;
export type PriceType = (typeof PriceType)[keyof typeof PriceType];

/** Low values assets conservatively (price − interval), High liabilities (price + interval). */
export const PriceBias = { Low: 0, High: 1 } as const;
export type PriceBias = (typeof PriceBias)[keyof typeof PriceBias];

export interface PriceFeed {
  /**
   * The price biased by the capped confidence interval, enforcing the max-confidence gate (6055). Without a bias
   * the plain price, with no gate: the program only looks at the confidence when it biases.
   */
  price(type: PriceType, bias?: PriceBias): I80F48;
  /** Unbiased price and the capped confidence interval, for the bank price cache (gate enforced). */
  priceAndConfidence(type: PriceType): { price: I80F48; confidence: I80F48 };
}

/** Pyth conf → confidence interval (CONF_INTERVAL_MULTIPLE). */
const CONF_INTERVAL_MULTIPLE = fx.fromDecimal("2.12");
/** Switchboard std_dev → confidence interval (STD_DEV_MULTIPLE). */
const STD_DEV_MULTIPLE = fx.fromDecimal("1.96");
/** Whatever the gate allows, the interval used is at most 5% of the price (MAX_CONF_INTERVAL). */
const MAX_CONF_INTERVAL = fx.fromDecimal("0.05");
/** oracle_max_confidence is a u32 fraction of 100%; 0 means 10% (U32_MAX_DIV_10). */
const U32_MAX = fx.fromInt(4_294_967_295);
const DEFAULT_MAX_CONFIDENCE = 429_496_730;
/** MAX_PYTH_ORACLE_AGE: what oracle_max_age 0 means on a PythPushOracle bank. */
const MAX_PYTH_ORACLE_AGE = 60n;
const FULL_VERIFICATION = { kind: "Full" } as const;
const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;

const config = BankLayout.fields.config.fields;
const [feedKey, secondKey, thirdKey] = ORACLE_KEYS;

/** Oracle accounts that follow the bank in risk-account packing (§9.1). */
export function oracleAccountCount(bankData: BankData): number {
  if (config.oracleSetup.get(bankData) === OracleSetup.Fixed) return 0;
  const tag = config.assetTag.get(bankData);
  switch (tag) {
    case AssetTag.Default:
    case AssetTag.Sol:
      return 1;
    case AssetTag.Staked:
      return 3;
    case AssetTag.Kamino:
    case AssetTag.Drift:
    case AssetTag.Solend:
      return 2;
    default:
      return fail("AssetTagMismatch");
  }
}

/**
 * Checks the bank's oracle accounts (count, owner, key, format, verification, staleness) and returns its feed.
 * `now` is the clock's unix time; `slot` its slot, against which a Kamino reserve's last refresh is judged.
 */
export function loadPriceFeed(bankData: BankData, oracles: readonly InstructionAccount[], now: bigint, slot: bigint): PriceFeed {
  const setup = config.oracleSetup.get(bankData);
  switch (setup) {
    case OracleSetup.None:
      return fail("OracleNotSetup");
    case OracleSetup.PythLegacy:
    case OracleSetup.SwitchboardV2:
      throw new Error("deprecated oracle setup");
    case OracleSetup.PythPushOracle:
      return gatedFeed(pythPrices(loadPythPush(bankData, oracles, now)), maxConfidence(bankData));
    case OracleSetup.SwitchboardPull:
      return gatedFeed(switchboardPrices(loadSwitchboardPull(bankData, oracles, now)), maxConfidence(bankData));
    case OracleSetup.Fixed:
      return fixedFeed(bankData, oracles);
    case OracleSetup.StakedWithPythPush:
      return gatedFeed(pythPrices(loadStakedPythPush(bankData, oracles, now)), maxConfidence(bankData));
    case OracleSetup.KaminoPythPush:
      return gatedFeed(pythPrices(loadKaminoPythPush(bankData, oracles, now, slot)), maxConfidence(bankData));
    case OracleSetup.KaminoSwitchboardPull:
      return gatedFeed(switchboardPrices(loadKaminoSwitchboardPull(bankData, oracles, now, slot)), maxConfidence(bankData));
    case OracleSetup.DriftPythPull:
    case OracleSetup.DriftSwitchboardPull:
    case OracleSetup.SolendPythPull:
    case OracleSetup.SolendSwitchboardPull:
      // These bank kinds are not offered by this deployment.
      return fail("InvalidOracleSetup");
    default:
      throw new Error(`unsupported oracle setup ${setup}`);
  }
}

/** `get_oracle_max_age`: 0 means 60 s only for Pyth push banks; any other setup takes 0 literally. */
function maxAge(bankData: BankData, setup: number): bigint {
  const stored = config.oracleMaxAge.get(bankData);
  return stored === 0 && setup === OracleSetup.PythPushOracle ? MAX_PYTH_ORACLE_AGE : BigInt(stored);
}

function maxConfidence(bankData: BankData): I80F48 {
  const stored = config.oracleMaxConfidence.get(bankData);
  return fx.fromInt(stored > 0 ? stored : DEFAULT_MAX_CONFIDENCE);
}

function loadPythPush(bankData: BankData, oracles: readonly InstructionAccount[], now: bigint): PriceUpdateV2 {
  const [feed] = checkOracleAccountCount(oracles, 1);
  checkPythOwner(feed);
  checkOracleKey(feed, feedKey.get(bankData));
  return loadFreshPriceUpdate(feed, maxAge(bankData, OracleSetup.PythPushOracle), now);
}

/** The update, fully verified and no older than `age`. */
function loadFreshPriceUpdate(feed: InstructionAccount, age: bigint, now: bigint): PriceUpdateV2 {
  const update = loadPriceUpdate(feed);
  // The receiver SDK checks the verification level before the age; the feed id is the account's own.
  if (!verificationLevelAtLeast(update.verificationLevel, FULL_VERIFICATION)) fail("PythPushInsufficientVerificationLevel");
  if (update.priceMessage.publishTime + age < now) fail("PythPushStalePrice");
  return update;
}

/**
 * A staked bank's oracles are [SOL Pyth feed, LST mint, stake account]. The SOL price and EMA price become LST
 * prices: raw × (delegated stake − the pool's non-refundable 1 SOL) / LST supply, in integer raw units at the
 * feed's exponent (i128 division truncates toward zero); the confidences stay those of SOL.
 */
function loadStakedPythPush(bankData: BankData, oracles: readonly InstructionAccount[], now: bigint): PriceUpdateV2 {
  const [feed, mint, stake] = checkOracleAccountCount(oracles, 3);
  if (mint.key !== secondKey.get(bankData) || stake.key !== thirdKey.get(bankData)) fail("WrongOracleAccountKeys");
  const supply = lstSupply(mint);
  if (supply === 0n) fail("ZeroSupplyInStakePool");
  const backing = delegatedStake(stake) - NON_REFUNDABLE_POOL_STAKE;
  if (backing < 0n) fail("MathError");
  checkOracleKey(feed, feedKey.get(bankData));
  checkPythOwner(feed, "StakedPythPushWrongAccountOwner");
  const update = loadFreshPriceUpdate(feed, maxAge(bankData, OracleSetup.StakedWithPythPush), now);
  const m = update.priceMessage;
  const perLst = (raw: bigint) => {
    const price = (raw * backing) / supply;
    if (price < I64_MIN || price > I64_MAX) fail("MathError");
    return price;
  };
  return { ...update, priceMessage: { ...m, price: perLst(m.price), emaPrice: perLst(m.emaPrice) } };
}

function loadSwitchboardPull(bankData: BankData, oracles: readonly InstructionAccount[], now: bigint): PullFeedReading {
  const [feed] = checkOracleAccountCount(oracles, 1);
  checkOracleKey(feed, feedKey.get(bankData));
  checkSwitchboardOwner(feed);
  return loadFreshPullFeed(feed, maxAge(bankData, OracleSetup.SwitchboardPull), now);
}

function loadFreshPullFeed(feed: InstructionAccount, age: bigint, now: bigint): PullFeedReading {
  const reading = loadPullFeed(feed);
  if (now - reading.lastUpdateTimestamp > age) fail("SwitchboardStalePrice");
  return reading;
}

/**
 * A Kamino bank's balances count the reserve's collateral tokens, so its oracles are [price feed, reserve] and the
 * token price becomes a collateral-token price: raw × total liquidity / collateral supply, truncated in raw units
 * (the decimals of both sides are the same and cancel). The reserve must have been refreshed in this slot.
 */
function kaminoCollateralScale(bankData: BankData, reserve: InstructionAccount, slot: bigint): (raw: bigint) => bigint {
  if (reserve.key !== secondKey.get(bankData)) fail("KaminoReserveValidationFailed");
  if (reserve.account.owner !== KAMINO_PROGRAM_ID || !isKaminoReserve(reserve.account.data)) fail("KaminoReserveValidationFailed");
  const view = readKaminoReserveSupply(reserve.account.data);
  if (view.lastUpdateSlot < slot) fail("ReserveStale");
  if (view.collateralSupply === 0n) return (raw) => raw;
  const denominator = view.collateralSupply << KAMINO_FRACTION_BITS;
  return (raw) => (raw * view.totalSupplySf) / denominator;
}

function loadKaminoPythPush(bankData: BankData, oracles: readonly InstructionAccount[], now: bigint, slot: bigint): PriceUpdateV2 {
  const [feed, reserve] = checkOracleAccountCount(oracles, 2);
  checkOracleKey(feed, feedKey.get(bankData));
  const scale = kaminoCollateralScale(bankData, reserve, slot);
  checkPythOwner(feed);
  const update = loadFreshPriceUpdate(feed, maxAge(bankData, OracleSetup.KaminoPythPush), now);
  const m = update.priceMessage;
  const i64 = (raw: bigint) => {
    const scaled = scale(raw);
    if (scaled < I64_MIN || scaled > I64_MAX) fail("MathError");
    return scaled;
  };
  return { ...update, priceMessage: { ...m, price: i64(m.price), emaPrice: i64(m.emaPrice), conf: i64(m.conf), emaConf: i64(m.emaConf) } };
}

function loadKaminoSwitchboardPull(bankData: BankData, oracles: readonly InstructionAccount[], now: bigint, slot: bigint): PullFeedReading {
  const [feed, reserve] = checkOracleAccountCount(oracles, 2);
  checkOracleKey(feed, feedKey.get(bankData));
  const scale = kaminoCollateralScale(bankData, reserve, slot);
  checkSwitchboardOwner(feed);
  const reading = loadFreshPullFeed(feed, maxAge(bankData, OracleSetup.KaminoSwitchboardPull), now);
  return { ...reading, value: scale(reading.value), stdDev: scale(reading.stdDev) };
}

function fixedFeed(bankData: BankData, oracles: readonly InstructionAccount[]): PriceFeed {
  checkOracleAccountCount(oracles, 0);
  const price = config.fixedPrice.get(bankData);
  if (price < 0n) fail("FixedOraclePriceNegative");
  return { price: () => price, priceAndConfidence: () => ({ price, confidence: fx.ZERO }) };
}

/** A feed's price and raw confidence interval (before the gate and the cap) for each price type. */
interface FeedPrices {
  price(type: PriceType): I80F48;
  interval(type: PriceType): I80F48;
}

/**
 * raw × 10^exponent, dividing by 10^|exponent| (truncating) when it is negative. The powers come from the
 * program's 10^0..10^23 table; an exponent beyond it makes the program panic (tenPow throws a RangeError).
 */
function pythScale(raw: bigint, exponent: number): I80F48 {
  const value = fx.fromInt(raw);
  const factor = tenPow(Math.abs(exponent));
  if (exponent < 0) return fx.div(value, factor);
  if (exponent > 0) return fx.mul(value, factor);
  return value;
}

/** EMA price and EMA conf for TimeWeighted, spot price and conf for RealTime; both from the same message. */
function pythPrices(update: PriceUpdateV2): FeedPrices {
  const m = update.priceMessage;
  const ema = (type: PriceType) => type === PriceType.TimeWeighted;
  return {
    price: (type) => pythScale(ema(type) ? m.emaPrice : m.price, m.exponent),
    interval: (type) => fx.mul(pythScale(ema(type) ? m.emaConf : m.conf, m.exponent), CONF_INTERVAL_MULTIPLE),
  };
}

/**
 * result.value and result.std_dev are i128 with 18 decimals. Like the program, each is converted to I80F48 and
 * then divided by 10^18 as I80F48 (truncating toward zero); that equals truncating the exact value × 2^48 / 10^18.
 * A value beyond I80F48's integer range (about 6e5 in price units) fails as MathError.
 */
function switchboardPrices(feed: PullFeedReading): FeedPrices {
  const scale = tenPow(PULL_FEED_PRECISION);
  return {
    price: () => fx.div(fx.fromInt(feed.value), scale),
    interval: () => fx.mul(fx.div(fx.fromInt(feed.stdDev), scale), STD_DEV_MULTIPLE),
  };
}

/** Prices with the program's confidence rules (§9.3); the bank's max confidence is read once at load. */
function gatedFeed(prices: FeedPrices, maxConfidence: I80F48): PriceFeed {
  const cappedInterval = (type: PriceType, price: I80F48): I80F48 => {
    const interval = prices.interval(type);
    // price × mc is exact (mc is an integer); the division by u32::MAX truncates, as checked_div does.
    if (interval > fx.div(fx.mul(price, maxConfidence), U32_MAX)) fail("OracleMaxConfidenceExceeded");
    const cap = fx.mul(price, MAX_CONF_INTERVAL);
    // The program asserts both are non-negative (a negative Switchboard price and std_dev can get this far).
    if (cap < 0n || interval < 0n) throw new Error("negative confidence interval");
    return interval < cap ? interval : cap;
  };
  return {
    price(type, bias) {
      const price = prices.price(type);
      if (bias === undefined) return price;
      const interval = cappedInterval(type, price);
      return bias === PriceBias.Low ? fx.sub(price, interval) : fx.add(price, interval);
    },
    priceAndConfidence(type) {
      const price = prices.price(type);
      return { price, confidence: cappedInterval(type, price) };
    },
  };
}
