// A bank's oracle prices as the risk engine uses them, taken once from the program's own price feed (gate, 2.12 /
// 1.96 confidence multiples, 5% cap): EMA legs value Initial and Equity, spot legs value Maintenance.
import { PriceBias, PriceType, ProgramFailure, type I80F48, type PriceFeed } from "@ballast/protocol";
import { toNumber } from "./units.js";
import { BallastSdkError } from "../errors.js";

/** A program error met while loading or pricing a feed: its code and name (e.g. 6050 PythPushStalePrice). */
export interface OracleFailure {
  readonly code: number;
  readonly name: string;
  /** "load": the feed itself is unusable (stale, wrong account), which Initial tolerates for assets; "price": the confidence gate. */
  readonly stage: "load" | "price";
}

/** One price type of a feed: the unbiased price, the capped confidence interval and both biased prices. */
export interface PriceLeg {
  readonly price: I80F48;
  readonly confidence: I80F48;
  /** price − confidence: what assets are valued at. */
  readonly low: I80F48;
  /** price + confidence: what liabilities are valued at. */
  readonly high: I80F48;
}

export interface BankPrice {
  /** EMA (Pyth) or the same reading (Switchboard, fixed). */
  readonly timeWeighted: PriceLeg | OracleFailure;
  readonly realTime: PriceLeg | OracleFailure;
}

export function isOracleFailure(value: PriceLeg | OracleFailure): value is OracleFailure {
  return "code" in value;
}

/** The program's failures carry their Anchor code and name; anything else is a bug and propagates. */
export function asOracleFailure(error: unknown, stage: OracleFailure["stage"]): OracleFailure {
  if (!(error instanceof ProgramFailure)) throw error;
  return { code: error.code, name: error.errorName, stage };
}

function leg(feed: PriceFeed, type: PriceType): PriceLeg | OracleFailure {
  try {
    const { price, confidence } = feed.priceAndConfidence(type);
    return { price, confidence, low: feed.price(type, PriceBias.Low), high: feed.price(type, PriceBias.High) };
  } catch (e) {
    return asOracleFailure(e, "price");
  }
}

/** Both legs of a loaded feed, or the load failure on both. */
export function bankPriceFromFeed(feed: PriceFeed | OracleFailure): BankPrice {
  if ("code" in feed) return { timeWeighted: feed, realTime: feed };
  return { timeWeighted: leg(feed, PriceType.TimeWeighted), realTime: leg(feed, PriceType.RealTime) };
}

/** A leg for display, in the spec's price-info shape. */
export interface PriceInfoLeg {
  readonly price: number;
  readonly confidence: number;
  readonly lowestPrice: number;
  readonly highestPrice: number;
}

export interface PriceInfo {
  readonly priceRealtime: PriceInfoLeg;
  readonly priceWeighted: PriceInfoLeg;
}

function infoLeg(leg: PriceLeg | OracleFailure): PriceInfoLeg {
  if (isOracleFailure(leg)) throw new BallastSdkError("ORACLE_PRICE_UNAVAILABLE", { name: leg.name, code: leg.code });
  return {
    price: toNumber(leg.price),
    confidence: toNumber(leg.confidence),
    lowestPrice: toNumber(leg.low),
    highestPrice: toNumber(leg.high),
  };
}

/** Display prices of a bank; throws when a leg failed (a stale or too uncertain oracle has no price to show). */
export function priceInfo(price: BankPrice): PriceInfo {
  return { priceRealtime: infoLeg(price.realTime), priceWeighted: infoLeg(price.timeWeighted) };
}

/** The unbiased real-time price, or null without one: what positions are shown at. */
export function midPrice(price: BankPrice): I80F48 | null {
  return isOracleFailure(price.realTime) ? null : price.realTime.price;
}
