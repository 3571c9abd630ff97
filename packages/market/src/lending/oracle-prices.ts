// Reading a price for refresh_reserve (reference §2.8, §6.4, §7.4): each enabled source is read and any source that
// fails is dropped; the latest timestamp wins (Pyth, then Switchboard, then Scope on a tie); the winner is then checked for
// age, TWAP agreement, heuristic bounds and usage, each check setting its status bit without failing the refresh.
import {
  ORACLE_PRICES_ACCOUNT_SIZE,
  ORACLE_PRICES_DISCRIMINATOR,
  PYTH_RECEIVER_PROGRAM_ID,
  SCOPE_MAX_ENTRIES,
  SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
  PULL_FEED_PRECISION,
  decodePriceUpdateV2,
  readDatedPrice,
  readPullFeedResult,
} from "@ballast/oracles";
import { MS_PER_SLOT, PriceStatus, FULL_BPS } from "../constants.js";
import { ProgramFailure } from "@ballast/anchor";
import { KLEND_ERRORS, fail } from "../errors.js";
import { NULL_PUBKEY } from "../program-ids.js";
import { type DecimalPrice, MAX_CHAIN_PRICE_DECIMALS, multiplyPriceChain } from "../math/scope-chain.js";
import * as fx from "../math/fraction.js";
import { priceToFraction } from "../math/price.js";
import type { ScopeConfiguration, TokenInfo } from "../state/reserve-config.js";
import type { MarketClock } from "./last-update.js";
import { type OracleAccount, type OracleAccounts, isScopeEnabled, isSourceEnabled, isTwapEnabled, scopeHasTwap } from "./oracle-config.js";
import type { Log } from "./preconditions.js";
import type { PriceResult } from "./reserve-operations.js";

/** Confidence may be at most 2% of the price: conf × 50 ≤ price. */
const CONFIDENCE_FACTOR = 50n;

/** A price as a source gives it: its value (or why it cannot be used) and its timestamp. */
interface TimestampedPrice {
  value: bigint | { error: string };
  timestamp: bigint;
}

interface Candidate {
  price: TimestampedPrice;
  twap: TimestampedPrice | null;
}

class SourceError extends Error {}

function pythCandidate(account: OracleAccount): Candidate {
  if (account.owner !== PYTH_RECEIVER_PROGRAM_ID) throw new SourceError("Pyth price account is not owned by the Pyth receiver");
  const update = decodePriceUpdateV2(account.data);
  if (update.verificationLevel.kind !== "Full") throw new SourceError("Pyth price update is not fully verified");
  const m = update.priceMessage;
  if (m.price <= 0n) throw new SourceError("Pyth price is zero or negative");
  if (m.conf * CONFIDENCE_FACTOR > m.price) throw new SourceError("Pyth price confidence too wide");
  if (m.publishTime < 0n) throw new SourceError("Pyth publish time is negative");
  const exponent = Math.abs(m.exponent);
  const ema: bigint | { error: string } =
    m.emaPrice <= 0n
      ? { error: "PriceIsZero" }
      : m.emaConf * CONFIDENCE_FACTOR > m.emaPrice
        ? { error: "PriceConfidenceTooWide" }
        : priceToFraction(m.emaPrice, exponent);
  return {
    price: { value: priceToFraction(m.price, exponent), timestamp: m.publishTime },
    twap: { value: ema, timestamp: m.publishTime },
  };
}

function switchboardPrice(account: OracleAccount, clock: MarketClock): TimestampedPrice {
  if (account.owner !== SWITCHBOARD_ON_DEMAND_PROGRAM_ID) throw new SourceError("Switchboard feed is not owned by Switchboard On-Demand");
  const result = readPullFeedResult(account.data);
  if (result.slot === 0n) throw new SourceError("Switchboard feed has no result");
  if (result.value <= 0n) throw new SourceError("Switchboard price is zero or negative");
  if (result.stdDev < 0n) throw new SourceError("Switchboard standard deviation is negative");
  // Switchboard results carry a slot, not a time: back-date the clock by 400 ms per slot since.
  const elapsed = fx.saturatingSub(clock.slot, result.slot);
  const timestamp = clock.unixTimestamp - (elapsed * MS_PER_SLOT) / 1000n;
  const value =
    result.stdDev * CONFIDENCE_FACTOR >= result.value
      ? { error: "PriceConfidenceTooWide" }
      : priceToFraction(result.value, PULL_FEED_PRECISION);
  return { value, timestamp };
}

