// initialize_reward(): the farm admin opens the next reward slot for a mint: its vault ["rvault", farm, mint] owned
// by the farm's vaults authority, and the global treasury vault ["tvault", global_config, mint] when no other farm
// made it yet. The schedule starts empty (rate 0); add_rewards funds it and update_farm_config sets its rates.
import { checkSeeds, declareAccounts, signer, unchecked, type DeclaredAccount } from "@ballast/anchor";
import { RENT_SYSVAR_ID, TOKEN_PROGRAM_ID, type InstructionAccount, type InstructionContext } from "@ballast/ledger";
import type { MarketInstruction } from "../../instructions/types.js";
import { checkHasOne, mintAccount, systemProgram, sysvar, tokenProgram } from "../../program/account-kinds.js";
import { createPdaAccount, initializeTokenAccount } from "../../program/cpi.js";
import { farmStateAccount, globalConfigAccount } from "../account-kinds.js";
import { farmsFail } from "../errors.js";
import {
  MAX_REWARDS_TOKENS,
  farmVaultsAuthoritySeeds,
  rewardVaultSeeds,
  treasuryVaultSeeds,
  treasuryVaultsAuthoritySeeds,
} from "../ids.js";
import { farmTime } from "../rewards.js";
import { emptyReward } from "./initialize-farm-delegated.js";

const TOKEN_ACCOUNT_SIZE = 165;

const InitializeRewardAccounts = declareAccounts(
  {
    farmAdmin: signer({ mut: "load" }),
    farmState: farmStateAccount({ mut: "load" }),
    globalConfig: globalConfigAccount(),
    rewardMint: mintAccount(),
    rewardVault: unchecked({ mut: "load" }),
    rewardTreasuryVault: unchecked({ mut: "load" }),
    farmVaultsAuthority: unchecked(),
    treasuryVaultsAuthority: unchecked(),
    tokenProgram: tokenProgram(),
    systemProgram: systemProgram(),
    rent: sysvar(RENT_SYSVAR_ID),
  },
  (a, ctx) => ({
    farmState: () => {
      checkHasOne(a.farmState, a.farmState.state.farmAdmin, a.farmAdmin);
      checkHasOne(a.farmState, a.farmState.state.globalConfig, a.globalConfig);
    },
    farmVaultsAuthority: () => checkSeeds(ctx, a.farmVaultsAuthority, farmVaultsAuthoritySeeds(a.farmState.key)),
    treasuryVaultsAuthority: () => checkSeeds(ctx, a.treasuryVaultsAuthority, treasuryVaultsAuthoritySeeds(a.globalConfig.key)),
  }),
);

function createVault(
  ctx: InstructionContext,
  payer: InstructionAccount,
  vault: DeclaredAccount,
  mint: InstructionAccount,
  owner: string,
  seeds: Uint8Array[],
): void {
  const bump = checkSeeds(ctx, vault, seeds);
  createPdaAccount(ctx, payer, vault, TOKEN_ACCOUNT_SIZE, TOKEN_PROGRAM_ID, [...seeds, Uint8Array.of(bump)]);
  initializeTokenAccount(ctx, vault, mint, owner);
}

export const initializeReward: MarketInstruction = {
  name: "initialize_reward",
  units: 20_000,
  accounts: InitializeRewardAccounts,
  run(ctx) {
    const a = InitializeRewardAccounts.load(ctx).accounts;
    const farm = a.farmState.state;
    const index = Number(farm.numRewardTokens);
    if (farm.rewardInfos.some((r, i) => i < index && r.token.mint === a.rewardMint.key)) farmsFail("RewardAlreadyInitialized");
    if (index >= MAX_REWARDS_TOKENS) farmsFail("MaxRewardNumberReached");
    createVault(
      ctx,
      a.farmAdmin,
      a.rewardVault,
      a.rewardMint,
      a.farmVaultsAuthority.key,
      rewardVaultSeeds(a.farmState.key, a.rewardMint.key),
    );
    // One treasury vault per mint serves every farm of the global config.
    if (a.rewardTreasuryVault.account.owner !== TOKEN_PROGRAM_ID)
      createVault(
        ctx,
        a.farmAdmin,
        a.rewardTreasuryVault,
        a.rewardMint,
        a.treasuryVaultsAuthority.key,
        treasuryVaultSeeds(a.globalConfig.key, a.rewardMint.key),
      );
    farm.rewardInfos[index] = {
      ...emptyReward(),
      token: { mint: a.rewardMint.key, decimals: BigInt(a.rewardMint.mint.decimals), tokenProgram: a.tokenProgram.key },
      rewardsVault: a.rewardVault.key,
      lastIssuanceTs: farmTime(farm, ctx.clock),
    };
    farm.numRewardTokens += 1n;
    a.farmState.save();
  },
};
