// Everything the client math needs of one bank at one moment, computed once: share values, weights, the Initial-limit
// discount, totals, current rates and the room left under its limits. Per-balance work then stays a few bigint
// operations. A Kamino bank is seen in its token, not in the reserve's collateral tokens it books: its share value,
// price, totals and deposit room are converted at the reserve's exchange rate, and it earns the reserve's supply rate.
import {
  BankOperationalState,
  NO_PROGRAM_FEES,
  RiskTier,
  U64_MAX,
  assetAmount,
  calcValue,
  computeInterestRates,
  i80f48 as fx,
  liabilityAmount,
  utilization,
  type Bank,
  type ComputedInterestRates,
  type EmodeWeights,
  type I80F48,
  type ProgramFees,
} from "@ballast/protocol";
import { availableLiquidity, remainingCapacity } from "./capacity.js";
import { bankEmodeEntries } from "./emode.js";
import type { KaminoCollateralView } from "./kamino.js";
import { isOracleFailure, type BankPrice, type PriceLeg } from "./price.js";

export interface PricedBank {
  readonly address: string;
  readonly bank: Bank;
  /** The unix time the snapshot stands for: prices were judged fresh and limits' accrual buffers computed at it. */
  readonly now: bigint;
  readonly decimals: number;
  /** 10^decimals as an integer: dividing value bits by it equals the program's I80F48 division by 10^decimals. */
  readonly tenPow: bigint;
  /** Per token. */
  readonly price: BankPrice;
  /** The program's price of the unit the bank books: per collateral token for a Kamino bank, else `price` itself. */
  readonly programPrice: BankPrice;
  /** Tokens per asset share: the bank's share value, times the reserve's tokens per collateral token for a Kamino bank. */
  readonly assetShareValue: I80F48;
  /** The reserve behind a Kamino bank, as of its last refresh; null for the program's own banks. */
  readonly kamino: KaminoCollateralView | null;
  /** Initial-weight multiplier from total_asset_value_init_limit; ONE when the limit is off or not reached. */
  readonly initLimitDiscount: I80F48;
  readonly emodeEntries: ReadonlyMap<number, EmodeWeights>;
  /** Native token amounts at the stored share values. */
  readonly totalAssets: I80F48;
  readonly totalLiabilities: I80F48;
  /** The program's rates at the current utilization (APR fractions); a Kamino bank lends at the reserve's supply rate. */
  readonly rates: ComputedInterestRates;
  /** The deposit limit in native units of the token (u64::MAX for none). */
  readonly depositLimit: bigint;
  /** Whole native units that can still be deposited / borrowed; null without a limit. */
  readonly depositCapacity: bigint | null;
  readonly borrowCapacity: bigint | null;
  /** Whole native units that can leave the bank: deposits minus borrows. */
  readonly liquidity: bigint;
  /** The Initial asset weight without e-mode: 0 in isolated and reduce-only banks, else the weight × the discount. */
  readonly initialAssetWeight: I80F48;
  /** Initial-weighted value of one token of collateral at that weight (EMA low price); null without a price. */
  readonly initialCollateralTokenValue: I80F48 | null;
  /** Initial-weighted value of one token of debt (EMA high price × initial liability weight); null without a price. */
  readonly initialDebtTokenValue: I80F48 | null;
  /** The wrapped-SOL bank, whose depositors can also spend native SOL. */
  readonly isNativeSol: boolean;
}

export const NATIVE_SOL_MINT = "So11111111111111111111111111111111111111112";

/**
 * total_asset_value_init_limit: when the bank's deposits, valued at the Initial asset price without weight, exceed
 * the limit, every depositor's Initial weight is scaled by limit / value (risk-engine.ts initLimitDiscount).
 */
function initLimitDiscount(bank: Bank, totalAssets: I80F48, price: BankPrice): I80F48 {
  const limit = bank.config.totalAssetValueInitLimit;
  if (limit === 0n || isOracleFailure(price.timeWeighted)) return fx.ONE;
  const value = calcValue(totalAssets, price.timeWeighted.low, bank.mintDecimals);
  const cap = fx.fromInt(limit);
  return fx.cmp(value, cap) > 0 ? fx.div(cap, value) : fx.ONE;
}

