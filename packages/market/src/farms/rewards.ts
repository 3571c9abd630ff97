// Reward accrual of a farm and its users (reference SML §3.6), in bigint: the farm issues what its reward schedules
// emitted since the last issuance, capped by what is available, and spreads it over the active stake as a reward
// per share (×10^18); a user's share is that per-share growth times its stake, floored, less what it was already
// counted. Stakes are raw amounts (every klend farm is delegated).
import { farmsFail } from "./errors.js";
import { RewardType, U64_MAX, WAD } from "./ids.js";
import type { FarmState, RewardInfo, RewardPerTimeUnitPoint, UserState } from "./state.js";

const min = (a: bigint, b: bigint): bigint => (a < b ? a : b);
const max = (a: bigint, b: bigint): bigint => (a > b ? a : b);

/** Reward units the schedule emits over (from, to]: each point's rate runs from its start to the next point's. */
export function scheduledEmission(curve: readonly RewardPerTimeUnitPoint[], from: bigint, to: bigint): bigint {
  let total = 0n;
  for (const [i, point] of curve.entries()) {
    if (point.tsStart === U64_MAX) break;
    const end = curve[i + 1]?.tsStart ?? U64_MAX;
    const lo = max(from, point.tsStart);
    const hi = min(to, end);
    if (hi > lo) total += point.rewardPerTimeUnit * (hi - lo);
  }
  return total;
}

/** The farm's notion of now: seconds or slots. */
export function farmTime(farm: FarmState, clock: { readonly unixTimestamp: bigint; readonly slot: bigint }): bigint {
  return farm.timeUnit === 1 ? clock.slot : clock.unixTimestamp;
}

function issue(farm: FarmState, reward: RewardInfo, ts: bigint): void {
  if (ts === reward.lastIssuanceTs) return;
  const totalStake = farm.totalActiveStakeScaled;
  if (totalStake === 0n) {
    // Nobody staked: nothing is emitted, and the clock restarts from now.
    reward.lastIssuanceTs = ts;
    return;
  }
  const emitted = scheduledEmission(reward.rewardScheduleCurve, reward.lastIssuanceTs, ts);
  const amount =
    (reward.rewardType === RewardType.Constant ? emitted * farm.totalStakedAmount : emitted) /
    10n ** BigInt(reward.rewardsPerSecondDecimals);
  // A sub-unit emission leaves the clock where it was, so it is not lost.
  if (amount === 0n) return;
  const issued = min(amount, reward.rewardsAvailable);
  reward.lastIssuanceTs = ts;
  reward.rewardsIssuedUnclaimed += issued;
  reward.rewardsIssuedCumulative += issued;
  reward.rewardsAvailable -= issued;
  reward.rewardPerShareScaled += (issued * WAD) / totalStake;
}

/** Issues every reward up to `ts`. */
export function refreshGlobalRewards(farm: FarmState, ts: bigint): void {
  for (const reward of farm.rewardInfos.slice(0, Number(farm.numRewardTokens))) issue(farm, reward, ts);
}

/** Credits the user its share of reward `index` issued since its last refresh. */
export function refreshUserReward(farm: FarmState, user: UserState, index: number): void {
  const stake = user.activeStakeScaled;
  const reward = farm.rewardInfos[index];
  const tally = user.rewardsTallyScaled[index];
  if (stake === 0n || reward === undefined || tally === undefined) return;
  const owed = (reward.rewardPerShareScaled * stake - tally) / WAD;
  user.rewardsTallyScaled[index] = tally + owed * WAD;
  user.rewardsIssuedUnclaimed[index] = (user.rewardsIssuedUnclaimed[index] ?? 0n) + owed;
  user.rewardsIssuedCumulative[index] = (user.rewardsIssuedCumulative[index] ?? 0n) + owed;
}

export function refreshUserRewards(farm: FarmState, user: UserState): void {
  for (let i = 0; i < Number(farm.numRewardTokens); i++) refreshUserReward(farm, user, i);
}

/** A delegated stake change: accrue at the old stake, move the totals, restart the user's tallies at the new one. */
export function setUserStake(farm: FarmState, user: UserState, amount: bigint, ts: bigint): void {
  refreshGlobalRewards(farm, ts);
  refreshUserRewards(farm, user);
  const previous = user.activeStakeScaled;
  if (amount > previous) {
    const added = amount - previous;
    farm.totalActiveStakeScaled += added;
    farm.totalStakedAmount += added;
    user.lastStakeTs = ts;
    if (farm.depositCapAmount !== 0n && farm.totalStakedAmount > farm.depositCapAmount) farmsFail("DepositCapReached");
  } else {
    const removed = previous - amount;
    farm.totalActiveStakeScaled -= removed;
    farm.totalStakedAmount -= removed;
  }
  user.activeStakeScaled = amount;
  user.rewardsTallyScaled = farm.rewardInfos.map((reward) => reward.rewardPerShareScaled * amount);
}

/** Takes the user's unclaimed reward `index` out of the books; the caller pays it. */
export function claimReward(farm: FarmState, user: UserState, index: number, ts: bigint): bigint {
  const reward = farm.rewardInfos[index];
  const lastClaim = user.lastClaimTs[index];
  if (reward === undefined || lastClaim === undefined) return farmsFail("RewardIndexOutOfRange");
  refreshGlobalRewards(farm, ts);
  refreshUserReward(farm, user, index);
  if (ts - lastClaim < reward.minClaimDurationSeconds) farmsFail("MinClaimDurationNotReached");
  const amount = user.rewardsIssuedUnclaimed[index] ?? 0n;
  reward.rewardsIssuedUnclaimed -= amount;
  user.rewardsIssuedUnclaimed[index] = 0n;
  user.lastClaimTs[index] = ts;
  return amount;
}

/** A schedule as the farm stores it: 1–20 points, non-decreasing, no repeated start, unused points at u64::MAX. */
export function validatedSchedule(points: readonly RewardPerTimeUnitPoint[], length: number): RewardPerTimeUnitPoint[] {
  if (points.length === 0 || points.length > length) farmsFail("InvalidRpsCurvePoint");
  if (points[0]?.tsStart === U64_MAX) farmsFail("InvalidRpsCurvePoint");
  for (const [i, point] of points.entries()) {
    const previous = points[i - 1];
    if (previous === undefined) continue;
    if (previous.tsStart === U64_MAX && point.tsStart !== U64_MAX) farmsFail("InvalidRpsCurvePoint");
    if (point.tsStart < previous.tsStart || (point.tsStart === previous.tsStart && point.tsStart !== U64_MAX))
      farmsFail("InvalidRpsCurvePoint");
  }
  const tail = Array.from({ length: length - points.length }, () => ({ tsStart: U64_MAX, rewardPerTimeUnit: 0n }));
  return [...points.map((p) => ({ ...p })), ...tail];
}
