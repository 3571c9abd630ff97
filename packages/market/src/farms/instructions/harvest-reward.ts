// harvest_reward(reward_index): pays the user its unclaimed reward from the reward vault, the global config's treasury
// share (treasury_fee_bps) to the treasury vault and the rest to the user's token account. The user's owner pays
// (signs) unless the farm made harvesting permissionless; an empty claim succeeds without a transfer.
import { checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import type { MarketInstruction } from "../../instructions/types.js";
import { checkHasOne, mintAccount, optionalAccount, tokenAccount, tokenProgram } from "../../program/account-kinds.js";
import { transferChecked } from "../../program/cpi.js";
import { farmStateAccount, globalConfigAccount, userStateAccount } from "../account-kinds.js";
import { farmsFail } from "../errors.js";
import { BPS_DIV_FACTOR, rewardVaultSeeds, treasuryVaultSeeds } from "../ids.js";
import { FARMS_INSTRUCTIONS } from "../instruction-table.js";
import { claimReward, farmTime } from "../rewards.js";
import { farmVaultsAuthoritySigner } from "./shared.js";

const HarvestRewardAccounts = declareAccounts(
  {
    payer: signer({ mut: "load" }),
    userState: userStateAccount({ mut: "load" }),
    farmState: farmStateAccount({ mut: "load" }),
    globalConfig: globalConfigAccount(),
    rewardMint: mintAccount(),
    userRewardTokenAccount: tokenAccount({ mut: "load" }),
    rewardsVault: tokenAccount({ mut: "load" }),
    rewardsTreasuryVault: tokenAccount({ mut: "load" }),
    farmVaultsAuthority: unchecked(),
    scopePrices: optionalAccount(),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => ({
    userState: () => checkHasOne(a.userState, a.userState.state.farmState, a.farmState),
    farmState: () => {
      checkHasOne(a.farmState, a.farmState.state.globalConfig, a.globalConfig);
      checkHasOne(a.farmState, a.farmState.state.farmVaultsAuthority, a.farmVaultsAuthority);
    },
    userRewardTokenAccount: () => {
      if (a.userRewardTokenAccount.token.mint !== a.rewardMint.key) farmsFail("UserAtaRewardVaultMintMissmatch");
      if (a.userRewardTokenAccount.token.owner !== a.userState.state.owner) farmsFail("UserTokenAccountOwnerMismatch");
    },
    rewardsVault: () => {
      checkSeeds(ctx, a.rewardsVault, rewardVaultSeeds(a.farmState.key, a.rewardMint.key));
      if (a.rewardsVault.token.delegate !== null) farmsFail("RewardsVaultHasDelegate");
      if (a.rewardsVault.token.closeAuthority !== null) farmsFail("RewardsVaultHasCloseAuthority");
    },
    rewardsTreasuryVault: () => checkSeeds(ctx, a.rewardsTreasuryVault, treasuryVaultSeeds(a.globalConfig.key, a.rewardMint.key)),
  }),
);

export const harvestReward: MarketInstruction = {
  name: "harvest_reward",
  units: 20_000,
  accounts: HarvestRewardAccounts,
  run(ctx, _checks, args) {
    const { rewardIndex } = decodeArgs(args, FARMS_INSTRUCTIONS.harvest_reward.args);
    const a = HarvestRewardAccounts.load(ctx).accounts;
    const farm = a.farmState.state;
    const user = a.userState.state;
    if (farm.isHarvestingPermissionless === 0 && a.payer.key !== user.owner) farmsFail("HarvestingNotPermissionlessPayerMismatch");
    const reward = rewardIndex < farm.numRewardTokens ? farm.rewardInfos[Number(rewardIndex)] : undefined;
    if (reward === undefined) return farmsFail("RewardIndexOutOfRange");
    if (reward.rewardsVault !== a.rewardsVault.key) farmsFail("RewardVaultMismatch");
    const seeds = farmVaultsAuthoritySigner(ctx, a.farmVaultsAuthority, a.farmState.key, farm);
    const amount = claimReward(farm, user, Number(rewardIndex), farmTime(farm, ctx.clock));
    const treasuryShare = (amount * a.globalConfig.state.treasuryFeeBps) / BPS_DIV_FACTOR;
    const decimals = a.rewardMint.mint.decimals;
    const pay = (destination: typeof a.rewardsVault, value: bigint): void => {
      if (value > 0n)
        transferChecked(
          ctx,
          { source: a.rewardsVault, mint: a.rewardMint, destination, authority: a.farmVaultsAuthority },
          value,
          decimals,
          seeds,
        );
    };
    pay(a.rewardsTreasuryVault, treasuryShare);
    pay(a.userRewardTokenAccount, amount - treasuryShare);
    a.userState.save();
    a.farmState.save();
  },
};
