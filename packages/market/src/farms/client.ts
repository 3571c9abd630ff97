// Builders for the farms program's instructions and its addresses. Farm and global-config accounts are keypair
// accounts the caller creates first (System CreateAccount of FARM_STATE_SIZE / FARMS_GLOBAL_CONFIG_SIZE bytes,
// owned by the farms program, all zero).
import { PublicKey, SYSVAR_RENT_PUBKEY, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, toPublicKey, type Key } from "@ballast/codec";
import { SPL_TOKEN_PROGRAM_ID } from "../program-ids.js";
import {
  FARMS_PROGRAM_ID,
  farmVaultsAuthoritySeeds,
  rewardVaultSeeds,
  treasuryVaultSeeds,
  treasuryVaultsAuthoritySeeds,
  userStateSeeds,
} from "./ids.js";
import { FARMS_INSTRUCTIONS, FarmConfigMode } from "./instruction-table.js";

const pda = (seeds: Buffer[]): PublicKey => PublicKey.findProgramAddressSync(seeds, new PublicKey(FARMS_PROGRAM_ID))[0];

export const farmVaultsAuthority = (farmState: Key): PublicKey => pda(farmVaultsAuthoritySeeds(farmState));
export const treasuryVaultsAuthority = (globalConfig: Key): PublicKey => pda(treasuryVaultsAuthoritySeeds(globalConfig));
export const rewardVaultAddress = (farmState: Key, mint: Key): PublicKey => pda(rewardVaultSeeds(farmState, mint));
export const treasuryVaultAddress = (globalConfig: Key, mint: Key): PublicKey => pda(treasuryVaultSeeds(globalConfig, mint));
/** A user's state in a farm; for a klend obligation the delegatee is the obligation. */
export const farmUserStateAddress = (farmState: Key, delegatee: Key): PublicKey => pda(userStateSeeds(farmState, delegatee));

const build = <N extends keyof typeof FARMS_INSTRUCTIONS & string>(
  name: N,
  call: Parameters<typeof buildInstruction<typeof FARMS_INSTRUCTIONS, N>>[3],
) => buildInstruction(FARMS_PROGRAM_ID, FARMS_INSTRUCTIONS, name, call);

export function initializeFarmsGlobalConfigInstruction(p: { globalAdmin: Key; globalConfig: Key }): TransactionInstruction {
  return build("initialize_global_config", {
    accounts: {
      globalAdmin: p.globalAdmin,
      globalConfig: p.globalConfig,
      treasuryVaultsAuthority: treasuryVaultsAuthority(p.globalConfig),
      systemProgram: SystemProgram.programId,
    },
  });
}

/** The treasury's share of every harvest, in basis points. */
export function setFarmsTreasuryFeeInstruction(p: { globalAdmin: Key; globalConfig: Key; feeBps: bigint }): TransactionInstruction {
  const value = Buffer.alloc(32);
  value.writeBigUInt64LE(p.feeBps);
  return build("update_global_config", {
    accounts: { globalAdmin: p.globalAdmin, globalConfig: p.globalConfig },
    args: { mode: 1, value },
  });
}

export interface RewardAccountsParams {
  farmState: Key;
  globalConfig: Key;
  rewardMint: Key;
}

export function initializeRewardInstruction(p: RewardAccountsParams & { farmAdmin: Key }): TransactionInstruction {
  return build("initialize_reward", {
    accounts: {
      farmAdmin: p.farmAdmin,
      farmState: p.farmState,
      globalConfig: p.globalConfig,
      rewardMint: p.rewardMint,
      rewardVault: rewardVaultAddress(p.farmState, p.rewardMint),
      rewardTreasuryVault: treasuryVaultAddress(p.globalConfig, p.rewardMint),
      farmVaultsAuthority: farmVaultsAuthority(p.farmState),
      treasuryVaultsAuthority: treasuryVaultsAuthority(p.globalConfig),
      tokenProgram: SPL_TOKEN_PROGRAM_ID,
      systemProgram: SystemProgram.programId,
      rent: SYSVAR_RENT_PUBKEY,
    },
  });
}