/** Rates at the bank's utilization; an empty bank is quoted at utilization 0. */
function currentRates(bank: Bank, totalAssets: I80F48, totalLiabilities: I80F48, programFees: ProgramFees): ComputedInterestRates {
  const ur = totalAssets === fx.ZERO ? fx.ZERO : utilization(totalAssets, totalLiabilities);
  return computeInterestRates(bank.config.interestRateConfig, ur, programFees);
}

function ownInitialAssetWeight(bank: Bank, discount: I80F48): I80F48 {
  const { config } = bank;
  if (config.riskTier === RiskTier.Isolated || config.operationalState === BankOperationalState.ReduceOnly) return fx.ZERO;
  return discount === fx.ONE ? config.assetWeightInit : fx.mul(config.assetWeightInit, discount);
}

/** A per-collateral-token price leg as per token. */
function perTokenLeg(leg: PriceLeg, tokensPerCollateral: I80F48): PriceLeg {
  const per = (value: I80F48) => fx.div(value, tokensPerCollateral);
  return { price: per(leg.price), confidence: per(leg.confidence), low: per(leg.low), high: per(leg.high) };
}

function perTokenPrice(price: BankPrice, kamino: KaminoCollateralView | null): BankPrice {
  if (kamino === null) return price;
  const leg = (l: BankPrice["realTime"]) => (isOracleFailure(l) ? l : perTokenLeg(l, kamino.tokensPerCollateral));
  return { timeWeighted: leg(price.timeWeighted), realTime: leg(price.realTime) };
}

/** The reserve's supply rate as the bank's lending rate; nothing is borrowed from a Kamino bank. */
function kaminoRates(kamino: KaminoCollateralView): ComputedInterestRates {
  const zero = fx.ZERO;
  return {
    baseRate: zero,
    lendingRate: kamino.supplyApr,
    borrowingRate: zero,
    groupFeeApr: zero,
    insuranceFeeApr: zero,
    programFeeApr: zero,
  };
}

/**
 * The bank at `now` with its prices (as the program loads them); `kamino` is the reserve view of a Kamino bank,
 * whose program price is per collateral token.
 */
export function priceBank(
  address: string,
  bank: Bank,
  programPrice: BankPrice,
  now: bigint,
  programFees: ProgramFees = NO_PROGRAM_FEES,
  kamino: KaminoCollateralView | null = null,
): PricedBank {
  const assetShareValue = kamino === null ? bank.assetShareValue : fx.mul(bank.assetShareValue, kamino.tokensPerCollateral);
  const price = perTokenPrice(programPrice, kamino);
  const totalAssets = assetAmount(bank.totalAssetShares, assetShareValue);
  const totalLiabilities = liabilityAmount(bank.totalLiabilityShares, bank.liabilityShareValue);
  const rates = kamino === null ? currentRates(bank, totalAssets, totalLiabilities, programFees) : kaminoRates(kamino);
  const { config } = bank;
  // The program caps a Kamino bank's deposits in collateral tokens.
  const depositLimit =
    kamino === null || config.depositLimit === U64_MAX
      ? config.depositLimit
      : fx.toIntFloor(fx.mul(fx.fromInt(config.depositLimit), kamino.tokensPerCollateral));
  const discount = initLimitDiscount(bank, totalAssets, price);
  const assetWeight = ownInitialAssetWeight(bank, discount);
  const ema = isOracleFailure(price.timeWeighted) ? null : price.timeWeighted;
  return {
    address,
    bank,
    now,
    decimals: bank.mintDecimals,
    tenPow: 10n ** BigInt(bank.mintDecimals),
    price,
    programPrice,
    assetShareValue,
    kamino,
    initLimitDiscount: discount,
    emodeEntries: bankEmodeEntries(bank),
    totalAssets,
    totalLiabilities,
    rates,
    depositLimit,
    depositCapacity: remainingCapacity(depositLimit, totalAssets, rates.lendingRate, bank.lastUpdate, now),
    borrowCapacity: remainingCapacity(config.borrowLimit, totalLiabilities, rates.borrowingRate, bank.lastUpdate, now),
    liquidity: availableLiquidity(totalAssets, totalLiabilities),
    initialAssetWeight: assetWeight,
    initialCollateralTokenValue: ema && fx.mul(ema.low, assetWeight),
    initialDebtTokenValue: ema && fx.mul(ema.high, config.liabilityWeightInit),
    isNativeSol: bank.mint === NATIVE_SOL_MINT,
  };
}
