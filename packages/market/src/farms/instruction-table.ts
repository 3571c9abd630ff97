// The farms program's client instructions (kfarms' IDL account order and flags, then the Borsh arguments): the
// instructions klend's farms use. Optional accounts are passed as the program id for none.
import { arg, defineInstructions } from "@ballast/codec";

export const FARMS_INSTRUCTIONS = defineInstructions({
  initialize_global_config: {
    accounts: [
      { name: "globalAdmin", writable: true, signer: true },
      { name: "globalConfig", writable: true },
      { name: "treasuryVaultsAuthority" },
      { name: "systemProgram" },
    ],
    args: {},
  },
  /** `mode` 0 SetPendingGlobalAdmin (a key), 1 SetTreasuryFeeBps (a u64 in the first 8 bytes). */
  update_global_config: {
    accounts: [
      { name: "globalAdmin", signer: true },
      { name: "globalConfig", writable: true },
    ],
    args: { mode: arg.u8, value: arg.bytes(32) },
  },
  initialize_farm_delegated: {
    accounts: [
      { name: "farmAdmin", writable: true, signer: true },
      { name: "farmDelegate", signer: true },
      { name: "farmState", writable: true },
      { name: "globalConfig" },
      { name: "farmVaultsAuthority" },
      { name: "systemProgram" },
      { name: "rent" },
    ],
    args: {},
  },
  initialize_reward: {
    accounts: [
      { name: "farmAdmin", writable: true, signer: true },
      { name: "farmState", writable: true },
      { name: "globalConfig" },
      { name: "rewardMint" },
      { name: "rewardVault", writable: true },
      { name: "rewardTreasuryVault", writable: true },
      { name: "farmVaultsAuthority" },
      { name: "treasuryVaultsAuthority" },
      { name: "tokenProgram" },
      { name: "systemProgram" },
      { name: "rent" },
    ],
    args: {},
  },
  add_rewards: {
    accounts: [
      { name: "payer", writable: true, signer: true },
      { name: "farmState", writable: true },
      { name: "rewardMint" },
      { name: "rewardVault", writable: true },
      { name: "farmVaultsAuthority" },
      { name: "payerRewardTokenAta", writable: true },
      { name: "scopePrices", optional: true },
      { name: "tokenProgram" },
    ],
    args: { amount: arg.u64, rewardIndex: arg.u64 },
  },
  /** `mode` is a FarmConfigOption; `data` its value (FARM_CONFIG_MODES). */
  update_farm_config: {
    accounts: [
      { name: "signer", writable: true, signer: true },
      { name: "farmState", writable: true },
      { name: "scopePrices", optional: true },
    ],
    args: { mode: arg.u16, data: arg.byteVec },
  },
  initialize_user: {
    accounts: [
      { name: "authority", signer: true },
      { name: "payer", writable: true, signer: true },
      { name: "owner" },
      { name: "delegatee" },
      { name: "userState", writable: true },
      { name: "farmState", writable: true },
      { name: "systemProgram" },
      { name: "rent" },
    ],
    args: {},
  },
  set_stake_delegated: {
    accounts: [
      { name: "delegateAuthority", signer: true },
      { name: "userState", writable: true },
      { name: "farmState", writable: true },
    ],
    args: { newAmount: arg.u64 },
  },
  refresh_farm: {
    accounts: [
      { name: "farmState", writable: true },
      { name: "scopePrices", optional: true },
    ],
    args: {},
  },
  refresh_user_state: {
    accounts: [
      { name: "userState", writable: true },
      { name: "farmState", writable: true },
      { name: "scopePrices", optional: true },
    ],
    args: {},
  },
  harvest_reward: {
    accounts: [
      { name: "payer", writable: true, signer: true },
      { name: "userState", writable: true },
      { name: "farmState", writable: true },
      { name: "globalConfig" },
      { name: "rewardMint" },
      { name: "userRewardTokenAccount", writable: true },
      { name: "rewardsVault", writable: true },
      { name: "rewardsTreasuryVault", writable: true },
      { name: "farmVaultsAuthority" },
      { name: "scopePrices", optional: true },
      { name: "tokenProgram" },
    ],
    args: { rewardIndex: arg.u64 },
  },
});

/** The FarmConfigOption variants this program applies (others fail InvalidConfigValue). */
export const FarmConfigMode = {
  UpdateRewardRps: 0,
  UpdateRewardMinClaimDuration: 1,
  RewardType: 5,
  RpsDecimals: 6,
  DepositCapAmount: 11,
  UpdateRewardScheduleCurvePoints: 16,
  UpdateIsHarvestingPermissionless: 24,
} as const;
