// update_farm_config(mode, data): the farm admin (or, for reward rates, the delegated RPS admin) changes one setting.
// Reward settings take [reward_index u64][value]; a rate change first issues what the old rates owed.
import { AnchorArgsReader, declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs, type ArgsReader } from "@ballast/codec";
import type { MarketInstruction } from "../../instructions/types.js";
import { optionalAccount } from "../../program/account-kinds.js";
import { farmStateAccount } from "../account-kinds.js";
import { farmsFail } from "../errors.js";
import { REWARD_CURVE_POINTS } from "../ids.js";
import { FARMS_INSTRUCTIONS, FarmConfigMode } from "../instruction-table.js";
import { farmTime, refreshGlobalRewards, validatedSchedule } from "../rewards.js";
import type { FarmState, RewardInfo } from "../state.js";

const UpdateFarmConfigAccounts = declareAccounts({
  signer: signer({ mut: "load" }),
  farmState: farmStateAccount({ mut: "load" }),
  scopePrices: optionalAccount(),
});

const RATE_MODES: readonly number[] = [FarmConfigMode.UpdateRewardRps, FarmConfigMode.UpdateRewardScheduleCurvePoints];

function rewardAt(farm: FarmState, r: ArgsReader): RewardInfo {
  const index = r.u64();
  const reward = index < farm.numRewardTokens ? farm.rewardInfos[Number(index)] : undefined;
  return reward ?? farmsFail("RewardIndexOutOfRange");
}

function apply(farm: FarmState, mode: number, r: ArgsReader): void {
  switch (mode) {
    case FarmConfigMode.UpdateRewardRps:
      rewardAt(farm, r).rewardScheduleCurve = validatedSchedule([{ tsStart: 0n, rewardPerTimeUnit: r.u64() }], REWARD_CURVE_POINTS);
      return;
    case FarmConfigMode.UpdateRewardScheduleCurvePoints: {
      const reward = rewardAt(farm, r);
      const count = r.u32();
      if (count > REWARD_CURVE_POINTS) farmsFail("InvalidRpsCurvePoint");
      const points = Array.from({ length: count }, () => ({ tsStart: r.u64(), rewardPerTimeUnit: r.u64() }));
      reward.rewardScheduleCurve = validatedSchedule(points, REWARD_CURVE_POINTS);
      return;
    }
    case FarmConfigMode.UpdateRewardMinClaimDuration:
      rewardAt(farm, r).minClaimDurationSeconds = r.u64();
      return;
    case FarmConfigMode.RewardType: {
      const reward = rewardAt(farm, r);
      const type = r.u64();
      if (type > 1n) farmsFail("InvalidConfigValue");
      reward.rewardType = Number(type);
      return;
    }
    case FarmConfigMode.RpsDecimals: {
      const reward = rewardAt(farm, r);
      const decimals = r.u64();
      if (decimals > 18n) farmsFail("InvalidConfigValue");
      reward.rewardsPerSecondDecimals = Number(decimals);
      return;
    }
    case FarmConfigMode.DepositCapAmount:
      r.u64();
      farm.depositCapAmount = r.u64();
      return;
    case FarmConfigMode.UpdateIsHarvestingPermissionless: {
      const flag = r.u8();
      if (flag > 1) farmsFail("InvalidConfigValue");
      farm.isHarvestingPermissionless = flag;
      return;
    }
    default:
      farmsFail("InvalidConfigValue");
  }
}

export const updateFarmConfig: MarketInstruction = {
  name: "update_farm_config",
  units: 10_000,
  accounts: UpdateFarmConfigAccounts,
  run(ctx, _checks, args) {
    const { mode, data } = decodeArgs(args, FARMS_INSTRUCTIONS.update_farm_config.args);
    const { signer: who, farmState } = UpdateFarmConfigAccounts.load(ctx).accounts;
    const farm = farmState.state;
    const rpsAdmin = RATE_MODES.includes(mode) && who.key === farm.delegatedRpsAdmin;
    if (who.key !== farm.farmAdmin && !rpsAdmin) farmsFail("InvalidFarmConfigUpdateAuthority");
    refreshGlobalRewards(farm, farmTime(farm, ctx.clock));
    // Malformed values fail as Anchor's InstructionDidNotDeserialize.
    apply(farm, mode, new AnchorArgsReader(Buffer.from(data)));
    farmState.save();
  },
};
