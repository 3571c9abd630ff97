// Solana's `StakeStateV2` as bincode lays it out in a 200-byte stake account. Only the `Stake` variant (tag 2)
// is modelled: it is the one a delegated pool stake account is in, and the one the lending program reads.
import { f64, i64, pubkey, struct, structAccessors, u32, u64, u8, type StructValue } from "@ballast/codec";

/** Every stake account is allocated at this size (`StakeStateV2::size_of()`). */
export const STAKE_ACCOUNT_SIZE = 200;

/** bincode's u32 enum tags of `StakeStateV2`. */
export const StakeStateTag = { Uninitialized: 0, Initialized: 1, Stake: 2, RewardsPool: 3 } as const;

/** `deactivation_epoch` of a stake that was never deactivated. */
export const NOT_DEACTIVATED = 0xffff_ffff_ffff_ffffn;

/** The (deprecated, still stored) warmup/cooldown rate Solana writes into new delegations. */
export const DEFAULT_WARMUP_COOLDOWN_RATE = 0.25;

const Authorized = struct(64, { staker: [0, pubkey], withdrawer: [32, pubkey] });
const Lockup = struct(48, { unixTimestamp: [0, i64], epoch: [8, u64], custodian: [16, pubkey] });
const Meta = struct(120, { rentExemptReserve: [0, u64], authorized: [8, Authorized], lockup: [72, Lockup] });
const Delegation = struct(64, {
  voterPubkey: [0, pubkey],
  /** Delegated lamports: what a stake pool's tokens are backed by. */
  stake: [32, u64],
  activationEpoch: [40, u64],
  deactivationEpoch: [48, u64],
  warmupCooldownRate: [56, f64],
});
const Stake = struct(72, { delegation: [0, Delegation], creditsObserved: [64, u64] });

/** The `Stake` variant from its u32 tag to stake_flags; the account's last 3 bytes are padding. */
export const StakeStateStruct = struct(197, { tag: [0, u32], meta: [4, Meta], stake: [124, Stake], stakeFlags: [196, u8] });

const stakeFields = structAccessors(StakeStateStruct, 0);

export type StakeAccount = Omit<StructValue<typeof StakeStateStruct.fields>, "tag">;

/** The account's `StakeStateV2` tag, or null when it is too short to hold one. */
export function stakeStateTag(data: Buffer): number | null {
  return data.length < 4 ? null : stakeFields.tag.get(data);
}

/** Decodes a stake account in the `Stake` state; any other state, or short data, throws. */
export function decodeStakeAccount(data: Buffer): StakeAccount {
  if (data.length < STAKE_ACCOUNT_SIZE) throw new RangeError(`a stake account holds ${STAKE_ACCOUNT_SIZE} bytes, not ${data.length}`);
  const tag = stakeStateTag(data);
  if (tag !== StakeStateTag.Stake) throw new RangeError(`stake account is in state ${tag}, not Stake`);
  const { tag: _tag, ...account } = StakeStateStruct.read(data, 0);
  return account;
}

/** Writes `account` as the `Stake` variant into `data` (at least 200 bytes); the padding after it is left alone. */
export function encodeStakeAccountInto(data: Buffer, account: StakeAccount): void {
  StakeStateStruct.write(data, 0, { tag: StakeStateTag.Stake, ...account });
}

export function encodeStakeAccount(account: StakeAccount): Buffer {
  const data = Buffer.alloc(STAKE_ACCOUNT_SIZE);
  encodeStakeAccountInto(data, account);
  return data;
}
