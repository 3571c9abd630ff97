// Everything the client math needs of one bank at one moment, computed once: share values, weights, the Initial-limit
// discount, totals, current rates and the room left under its limits. Per-balance work then stays a few bigint
// operations.
import {
  BankOperationalState,
  NO_PROGRAM_FEES,
  RiskTier,
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
import { isOracleFailure, type BankPrice } from "./price.js";

export interface PricedBank {
  readonly address: string;
  readonly bank: Bank;
  /** The unix time the snapshot stands for: prices were judged fresh and limits' accrual buffers computed at it. */
  readonly now: bigint;
  readonly decimals: number;
  /** 10^decimals as an integer: dividing value bits by it equals the program's I80F48 division by 10^decimals. */
  readonly tenPow: bigint;
  readonly price: BankPrice;
  /** Initial-weight multiplier from total_asset_value_init_limit; ONE when the limit is off or not reached. */
  readonly initLimitDiscount: I80F48;
  readonly emodeEntries: ReadonlyMap<number, EmodeWeights>;
  /** Native token amounts at the stored share values. */
  readonly totalAssets: I80F48;
  readonly totalLiabilities: I80F48;
  /** The program's rates at the current utilization (APR fractions). */
  readonly rates: ComputedInterestRates;
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

export function priceBank(
  address: string,
  bank: Bank,
  price: BankPrice,
  now: bigint,
  programFees: ProgramFees = NO_PROGRAM_FEES,
): PricedBank {
  const totalAssets = assetAmount(bank.totalAssetShares, bank.assetShareValue);
  const totalLiabilities = liabilityAmount(bank.totalLiabilityShares, bank.liabilityShareValue);
  const rates = currentRates(bank, totalAssets, totalLiabilities, programFees);
  const { config } = bank;
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
    initLimitDiscount: discount,
    emodeEntries: bankEmodeEntries(bank),
    totalAssets,
    totalLiabilities,
    rates,
    depositCapacity: remainingCapacity(config.depositLimit, totalAssets, rates.lendingRate, bank.lastUpdate, now),
    borrowCapacity: remainingCapacity(config.borrowLimit, totalLiabilities, rates.borrowingRate, bank.lastUpdate, now),
    liquidity: availableLiquidity(totalAssets, totalLiabilities),
    initialAssetWeight: assetWeight,
    initialCollateralTokenValue: ema && fx.mul(ema.low, assetWeight),
    initialDebtTokenValue: ema && fx.mul(ema.high, config.liabilityWeightInit),
    isNativeSol: bank.mint === NATIVE_SOL_MINT,
  };
}
