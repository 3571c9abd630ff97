// What-if price shocks: the account's health, free collateral and liquidation prices were some banks' prices moved
// by a multiplier. The banks are re-priced (both oracle legs, their confidence intervals and the biased prices moving
// together, as a move of the feed would) and everything else is the ordinary health math over the re-priced banks.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { BallastSdkError } from "../errors.js";
import { accountRisk, type AccountRisk, type BalanceLike, type PositionSide } from "./health.js";
import { freeCollateral, healthFactor, signedFreeCollateral } from "./health-factor.js";
import { liquidationPrice } from "./liquidation-price.js";
import { isLiquidatable } from "./liquidation.js";
import { positionUsdValue } from "./positions.js";
import { isOracleFailure, midPrice, type BankPrice, type PriceLeg } from "./price.js";
import { priceBank, type PricedBank } from "./priced-bank.js";

/** A price multiplier in basis points: 10,000 leaves the price as it is, 8,000 is a 20 % fall, 15,000 a 50 % rise. */
export const UNSHOCKED_BPS = 10_000n;

/** Bank address → price multiplier in basis points; banks not named keep their price. */
export type PriceShocks = ReadonlyMap<string, bigint>;

/** value × bps / 10,000, truncated; prices and confidence intervals are never negative, so this is a floor. */
function scale(value: I80F48, bps: bigint): I80F48 {
  return fx.fromBits((value * bps) / UNSHOCKED_BPS);
}

/**
 * A leg moved by the multiplier. The confidence interval keeps its share of the price (the program caps it as a share
 * of the price), and the biased prices are scaled too: being floors of non-negative values times the multiplier, a
 * smaller multiplier never gives a larger value. At 10,000 every value is unchanged to the bit.
 */
function shockLeg(leg: PriceLeg, bps: bigint): PriceLeg {
  return { price: scale(leg.price, bps), confidence: scale(leg.confidence, bps), low: scale(leg.low, bps), high: scale(leg.high, bps) };
}

/** Both legs of a bank price moved by the multiplier; a failed leg stays failed. */
export function shockPrice(price: BankPrice, bps: bigint): BankPrice {
  const leg = (l: BankPrice["realTime"]) => (isOracleFailure(l) ? l : shockLeg(l, bps));
  return { timeWeighted: leg(price.timeWeighted), realTime: leg(price.realTime) };
}

/**
 * The bank with its program price moved. priceBank recomputes every price-dependent figure (the per-token price of a
 * Kamino bank, the Initial-limit discount, the weighted token values); the rest of the snapshot (rates, capacities)
 * does not depend on the price and is kept as it was.
 */
function shockedBank(bank: PricedBank, bps: bigint): PricedBank {
  const repriced = priceBank(bank.address, bank.bank, shockPrice(bank.programPrice, bps), bank.now, undefined, bank.kamino);
  return {
    ...bank,
    price: repriced.price,
    programPrice: repriced.programPrice,
    initLimitDiscount: repriced.initLimitDiscount,
    initialAssetWeight: repriced.initialAssetWeight,
    initialCollateralTokenValue: repriced.initialCollateralTokenValue,
    initialDebtTokenValue: repriced.initialDebtTokenValue,
  };
}

/** The banks with the shocked ones re-priced; throws for a negative multiplier or a bank that is not among them. */
export function shockBanks(banks: ReadonlyMap<string, PricedBank>, shocks: PriceShocks): Map<string, PricedBank> {
  const shocked = new Map(banks);
  for (const [address, bps] of shocks) {
    const bank = banks.get(address);
    if (bank === undefined) throw new BallastSdkError("BANK_NOT_FOUND", { bank: address });
    if (bps < 0n) throw new BallastSdkError("PRICE_SHOCK_NEGATIVE", { bank: address, multiplier: bps });
    shocked.set(address, shockedBank(bank, bps));
  }
  return shocked;
}

export interface ShockedPosition {
  readonly bank: string;
  readonly side: PositionSide;
  /** The unbiased real-time price per token after the shock; null without a price. */
  readonly price: I80F48 | null;
  /** Amount × that price; null without a price. */
  readonly usdValue: I80F48 | null;
  /** USD per token at which the shocked account would become liquidatable, all else equal; null when none would. */
  readonly liquidationPrice: I80F48 | null;
}

export interface PriceShockReport {
  readonly risk: AccountRisk;
  readonly positions: readonly ShockedPosition[];
  /** Maintenance and Initial assets − liabilities (signed); null when a price that requirement needs failed. */
  readonly maintenanceHealth: I80F48 | null;
  readonly initialHealth: I80F48 | null;
  /** The maintenance health factor; null when the maintenance requirement failed. */
  readonly healthFactor: I80F48 | null;
  /** max(0, Initial health); null when the Initial requirement failed. */
  readonly freeCollateral: I80F48 | null;
  /** Maintenance health at or below zero with debt: liquidators could enter. */
  readonly liquidatable: boolean;
}

/** The account's risk figures with the shocked banks' prices moved (an empty map gives today's figures). */
export function priceShockReport(
  balances: readonly BalanceLike[],
  banks: ReadonlyMap<string, PricedBank>,
  shocks: PriceShocks,
): PriceShockReport {
  const risk = accountRisk(balances, shockBanks(banks, shocks));
  const { initial, maintenance } = risk.health;
  return {
    risk,
    positions: risk.positions.map((p) => ({
      bank: p.bank.address,
      side: p.side,
      price: midPrice(p.bank.price),
      usdValue: positionUsdValue(p),
      liquidationPrice: liquidationPrice(risk, p),
    })),
    maintenanceHealth: maintenance.error ? null : fx.sub(maintenance.assets, maintenance.liabilities),
    initialHealth: initial.error ? null : signedFreeCollateral(initial),
    healthFactor: maintenance.error ? null : healthFactor(maintenance),
    freeCollateral: initial.error ? null : freeCollateral(initial),
    liquidatable: isLiquidatable(risk),
  };
}
