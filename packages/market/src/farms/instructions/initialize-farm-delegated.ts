// initialize_farm_delegated(): a farm without a staked token whose stakes its delegate sets (klend's market authority
// for a reserve's farm), in a caller-created zero account; no rewards yet, no Scope oracle.
import { checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { RENT_SYSVAR_ID } from "@ballast/ledger";
import type { MarketInstruction } from "../../instructions/types.js";
import { systemProgram, sysvar, zeroAccount } from "../../program/account-kinds.js";
import { ZERO_PUBKEY } from "../../program-ids.js";
import { globalConfigAccount } from "../account-kinds.js";
import { MAX_REWARDS_TOKENS, REWARD_CURVE_POINTS, TimeUnit, U64_MAX, farmVaultsAuthoritySeeds } from "../ids.js";
import { FarmStateLayout, type FarmState, type RewardInfo } from "../state.js";
import { encodeMarketAccountInto } from "../../state/common.js";

const InitializeFarmDelegatedAccounts = declareAccounts({
  farmAdmin: signer({ mut: "load" }),
  farmDelegate: signer(),
  farmState: zeroAccount(FarmStateLayout),
  globalConfig: globalConfigAccount(),
  farmVaultsAuthority: unchecked(),
  systemProgram: systemProgram(),
  rent: sysvar(RENT_SYSVAR_ID),
});

const noToken = () => ({ mint: ZERO_PUBKEY, decimals: 0n, tokenProgram: ZERO_PUBKEY });

/** An unused reward slot: no vault, a zero-rate schedule from time 0. */
export function emptyReward(): RewardInfo {
  return {
    token: noToken(),
    rewardsVault: ZERO_PUBKEY,
    rewardsAvailable: 0n,
    rewardScheduleCurve: Array.from({ length: REWARD_CURVE_POINTS }, (_, i) => ({
      tsStart: i === 0 ? 0n : U64_MAX,
      rewardPerTimeUnit: 0n,
    })),
    minClaimDurationSeconds: 0n,
    lastIssuanceTs: 0n,
    rewardsIssuedUnclaimed: 0n,
    rewardsIssuedCumulative: 0n,
    rewardPerShareScaled: 0n,
    placeholder0: 0n,
    rewardType: 0,
    rewardsPerSecondDecimals: 0,
  };
}

export const initializeFarmDelegated: MarketInstruction = {
  name: "initialize_farm_delegated",
  units: 8_000,
  accounts: InitializeFarmDelegatedAccounts,
  run(ctx) {
    const { farmAdmin, farmDelegate, farmState, globalConfig, farmVaultsAuthority } = InitializeFarmDelegatedAccounts.load(ctx).accounts;
    const bump = checkSeeds(ctx, farmVaultsAuthority, farmVaultsAuthoritySeeds(farmState.key));
    const farm: FarmState = {
      farmAdmin: farmAdmin.key,
      globalConfig: globalConfig.key,
      token: noToken(),
      rewardInfos: Array.from({ length: MAX_REWARDS_TOKENS }, emptyReward),
      numRewardTokens: 0n,
      numUsers: 0n,
      totalStakedAmount: 0n,
      farmVault: ZERO_PUBKEY,
      farmVaultsAuthority: farmVaultsAuthority.key,
      farmVaultsAuthorityBump: BigInt(bump),
      delegateAuthority: farmDelegate.key,
      timeUnit: TimeUnit.Seconds,
      isFarmFrozen: 0,
      isFarmDelegated: 1,
      isRewardUserOnceEnabled: 0,
      isHarvestingPermissionless: 0,
      withdrawAuthority: ZERO_PUBKEY,
      depositWarmupPeriod: 0,
      withdrawalCooldownPeriod: 0,
      totalActiveStakeScaled: 0n,
      totalPendingStakeScaled: 0n,
      totalPendingAmount: 0n,
      slashedAmountCurrent: 0n,
      slashedAmountCumulative: 0n,
      slashedAmountSpillAddress: ZERO_PUBKEY,
      lockingMode: 0n,
      lockingStartTimestamp: 0n,
      lockingDuration: 0n,
      lockingEarlyWithdrawalPenaltyBps: 0n,
      depositCapAmount: 0n,
      scopePrices: ZERO_PUBKEY,
      scopeOraclePriceId: U64_MAX,
      scopeOracleMaxAge: 0n,
      pendingFarmAdmin: ZERO_PUBKEY,
      strategyId: ZERO_PUBKEY,
      delegatedRpsAdmin: ZERO_PUBKEY,
      vaultId: ZERO_PUBKEY,
      secondDelegatedAuthority: ZERO_PUBKEY,
    };
    encodeMarketAccountInto(FarmStateLayout, farmState.account.data, farm);
  },
};
