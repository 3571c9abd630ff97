// Kamino Farms (reference SML §3.1): where the farms program lives, its PDA seeds and its constants.
import { toPublicKey, type Key } from "@ballast/codec";

/** Kamino Farms' mainnet id (also marginfi's FARMS_PROGRAM_ID); the farms program is deployed here. */
export const FARMS_PROGRAM_ID = "FarmsPZpWu9i7Kky8tPN37rs2TpmMrAZrC7S7vJa91Hr";

export const MAX_REWARDS_TOKENS = 10;
export const REWARD_CURVE_POINTS = 20;
export const BPS_DIV_FACTOR = 10_000n;
/** decimal_wad's scale: a "scaled" value is the value × 10^18. */
export const WAD = 10n ** 18n;
export const U64_MAX = 2n ** 64n - 1n;

export const TimeUnit = { Seconds: 0, Slots: 1 } as const;
export const RewardType = { Proportional: 0, Constant: 1 } as const;

const bytes = (k: Key): Buffer => toPublicKey(k).toBuffer();

export const farmVaultsAuthoritySeeds = (farmState: Key): Buffer[] => [Buffer.from("authority"), bytes(farmState)];
export const treasuryVaultsAuthoritySeeds = (globalConfig: Key): Buffer[] => [Buffer.from("authority"), bytes(globalConfig)];
export const rewardVaultSeeds = (farmState: Key, mint: Key): Buffer[] => [Buffer.from("rvault"), bytes(farmState), bytes(mint)];
export const treasuryVaultSeeds = (globalConfig: Key, mint: Key): Buffer[] => [Buffer.from("tvault"), bytes(globalConfig), bytes(mint)];
/** For klend obligations the delegatee is the obligation. */
export const userStateSeeds = (farmState: Key, delegatee: Key): Buffer[] => [Buffer.from("user"), bytes(farmState), bytes(delegatee)];
