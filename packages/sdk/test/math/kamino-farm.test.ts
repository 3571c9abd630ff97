// A Kamino farm's reward APRs by hand: a reward paying 0.002 tokens (2,000 native units, 6 decimals) a second from a schedule point, priced at
// $0.50, over $1,000,000 staked, is 0.002 × 31,536,000 × 0.5 / 1,000,000 = 3.1536% a year; before its point, after its
// funds run out, or without a price, it shows nothing.
import { describe, expect, it } from "vitest";
import { FarmStateLayout, U64_MAX, decodeFarmState, type FarmState } from "@ballast/market";
import { i80f48 as fx } from "@ballast/protocol";
import { farmRewardAprs, scheduleRateAt, toNumber } from "../../src/index.js";

const MINT = "RewardMint111111111111111111111111111111111";
const START = 1_700_000_000n;

function farmWith(rate: bigint, available: bigint): FarmState {
  const data = Buffer.alloc(FarmStateLayout.space);
  FarmStateLayout.discriminator.copy(data, 0);
  const farm = decodeFarmState(data);
  farm.numRewardTokens = 1n;
  const reward = farm.rewardInfos[0]!;
  reward.token.mint = MINT;
  reward.token.decimals = 6n;
  reward.rewardsAvailable = available;
  reward.rewardScheduleCurve = reward.rewardScheduleCurve.map((_, i) =>
    i === 0 ? { tsStart: START, rewardPerTimeUnit: rate } : { tsStart: U64_MAX, rewardPerTimeUnit: 0n },
  );
  return farm;
}

const inputs = (now: bigint) => ({ now, stakedValue: fx.fromInt(1_000_000n), priceOf: () => fx.fromDecimal("0.5") });

describe("Kamino farm reward APRs", () => {
  it("values a year of the current rate over the staked value", () => {
    const [reward] = farmRewardAprs(farmWith(2_000n, 10n ** 12n), inputs(START + 10n));
    expect(reward?.mint).toBe(MINT);
    expect(toNumber(reward!.apr!)).toBeCloseTo(0.031536, 9);
  });

  it("pays nothing before the schedule starts or once the reward's funds are spent", () => {
    expect(scheduleRateAt(farmWith(5n, 1n).rewardInfos[0]!.rewardScheduleCurve, START - 1n)).toBe(0n);
    expect(farmRewardAprs(farmWith(2_000_000n, 0n), inputs(START + 10n))[0]?.apr).toBe(fx.ZERO);
  });

  it("has no APR without a price for the reward or the stake, or with nothing staked", () => {
    const farm = farmWith(2_000_000n, 10n ** 12n);
    expect(farmRewardAprs(farm, { ...inputs(START), priceOf: () => null })[0]?.apr).toBeNull();
    expect(farmRewardAprs(farm, { ...inputs(START), stakedValue: null })[0]?.apr).toBeNull();
    expect(farmRewardAprs(farm, { ...inputs(START), stakedValue: fx.ZERO })[0]?.apr).toBeNull();
  });
});
