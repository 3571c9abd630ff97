// add_rewards(amount, reward_index): anyone funds a reward: tokens into its vault, counted as available to issue.
// The farm issues what its schedule owed before the new amount counts.
import { declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import type { MarketInstruction } from "../../instructions/types.js";
import { checkTokenConstraints, mintAccount, optionalAccount, tokenAccount, tokenProgram } from "../../program/account-kinds.js";
import { transferChecked } from "../../program/cpi.js";
import { farmStateAccount } from "../account-kinds.js";
import { farmsFail } from "../errors.js";
import { FARMS_INSTRUCTIONS } from "../instruction-table.js";
import { farmTime, refreshGlobalRewards } from "../rewards.js";
import { farmVaultsAuthoritySigner } from "./shared.js";

const AddRewardsAccounts = declareAccounts(
  {
    payer: signer({ mut: "load" }),
    farmState: farmStateAccount({ mut: "load" }),
    rewardMint: mintAccount(),
    rewardVault: unchecked({ mut: "load" }),
    farmVaultsAuthority: unchecked(),
    payerRewardTokenAta: tokenAccount({ mut: "load" }),
    scopePrices: optionalAccount(),
    tokenProgram: tokenProgram(),
  },
  (a) => ({
    payerRewardTokenAta: () => checkTokenConstraints(a.payerRewardTokenAta, { mint: a.rewardMint.key, authority: a.payer.key }),
  }),
);

export const addRewards: MarketInstruction = {
  name: "add_rewards",
  units: 12_000,
  accounts: AddRewardsAccounts,
  run(ctx, _checks, args) {
    const { amount, rewardIndex } = decodeArgs(args, FARMS_INSTRUCTIONS.add_rewards.args);
    const a = AddRewardsAccounts.load(ctx).accounts;
    const farm = a.farmState.state;
    farmVaultsAuthoritySigner(ctx, a.farmVaultsAuthority, a.farmState.key, farm);
    const reward = rewardIndex < farm.numRewardTokens ? farm.rewardInfos[Number(rewardIndex)] : undefined;
    if (reward === undefined) return farmsFail("RewardIndexOutOfRange");
    if (reward.token.mint !== a.rewardMint.key) farmsFail("RewardDoesNotExist");
    if (reward.rewardsVault !== a.rewardVault.key) farmsFail("RewardVaultMismatch");
    refreshGlobalRewards(farm, farmTime(farm, ctx.clock));
    transferChecked(
      ctx,
      { source: a.payerRewardTokenAta, mint: a.rewardMint, destination: a.rewardVault, authority: a.payer },
      amount,
      a.rewardMint.mint.decimals,
      null,
    );
    reward.rewardsAvailable += amount;
    a.farmState.save();
  },
};