export function addRewardsInstruction(p: {
  payer: Key;
  farmState: Key;
  rewardMint: Key;
  payerRewardTokenAta: Key;
  amount: bigint;
  rewardIndex: bigint;
}): TransactionInstruction {
  return build("add_rewards", {
    accounts: {
      payer: p.payer,
      farmState: p.farmState,
      rewardMint: p.rewardMint,
      rewardVault: rewardVaultAddress(p.farmState, p.rewardMint),
      farmVaultsAuthority: farmVaultsAuthority(p.farmState),
      payerRewardTokenAta: p.payerRewardTokenAta,
      tokenProgram: SPL_TOKEN_PROGRAM_ID,
    },
    args: { amount: p.amount, rewardIndex: p.rewardIndex },
  });
}

export interface RewardSchedulePoint {
  tsStart: bigint;
  rewardPerTimeUnit: bigint;
}

/** Sets reward `rewardIndex`'s schedule (1–20 points; each rate holds from its start to the next point's). */
export function setRewardScheduleInstruction(p: {
  signer: Key;
  farmState: Key;
  rewardIndex: bigint;
  points: readonly RewardSchedulePoint[];
}): TransactionInstruction {
  const data = Buffer.alloc(12 + 16 * p.points.length);
  data.writeBigUInt64LE(p.rewardIndex, 0);
  data.writeUInt32LE(p.points.length, 8);
  p.points.forEach((point, i) => {
    data.writeBigUInt64LE(point.tsStart, 12 + 16 * i);
    data.writeBigUInt64LE(point.rewardPerTimeUnit, 20 + 16 * i);
  });
  return updateFarmConfigInstruction({
    signer: p.signer,
    farmState: p.farmState,
    mode: FarmConfigMode.UpdateRewardScheduleCurvePoints,
    data,
  });
}

/** A reward setting of the [reward_index u64][value u64] form (rate, min claim duration, reward type, decimals). */
export function setRewardConfigInstruction(p: {
  signer: Key;
  farmState: Key;
  mode: number;
  rewardIndex: bigint;
  value: bigint;
}): TransactionInstruction {
  const data = Buffer.alloc(16);
  data.writeBigUInt64LE(p.rewardIndex, 0);
  data.writeBigUInt64LE(p.value, 8);
  return updateFarmConfigInstruction({ signer: p.signer, farmState: p.farmState, mode: p.mode, data });
}

export function updateFarmConfigInstruction(p: { signer: Key; farmState: Key; mode: number; data: Uint8Array }): TransactionInstruction {
  return build("update_farm_config", { accounts: { signer: p.signer, farmState: p.farmState }, args: { mode: p.mode, data: p.data } });
}

export function refreshFarmInstruction(p: { farmState: Key }): TransactionInstruction {
  return build("refresh_farm", { accounts: { farmState: p.farmState } });
}

export function refreshFarmUserStateInstruction(p: { farmState: Key; userState: Key }): TransactionInstruction {
  return build("refresh_user_state", { accounts: { userState: p.userState, farmState: p.farmState } });
}

export function harvestRewardInstruction(
  p: RewardAccountsParams & { payer: Key; userState: Key; userRewardTokenAccount: Key; rewardIndex: bigint },
): TransactionInstruction {
  return build("harvest_reward", {
    accounts: {
      payer: p.payer,
      userState: p.userState,
      farmState: p.farmState,
      globalConfig: p.globalConfig,
      rewardMint: p.rewardMint,
      userRewardTokenAccount: p.userRewardTokenAccount,
      rewardsVault: rewardVaultAddress(p.farmState, p.rewardMint),
      rewardsTreasuryVault: treasuryVaultAddress(p.globalConfig, p.rewardMint),
      farmVaultsAuthority: farmVaultsAuthority(p.farmState),
      tokenProgram: SPL_TOKEN_PROGRAM_ID,
    },
    args: { rewardIndex: p.rewardIndex },
  });
}

/** System CreateAccount of an all-zero account of `space` bytes owned by the farms program. */
export function createFarmsAccountInstruction(p: { payer: Key; account: Key; lamports: number; space: number }): TransactionInstruction {
  return SystemProgram.createAccount({
    fromPubkey: toPublicKey(p.payer),
    newAccountPubkey: toPublicKey(p.account),
    lamports: p.lamports,
    space: p.space,
    programId: new PublicKey(FARMS_PROGRAM_ID),
  });
}
