// The configuration the tests give a reserve of the Kamino-style market: active, 80 % LTV, 85 % liquidation
// threshold, no borrow factor, priced by a Pyth feed that may be a minute old, with the caller's limits and curve.
import type { PublicKey } from "@solana/web3.js";
import { ReserveStatus, curveFromPoints, defaultReserveConfig, fraction, type ReserveConfig } from "@ballast/market";

export interface TestReserveConfig {
  /** The Pyth feed that prices the reserve's token. */
  feed: PublicKey;
  /** The token name the reserve shows. */
  name: string;
  /** Both the deposit and the borrow limit, in native units. */
  limit: bigint;
  /** The borrow rate at 0 % and at 100 % utilization, in basis points. */
  borrowRateBps: { empty: number; full: number };
}

export function testReserveConfig(p: TestReserveConfig): ReserveConfig {
  const config = defaultReserveConfig();
  config.status = ReserveStatus.Active;
  config.loanToValuePct = 80;
  config.liquidationThresholdPct = 85;
  config.borrowFactorPct = 100n;
  config.depositLimit = p.limit;
  config.borrowLimit = p.limit;
  config.borrowLimitOutsideElevationGroup = fraction.U64_MAX;
  config.borrowRateCurve.points = curveFromPoints([
    { utilizationRateBps: 0, borrowRateBps: p.borrowRateBps.empty },
    { utilizationRateBps: 10_000, borrowRateBps: p.borrowRateBps.full },
  ]);
  config.tokenInfo.name = p.name;
  config.tokenInfo.maxAgePriceSeconds = 60n;
  config.tokenInfo.maxAgeTwapSeconds = 60n;
  config.tokenInfo.pythConfiguration.price = p.feed.toBase58();
  return config;
}
