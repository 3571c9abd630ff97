// The reward APRs of a Kamino farm (Kamino's getRewardYields, reference MO §8.2): for each reward, what its schedule
// pays in a year at today's rate, valued at the reward token's oracle price, over the value of what is staked in the
// farm (Kamino divides by the reserve's whole supply, which its v2 instructions keep staked; here only refreshed
// obligations stake). A reward with nothing left to issue pays nothing; a farm nobody stakes in has no APR.
import { calcValue, SECONDS_PER_YEAR, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { SLOTS_PER_YEAR, U64_MAX, type FarmState, type RewardPerTimeUnitPoint } from "@ballast/market";

/** One reward of a farm: its mint and APR (a fraction); null when the reward token or the stake has no price. */
export interface FarmRewardApr {
  readonly mint: string;
  readonly apr: I80F48 | null;
}

/** The schedule's rate at `now`: that of the last point started by then; nothing before the first point. */
export function scheduleRateAt(curve: readonly RewardPerTimeUnitPoint[], now: bigint): bigint {
  let rate = 0n;
  for (const point of curve) {
    if (point.tsStart === U64_MAX || point.tsStart > now) break;
    rate = point.rewardPerTimeUnit;
  }
  return rate;
}

export interface FarmAprInputs {
  /** The farm's clock now: unix seconds, or the slot for a farm counting slots. */
  readonly now: bigint;
  /** What the farm's total stake is worth in US dollars; null without a price. */
  readonly stakedValue: I80F48 | null;
  /** A reward token's US-dollar price, or null. */
  readonly priceOf: (mint: string) => I80F48 | null;
}

export function farmRewardAprs(farm: FarmState, inputs: FarmAprInputs): FarmRewardApr[] {
  const perYear = farm.timeUnit === 1 ? SLOTS_PER_YEAR : SECONDS_PER_YEAR;
  return farm.rewardInfos.slice(0, Number(farm.numRewardTokens)).map((reward) => {
    const mint = reward.token.mint;
    const price = inputs.priceOf(mint);
    const staked = inputs.stakedValue;
    if (price === null || staked === null || staked === fx.ZERO) return { mint, apr: null };
    const rate = reward.rewardsAvailable === 0n ? 0n : scheduleRateAt(reward.rewardScheduleCurve, inputs.now);
    // A Constant reward pays its rate per staked unit.
    const perUnit = reward.rewardType === 1 ? farm.totalStakedAmount : 1n;
    const yearly = fx.div(fx.fromInt(rate * perYear * perUnit), fx.fromInt(10n ** BigInt(reward.rewardsPerSecondDecimals)));
    return { mint, apr: fx.div(calcValue(yearly, price, Number(reward.token.decimals)), staked) };
  });
}