/** klend's price_to_fraction, whose failure (a Fraction too narrow) leaves the price unavailable rather than the refresh. */
function decimalToFraction(price: DecimalPrice): bigint | { error: string } {
  // klend's powers of ten stop at 10^36 (its ten_pow panics past it).
  if (price.exp > MAX_CHAIN_PRICE_DECIMALS) return { error: "MathOverflow" };
  try {
    return priceToFraction(price.value, price.exp);
  } catch (e) {
    if (e instanceof ProgramFailure) return { error: e.errorName };
    throw e;
  }
}

/**
 * A Scope chain read from OraclePrices: the entries up to the first index past the array (u16::MAX ends a chain),
 * their product and the oldest of their timestamps (one entry: its own price and time).
 */
function scopeChainPrice(data: Buffer, chain: readonly number[]): TimestampedPrice {
  if (chain.every((id) => id === 0)) throw new SourceError("Scope chain is not initialized properly");
  const links: { price: DecimalPrice; timestamp: bigint }[] = [];
  for (const id of chain) {
    if (id >= SCOPE_MAX_ENTRIES) break;
    const entry = readDatedPrice(data, id);
    links.push({ price: entry.price, timestamp: entry.unixTimestamp });
  }
  const first = links[0];
  if (!first) throw new SourceError("Scope chain is empty");
  if (links.length === 1) return { value: decimalToFraction(first.price), timestamp: first.timestamp };
  const timestamp = links.reduce((oldest, link) => (link.timestamp < oldest ? link.timestamp : oldest), first.timestamp);
  let value: bigint | { error: string };
  try {
    value = decimalToFraction(multiplyPriceChain(links.map((link) => link.price)));
  } catch (e) {
    if (!(e instanceof ProgramFailure)) throw e;
    value = { error: e.errorName };
  }
  return { value, timestamp };
}

/** The OraclePrices account's bytes: Scope's discriminator and exactly its size, or CouldNotDeserializeScope. */
function scopePricesData(account: OracleAccount): Buffer {
  if (account.key === NULL_PUBKEY) throw new SourceError(KLEND_ERRORS.InvalidOracleConfig.message);
  const data = account.data;
  const discriminator = data.subarray(0, 8);
  if (discriminator.length < 8 || !discriminator.equals(ORACLE_PRICES_DISCRIMINATOR) || data.length !== ORACLE_PRICES_ACCOUNT_SIZE) {
    throw new SourceError(KLEND_ERRORS.CouldNotDeserializeScope.message);
  }
  return data;
}

function scopeCandidate(account: OracleAccount, config: ScopeConfiguration, log: Log): Candidate {
  const data = scopePricesData(account);
  const price = scopeChainPrice(data, config.priceChain);
  const twap = scopeHasTwap(config) ? attempt(() => scopeChainPrice(data, config.twapChain), log) : null;
  return { price, twap };
}

function attempt<T>(read: () => T, log: Log): T | null {
  try {
    return read();
  } catch (e) {
    log(`Oracle source ignored: ${e instanceof Error ? e.message : String(e)}`);
    return null;
  }
}

/**
 * The price refresh_reserve would read now, for clients valuing positions off chain: the refresh's own reading, with
 * null where the refresh would find no usable price (no source readable, or the winner's value unusable).
 */
