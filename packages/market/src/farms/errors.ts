// The farms program's errors that its klend-facing instructions raise (kfarms FarmsError, codes and messages as the
// program declares them; "Missmatch" is the original's spelling), logged in Anchor's format.
import { ANCHOR_ERRORS, ProgramFailure, type AnchorErrorName, type ErrorEntry } from "@ballast/anchor";
import { MARKET_ANCHOR_ERRORS } from "../errors.js";

export const FARMS_ERRORS = {
  RewardAlreadyInitialized: { code: 6005, message: "Reward already initialized" },
  MaxRewardNumberReached: { code: 6006, message: "Max number of reward tokens reached" },
  RewardDoesNotExist: { code: 6007, message: "Reward does not exist" },
  RewardVaultMismatch: { code: 6009, message: "Reward vault pubkey does not match staking pool vault" },
  IntegerOverflow: { code: 6012, message: "Integer overflow" },
  MathOverflow: { code: 6016, message: "Mathematical operation with overflow" },
  MinClaimDurationNotReached: { code: 6017, message: "Minimum claim duration has not been reached" },
  RewardsVaultHasDelegate: { code: 6018, message: "Reward vault has a delegate" },
  RewardsVaultHasCloseAuthority: { code: 6019, message: "Reward vault has a close authority" },
  UserAtaRewardVaultMintMissmatch: { code: 6024, message: "User ata and reward vault have different mints" },
  InvalidGlobalConfigMode: { code: 6029, message: "Mode to update global_config is invalid" },
  RewardIndexOutOfRange: { code: 6030, message: "Reward Index is higher than number of rewards" },
  UserDelegatedFarmNonDelegatedMissmatch: {
    code: 6032,
    message: "user, user_ref, authority and payer must match for non-delegated farm",
  },
  AuthorityFarmDelegateMissmatch: { code: 6033, message: "Authority must match farm delegate authority" },
  FarmNotDelegated: { code: 6034, message: "Farm not delegated, can not complete operation" },
  InvalidConfigValue: { code: 6039, message: "Invalid config value" },
  InvalidRpsCurvePoint: { code: 6043, message: "Invalid reward rate curve point" },
  DepositCapReached: { code: 6045, message: "Deposit cap reached" },
  InvalidFarmConfigUpdateAuthority: { code: 6054, message: "Invalid authority for updating farm config" },
  UserTokenAccountOwnerMismatch: { code: 6065, message: "User token account owner does not match user state owner" },
  HarvestingNotPermissionlessPayerMismatch: {
    code: 6066,
    message: "Harvesting is not permissionless, payer does not match user state owner",
  },
} as const satisfies Record<string, ErrorEntry>;

export type FarmsErrorName = keyof typeof FARMS_ERRORS | keyof typeof MARKET_ANCHOR_ERRORS | AnchorErrorName;

const inTable = <T extends object>(table: T, name: string): name is Extract<keyof T, string> => name in table;

/** Fails with a farms error or an Anchor error by name, logged as Anchor logs it. */
export function farmsFail(name: FarmsErrorName, account: string | null = null): never {
  const entry: ErrorEntry = inTable(FARMS_ERRORS, name)
    ? FARMS_ERRORS[name]
    : inTable(MARKET_ANCHOR_ERRORS, name)
      ? MARKET_ANCHOR_ERRORS[name]
      : ANCHOR_ERRORS[name];
  throw new ProgramFailure(name, entry, account);
}
