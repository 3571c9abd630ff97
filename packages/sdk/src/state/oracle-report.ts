// An operator's view of a bank's oracle: the price and confidence the risk engine would use now, the feed's age
// against the bank's limit, and which of the program's price rules decided the outcome (a fixed price, a live feed,
// the 5% confidence cap, a stale feed, the max-confidence gate, or another refusal by its error name).
import { DEFAULT_PUBKEY, OracleSetup, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import type { AccountInfo } from "@solana/web3.js";
import { isOracleFailure, type BankPrice, type OracleFailure, type PriceLeg } from "../math/price.js";
import type { BankAccount } from "./banks.js";
import { loadBankPrice, oracleTimestamp } from "./oracle-prices.js";

/**
 * fixed: the bank's configured price; live: a fresh feed within its confidence limit; confidence-capped: the interval
 * used is the program's 5% of the price, not the feed's own; stale: the feed (or a Kamino reserve) is older than the
 * bank allows; confidence-exceeded: the feed's interval is over the bank's max confidence; failed: any other refusal.
 */
export type OracleRule = "fixed" | "live" | "confidence-capped" | "stale" | "confidence-exceeded" | "failed";

export interface OracleReport {
  readonly bank: string;
  readonly mint: string;
  /** The OracleSetup name (PythPushOracle, SwitchboardPull, Fixed, …). */
  readonly setup: string;
  readonly oracleKeys: readonly string[];
  /** Real-time (spot) price and its capped confidence interval, USD per token (per collateral token for Kamino banks). */
  readonly price: I80F48 | null;
  readonly confidence: I80F48 | null;
  /** Time-weighted (EMA) price and interval. */
  readonly emaPrice: I80F48 | null;
  readonly emaConfidence: I80F48 | null;
  /** When the feed last published (unix seconds) and its age at `now`; null for fixed prices or an unreadable feed. */
  readonly publishedAt: bigint | null;
  readonly ageSeconds: bigint | null;
  /** The bank's oracle_max_age as the program applies it (0 on a Pyth push bank means 60 s). */
  readonly maxAgeSeconds: bigint;
  /** The bank's oracle_max_confidence as a fraction of the price (0 configured means 10%). */
  readonly maxConfidence: I80F48;
  readonly rule: OracleRule;
  /** The program error behind stale / confidence-exceeded / failed. */
  readonly error: OracleFailure | null;
}

const SETUP_NAMES = new Map<number, string>(Object.entries(OracleSetup).map(([name, value]) => [value, name]));
/** MAX_CONF_INTERVAL: the program never uses an interval wider than 5% of the price. */
const MAX_CONF_INTERVAL = fx.fromDecimal("0.05");
/** MAX_PYTH_ORACLE_AGE: oracle_max_age 0 on a PythPushOracle bank. */
const DEFAULT_PYTH_MAX_AGE = 60n;
const U32_MAX = 4_294_967_295n;
/** U32_MAX_DIV_10: oracle_max_confidence 0. */
const DEFAULT_MAX_CONFIDENCE = 429_496_730n;
const STALE_ERRORS = new Set(["PythPushStalePrice", "SwitchboardStalePrice", "ReserveStale"]);

function ruleOf(setup: number, price: BankPrice): { rule: OracleRule; error: OracleFailure | null } {
  const failure = [price.realTime, price.timeWeighted].find(isOracleFailure);
  if (failure) {
    if (STALE_ERRORS.has(failure.name)) return { rule: "stale", error: failure };
    if (failure.name === "OracleMaxConfidenceExceeded") return { rule: "confidence-exceeded", error: failure };
    return { rule: "failed", error: failure };
  }
  if (setup === OracleSetup.Fixed) return { rule: "fixed", error: null };
  const legs = [price.realTime, price.timeWeighted].filter((l): l is PriceLeg => !isOracleFailure(l));
  const capped = legs.some((l) => l.confidence !== fx.ZERO && l.confidence === fx.mul(l.price, MAX_CONF_INTERVAL));
  return { rule: capped ? "confidence-capped" : "live", error: null };
}

function publishTime(bank: BankAccount, oracles: readonly (AccountInfo<Buffer> | null)[]): bigint | null {
  try {
    return oracleTimestamp(bank.bank, oracles[0] ?? null);
  } catch {
    // Not a feed of the bank's kind: the price load reports why; there is no time to show.
    return null;
  }
}

/** The report of a bank's oracle from its oracle accounts (fetchOracleAccounts order) at unix time `now`. */
export function oracleReport(bank: BankAccount, oracles: readonly (AccountInfo<Buffer> | null)[], now: bigint): OracleReport {
  const { config } = bank.bank;
  const setup = config.oracleSetup;
  const price = loadBankPrice(bank.data, oracles, now);
  const leg = (l: PriceLeg | OracleFailure) => (isOracleFailure(l) ? null : l);
  const realTime = leg(price.realTime);
  const timeWeighted = leg(price.timeWeighted);
  const publishedAt = publishTime(bank, oracles);
  const storedAge = BigInt(config.oracleMaxAge);
  const storedConfidence = BigInt(config.oracleMaxConfidence);
  return {
    bank: bank.address,
    mint: bank.bank.mint,
    setup: SETUP_NAMES.get(setup) ?? String(setup),
    oracleKeys: setup === OracleSetup.Fixed ? [] : config.oracleKeys.filter((k) => k !== DEFAULT_PUBKEY),
    price: realTime?.price ?? null,
    confidence: realTime?.confidence ?? null,
    emaPrice: timeWeighted?.price ?? null,
    emaConfidence: timeWeighted?.confidence ?? null,
    publishedAt,
    ageSeconds: publishedAt === null ? null : now - publishedAt,
    maxAgeSeconds: storedAge === 0n && setup === OracleSetup.PythPushOracle ? DEFAULT_PYTH_MAX_AGE : storedAge,
    maxConfidence: fx.div(fx.fromInt(storedConfidence > 0n ? storedConfidence : DEFAULT_MAX_CONFIDENCE), fx.fromInt(U32_MAX)),
    ...ruleOf(setup, price),
  };
}
