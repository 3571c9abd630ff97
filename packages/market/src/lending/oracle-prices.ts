// Reading a price for refresh_reserve (reference §2.8, §6.4, §7.4): each enabled source is read and any source that
// fails is dropped; the latest timestamp wins (Pyth before Switchboard on a tie); the winner is then checked for
// age, TWAP agreement, heuristic bounds and usage, each check setting its status bit without failing the refresh.
import {
  PYTH_RECEIVER_PROGRAM_ID,
  SWITCHBOARD_ON_DEMAND_PROGRAM_ID,
  PULL_FEED_PRECISION,
  decodePriceUpdateV2,
  readPullFeedResult,
} from "@ballast/oracles";
import { MS_PER_SLOT, PriceStatus, FULL_BPS } from "../constants.js";
import { ProgramFailure } from "@ballast/anchor";
import { fail } from "../errors.js";
import * as fx from "../math/fraction.js";
import { priceToFraction } from "../math/price.js";
import type { TokenInfo } from "../state/reserve-config.js";
import type { MarketClock } from "./last-update.js";
import { type OracleAccount, type OracleAccounts, isSourceEnabled, isTwapEnabled } from "./oracle-config.js";
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
