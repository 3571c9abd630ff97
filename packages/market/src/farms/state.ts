// Kamino Farms accounts (farms 1.6.5, reference SML §3.2–§3.3): GlobalConfig, FarmState and UserState, byte-exact,
// behind 8-byte Anchor discriminators. "Scaled" fields are ×10^18, except the stakes of delegated farms (every klend
// farm), which hold raw amounts.
import { accountLayout, array, pubkey, skip, struct, u128, u32, u64, u8, type AccountData, type StructValue } from "@ballast/codec";
import { decodeMarketAccount } from "../state/common.js";
import { MAX_REWARDS_TOKENS, REWARD_CURVE_POINTS } from "./ids.js";

const TokenInfoStruct = struct(120, {
  mint: [0, pubkey],
  decimals: [32, u64],
  tokenProgram: [40, pubkey],
  padding: [72, skip(48)],
});

const RewardPerTimeUnitPointStruct = struct(16, {
  tsStart: [0, u64],
  rewardPerTimeUnit: [8, u64],
});

const RewardInfoStruct = struct(704, {
  token: [0, TokenInfoStruct],
  /** The default address for an unused reward slot. */
  rewardsVault: [120, pubkey],
  rewardsAvailable: [152, u64],
  /** Unused tail points start at u64::MAX. */
  rewardScheduleCurve: [160, array(RewardPerTimeUnitPointStruct, REWARD_CURVE_POINTS)],
  minClaimDurationSeconds: [480, u64],
  lastIssuanceTs: [488, u64],
  rewardsIssuedUnclaimed: [496, u64],
  rewardsIssuedCumulative: [504, u64],
  rewardPerShareScaled: [512, u128],
  placeholder0: [528, u64],
  rewardType: [536, u8],
  rewardsPerSecondDecimals: [537, u8],
  padding: [538, skip(166)],
});

export const FarmsGlobalConfigLayout = accountLayout(
  "FarmsGlobalConfig",
  Buffer.from("95089ccaa0fcb0d9", "hex"),
  struct(2128, {
    globalAdmin: [0, pubkey],
    treasuryFeeBps: [32, u64],
    treasuryVaultsAuthority: [40, pubkey],
    treasuryVaultsAuthorityBump: [72, u64],
    pendingGlobalAdmin: [80, pubkey],
    padding: [112, skip(2016)],
  }),
);

export const FarmStateLayout = accountLayout(
  "FarmState",
  Buffer.from("c666d84a3f42a3be", "hex"),
  struct(8328, {
    farmAdmin: [0, pubkey],
    globalConfig: [32, pubkey],
    token: [64, TokenInfoStruct],
    rewardInfos: [184, array(RewardInfoStruct, MAX_REWARDS_TOKENS)],
    numRewardTokens: [7224, u64],
    numUsers: [7232, u64],
    totalStakedAmount: [7240, u64],
    farmVault: [7248, pubkey],
    farmVaultsAuthority: [7280, pubkey],
    farmVaultsAuthorityBump: [7312, u64],
    delegateAuthority: [7320, pubkey],
    timeUnit: [7352, u8],
    isFarmFrozen: [7353, u8],
    isFarmDelegated: [7354, u8],
    isRewardUserOnceEnabled: [7355, u8],
    isHarvestingPermissionless: [7356, u8],
    padding0: [7357, skip(3)],
    withdrawAuthority: [7360, pubkey],
    depositWarmupPeriod: [7392, u32],
    withdrawalCooldownPeriod: [7396, u32],
    totalActiveStakeScaled: [7400, u128],
    totalPendingStakeScaled: [7416, u128],
    totalPendingAmount: [7432, u64],
    slashedAmountCurrent: [7440, u64],
    slashedAmountCumulative: [7448, u64],
    slashedAmountSpillAddress: [7456, pubkey],
    lockingMode: [7488, u64],
    lockingStartTimestamp: [7496, u64],
    lockingDuration: [7504, u64],
    lockingEarlyWithdrawalPenaltyBps: [7512, u64],
    depositCapAmount: [7520, u64],
    scopePrices: [7528, pubkey],
    scopeOraclePriceId: [7560, u64],
    scopeOracleMaxAge: [7568, u64],
    pendingFarmAdmin: [7576, pubkey],
    strategyId: [7608, pubkey],
    delegatedRpsAdmin: [7640, pubkey],
    vaultId: [7672, pubkey],
    secondDelegatedAuthority: [7704, pubkey],
    padding: [7736, skip(592)],
  }),
);

export const UserStateLayout = accountLayout(
  "UserState",
  Buffer.from("48b155f94ca7ba7e", "hex"),
  struct(912, {
    userId: [0, u64],
    farmState: [8, pubkey],
    owner: [40, pubkey],
    isFarmDelegated: [72, u8],
    padding0: [73, skip(7)],
    rewardsTallyScaled: [80, array(u128, MAX_REWARDS_TOKENS)],
    rewardsIssuedUnclaimed: [240, array(u64, MAX_REWARDS_TOKENS)],
    lastClaimTs: [320, array(u64, MAX_REWARDS_TOKENS)],
    activeStakeScaled: [400, u128],
    pendingDepositStakeScaled: [416, u128],
    pendingDepositStakeTs: [432, u64],
    pendingWithdrawalUnstakeScaled: [440, u128],
    pendingWithdrawalUnstakeTs: [456, u64],
    bump: [464, u64],
    delegatee: [472, pubkey],
    lastStakeTs: [504, u64],
    rewardsIssuedCumulative: [512, array(u64, MAX_REWARDS_TOKENS)],
    padding1: [592, skip(320)],
  }),
);

export const FARMS_GLOBAL_CONFIG_SIZE = FarmsGlobalConfigLayout.space;
export const FARM_STATE_SIZE = FarmStateLayout.space;
export const USER_STATE_SIZE = UserStateLayout.space;

export type FarmsGlobalConfig = StructValue<typeof FarmsGlobalConfigLayout.struct.fields>;
export type FarmState = StructValue<typeof FarmStateLayout.struct.fields>;
export type RewardInfo = StructValue<typeof RewardInfoStruct.fields>;
export type RewardPerTimeUnitPoint = StructValue<typeof RewardPerTimeUnitPointStruct.fields>;
export type UserState = StructValue<typeof UserStateLayout.struct.fields>;
export type FarmStateData = AccountData<typeof FarmStateLayout.name>;

export const decodeFarmState = (data: Uint8Array): FarmState => decodeMarketAccount(FarmStateLayout, data);
export const decodeUserState = (data: Uint8Array): UserState => decodeMarketAccount(UserStateLayout, data);
export const decodeFarmsGlobalConfig = (data: Uint8Array): FarmsGlobalConfig => decodeMarketAccount(FarmsGlobalConfigLayout, data);
