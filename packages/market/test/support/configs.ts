// Reserve configs the end-to-end tests use: a stablecoin-like debt reserve and a collateral reserve, each on one
// oracle, with limits high enough not to interfere unless a test lowers them.
import type { PublicKey } from "@solana/web3.js";
import { type CurvePoint, type ReserveConfig, ReserveStatus, curveFromPoints, defaultReserveConfig, fraction } from "../../src/index.js";

export const ONE = 1n << 60n;
/** 1% origination fee: 2^60 / 100, truncated. */
export const ONE_PERCENT_FEE = ONE / 100n;

/** 0% at 0, 8% at 80% utilization, 100% at 100%. */
export const KINKED_CURVE: CurvePoint[] = curveFromPoints([
  { utilizationRateBps: 0, borrowRateBps: 0 },
  { utilizationRateBps: 8000, borrowRateBps: 800 },
  { utilizationRateBps: 10_000, borrowRateBps: 10_000 },
]);

export interface ConfigOptions {
  name: string;
  pyth?: PublicKey;
  switchboard?: PublicKey;
  ltv?: number;
  threshold?: number;
  curve?: CurvePoint[];
  originationFeeSf?: bigint;
  takeRatePct?: number;
}

export function activeConfig(o: ConfigOptions): ReserveConfig {
  const c = defaultReserveConfig();
  c.status = ReserveStatus.Active;
  c.loanToValuePct = o.ltv ?? 80;
  c.liquidationThresholdPct = o.threshold ?? 85;
  c.borrowFactorPct = 100n;
  c.depositLimit = 10n ** 15n;
  c.borrowLimit = 10n ** 15n;
  c.borrowLimitOutsideElevationGroup = fraction.U64_MAX;
  c.protocolTakeRatePct = o.takeRatePct ?? 10;
  c.fees.originationFeeSf = o.originationFeeSf ?? 0n;
  c.borrowRateCurve.points = o.curve ?? KINKED_CURVE;
  c.tokenInfo.name = o.name;
  c.tokenInfo.maxAgePriceSeconds = 60n;
  c.tokenInfo.maxAgeTwapSeconds = 60n;
  if (o.pyth) c.tokenInfo.pythConfiguration.price = o.pyth.toBase58();
  if (o.switchboard) c.tokenInfo.switchboardConfiguration.priceAggregator = o.switchboard.toBase58();
  return c;
}
