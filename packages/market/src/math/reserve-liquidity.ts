// A reserve's liquidity arithmetic (reference §2.3, §2.5): what depositors own, how much of it is lent, and the
// interest accrual that grows debt and the cumulative borrow index.
import { bigMul } from "./big-fraction.js";
import { approximateCompoundedInterest } from "./compounding.js";
import * as fx from "./fraction.js";

/** The liquidity fields the arithmetic reads; amounts ending Sf are Fractions. */
export interface LiquidityAmounts {
  availableAmount: bigint;
  borrowedAmountSf: bigint;
  accumulatedProtocolFeesSf: bigint;
  accumulatedReferrerFeesSf: bigint;
  pendingReferrerFeesSf: bigint;
}

/** Liquidity owned by depositors: available + borrowed − every fee not yet paid out. */
export function totalSupply(l: LiquidityAmounts): bigint {
  const gross = fx.add(fx.fromInt(l.availableAmount), l.borrowedAmountSf);
  return fx.sub(fx.sub(fx.sub(gross, l.accumulatedProtocolFeesSf), l.accumulatedReferrerFeesSf), l.pendingReferrerFeesSf);
}

/** Borrowed / total supply, 0 for an empty reserve. */
export function utilizationRate(l: LiquidityAmounts): bigint {
  const supply = totalSupply(l);
  return supply === 0n ? 0n : fx.div(l.borrowedAmountSf, supply);
}

export interface AccrualRates {
  /** The curve's annual rate at the current utilization. */
  borrowRate: bigint;
  /** The reserve's flat annual rate on top, all of it for the protocol. */
  hostFixedRate: bigint;
  /** Share of variable interest the protocol keeps. */
  protocolTakeRate: bigint;
  /** Share of the protocol's cut owed to referrers. */
  referralRate: bigint;
}

export interface CompoundedLiquidity {
  borrowedAmountSf: bigint;
  cumulativeBorrowRateBsf: bigint;
  accumulatedProtocolFeesSf: bigint;
  pendingReferrerFeesSf: bigint;
  absoluteReferralRateSf: bigint;
}

/** Compounds `slots` slots of interest into the debt, the index and the fee accumulators (klend's compound_interest). */
export function compoundInterest(
  l: LiquidityAmounts & { cumulativeBorrowRateBsf: bigint },
  rates: AccrualRates,
  slots: bigint,
): CompoundedLiquidity {
  const previousDebt = l.borrowedAmountSf;
  const compounded = approximateCompoundedInterest(fx.add(rates.borrowRate, rates.hostFixedRate), slots);
  const compoundedFixed = approximateCompoundedInterest(rates.hostFixedRate, slots);
  const newDebt = fx.mul(previousDebt, compounded);
  const fixedHostFee = fx.sub(fx.mul(previousDebt, compoundedFixed), previousDebt);
  const netNewVariableDebt = fx.sub(fx.sub(newDebt, previousDebt), fixedHostFee);
  const variableProtocolFee = fx.mul(netNewVariableDebt, rates.protocolTakeRate);
  const absoluteReferralRate = fx.mul(rates.protocolTakeRate, rates.referralRate);
  const maxReferrerFees = fx.mul(netNewVariableDebt, absoluteReferralRate);
  return {
    borrowedAmountSf: newDebt,
    cumulativeBorrowRateBsf: bigMul(l.cumulativeBorrowRateBsf, compounded),
    accumulatedProtocolFeesSf: fx.sub(fx.add(fx.add(l.accumulatedProtocolFeesSf, fixedHostFee), variableProtocolFee), maxReferrerFees),
    pendingReferrerFeesSf: fx.add(l.pendingReferrerFeesSf, maxReferrerFees),
    absoluteReferralRateSf: absoluteReferralRate,
  };
}