export function readReservePrice(t: TokenInfo, accounts: OracleAccounts, clock: MarketClock): PriceResult | null {
  try {
    return getPrice(t, accounts, clock, () => {});
  } catch (error) {
    if (error instanceof ProgramFailure) return null;
    throw error;
  }
}

/** The most recent usable price among the enabled sources, validated; null when the winner's value cannot be used. */
export function getPrice(t: TokenInfo, accounts: OracleAccounts, clock: MarketClock, log: Log): PriceResult | null {
  const candidates: Candidate[] = [];
  if (isSourceEnabled(t.pythConfiguration.price) && accounts.pyth) {
    const pyth = attempt(() => pythCandidate(accounts.pyth!), log);
    if (pyth) candidates.push(pyth);
  }
  if (isSourceEnabled(t.switchboardConfiguration.priceAggregator) && accounts.switchboardPrice) {
    const price = attempt(() => switchboardPrice(accounts.switchboardPrice!, clock), log);
    const twapAccount = isTwapEnabled(t) ? accounts.switchboardTwap : null;
    const twap = twapAccount ? attempt(() => switchboardPrice(twapAccount, clock), log) : null;
    if (price) candidates.push({ price, twap });
  }
  if (isScopeEnabled(t.scopeConfiguration) && accounts.scope) {
    const scope = attempt(() => scopeCandidate(accounts.scope!, t.scopeConfiguration, log), log);
    if (scope) candidates.push(scope);
  }
  const chosen = candidates.reduce<Candidate | null>(
    (best, c) => (best === null || c.price.timestamp > best.price.timestamp ? c : best),
    null,
  );
  if (!chosen) {
    log("No price feed available");
    fail("PriceNotValid");
  }
  return validatePrice(chosen, t, clock.unixTimestamp, log);
}

function validatePrice(candidate: Candidate, t: TokenInfo, now: bigint, log: Log): PriceResult | null {
  const label = t.name;
  const { price, twap } = candidate;
  if (typeof price.value !== "bigint") {
    log(`Price is not available token=[${label}], ${price.value.error}`);
    return null;
  }
  const value = price.value;
  let status: number = PriceStatus.PRICE_LOADED;
  if (fx.saturatingSub(now, price.timestamp) <= t.maxAgePriceSeconds) status |= PriceStatus.PRICE_AGE_CHECKED;
  else log(`Price is too old token=[${label}]`);
  if (isTwapEnabled(t)) {
    if (twap) {
      if (fx.saturatingSub(now, twap.timestamp) <= t.maxAgeTwapSeconds) status |= PriceStatus.TWAP_AGE_CHECKED;
      else log(`Price twap is too old token=[${label}]`);
      if (typeof twap.value === "bigint" && withinTolerance(value, twap.value, t.maxTwapDivergenceBps)) status |= PriceStatus.TWAP_CHECKED;
      else log(`Price twap check failed token=[${label}]`);
    } else {
      log(`Price twap is not available but required, token=[${label}]`);
    }
  } else {
    status |= PriceStatus.TWAP_CHECKED | PriceStatus.TWAP_AGE_CHECKED;
  }
  if (withinHeuristic(value, t)) status |= PriceStatus.HEURISTIC_CHECKED;
  else log(`Price heuristic check failed token=[${label}]`);
  if (t.blockPriceUsage === 0) status |= PriceStatus.PRICE_USAGE_ALLOWED;
  return { price: value, timestamp: price.timestamp, status };
}

/** |price − twap| × 10,000 < price × tolerance (bps). */
function withinTolerance(price: bigint, twap: bigint, toleranceBps: bigint): boolean {
  const diff = price > twap ? price - twap : twap - price;
  return fx.mulInt(diff, FULL_BPS) < fx.mulInt(price, toleranceBps);
}

function withinHeuristic(price: bigint, t: TokenInfo): boolean {
  const { lower, upper, exp } = t.heuristic;
  if (lower > 0n && price < priceToFraction(lower, exp)) return false;
  if (upper > 0n && priceToFraction(upper, exp) < price) return false;
  return true;
}
