// Solana's `StakeStateV2` as bincode lays it out in a 200-byte stake account. Only the `Stake` variant (tag 2)
// is modelled: it is the one a delegated pool stake account is in, and the one the lending program reads.
import { PublicKey } from "@solana/web3.js";

/** Every stake account is allocated at this size (`StakeStateV2::size_of()`). */
export const STAKE_ACCOUNT_SIZE = 200;

/** bincode's u32 enum tags of `StakeStateV2`. */
export const StakeStateTag = { Uninitialized: 0, Initialized: 1, Stake: 2, RewardsPool: 3 } as const;

/** `deactivation_epoch` of a stake that was never deactivated. */
export const NOT_DEACTIVATED = 0xffff_ffff_ffff_ffffn;

/** The (deprecated, still stored) warmup/cooldown rate Solana writes into new delegations. */
export const DEFAULT_WARMUP_COOLDOWN_RATE = 0.25;

export interface StakeAccount {
  meta: {
    rentExemptReserve: bigint;
    authorized: { staker: string; withdrawer: string };
    lockup: { unixTimestamp: bigint; epoch: bigint; custodian: string };
  };
  stake: {
    delegation: {
      voterPubkey: string;
      /** Delegated lamports: what a stake pool's tokens are backed by. */
      stake: bigint;
      activationEpoch: bigint;
      deactivationEpoch: bigint;
      warmupCooldownRate: number;
    };
    creditsObserved: bigint;
  };
  stakeFlags: number;
}

/** Byte offsets of the `Stake` variant's fields. */
export const STAKE_OFFSETS = {
  tag: 0,
  rentExemptReserve: 4,
  staker: 12,
  withdrawer: 44,
  lockupUnixTimestamp: 76,
  lockupEpoch: 84,
  lockupCustodian: 92,
  voterPubkey: 124,
  stake: 156,
  activationEpoch: 164,
  deactivationEpoch: 172,
  warmupCooldownRate: 180,
  creditsObserved: 188,
  stakeFlags: 196,
} as const;

const o = STAKE_OFFSETS;
const readKey = (data: Buffer, at: number) => new PublicKey(data.subarray(at, at + 32)).toBase58();
const writeKey = (data: Buffer, at: number, key: string) => new PublicKey(key).toBuffer().copy(data, at);

/** The account's `StakeStateV2` tag, or null when it is too short to hold one. */
export function stakeStateTag(data: Buffer): number | null {
  return data.length < 4 ? null : data.readUInt32LE(o.tag);
}

/** Decodes a stake account in the `Stake` state; any other state, or short data, throws. */
export function decodeStakeAccount(data: Buffer): StakeAccount {
  if (data.length < STAKE_ACCOUNT_SIZE) throw new RangeError(`a stake account holds ${STAKE_ACCOUNT_SIZE} bytes, not ${data.length}`);
  const tag = stakeStateTag(data);
  if (tag !== StakeStateTag.Stake) throw new RangeError(`stake account is in state ${tag}, not Stake`);
  return {
    meta: {
      rentExemptReserve: data.readBigUInt64LE(o.rentExemptReserve),
      authorized: { staker: readKey(data, o.staker), withdrawer: readKey(data, o.withdrawer) },
      lockup: {
        unixTimestamp: data.readBigInt64LE(o.lockupUnixTimestamp),
        epoch: data.readBigUInt64LE(o.lockupEpoch),
        custodian: readKey(data, o.lockupCustodian),
      },
    },
    stake: {
      delegation: {
        voterPubkey: readKey(data, o.voterPubkey),
        stake: data.readBigUInt64LE(o.stake),
        activationEpoch: data.readBigUInt64LE(o.activationEpoch),
        deactivationEpoch: data.readBigUInt64LE(o.deactivationEpoch),
        warmupCooldownRate: data.readDoubleLE(o.warmupCooldownRate),
      },
      creditsObserved: data.readBigUInt64LE(o.creditsObserved),
    },
    stakeFlags: data[o.stakeFlags],
  };
}

/** Writes `account` as the `Stake` variant into `data` (at least 200 bytes); the padding after it is left alone. */
export function encodeStakeAccountInto(data: Buffer, account: StakeAccount): void {
  const { meta, stake } = account;
  data.writeUInt32LE(StakeStateTag.Stake, o.tag);
  data.writeBigUInt64LE(meta.rentExemptReserve, o.rentExemptReserve);
  writeKey(data, o.staker, meta.authorized.staker);
  writeKey(data, o.withdrawer, meta.authorized.withdrawer);
  data.writeBigInt64LE(meta.lockup.unixTimestamp, o.lockupUnixTimestamp);
  data.writeBigUInt64LE(meta.lockup.epoch, o.lockupEpoch);
  writeKey(data, o.lockupCustodian, meta.lockup.custodian);
  writeKey(data, o.voterPubkey, stake.delegation.voterPubkey);
  data.writeBigUInt64LE(stake.delegation.stake, o.stake);
  data.writeBigUInt64LE(stake.delegation.activationEpoch, o.activationEpoch);
  data.writeBigUInt64LE(stake.delegation.deactivationEpoch, o.deactivationEpoch);
  data.writeDoubleLE(stake.delegation.warmupCooldownRate, o.warmupCooldownRate);
  data.writeBigUInt64LE(stake.creditsObserved, o.creditsObserved);
  data[o.stakeFlags] = account.stakeFlags;
}

export function encodeStakeAccount(account: StakeAccount): Buffer {
  const data = Buffer.alloc(STAKE_ACCOUNT_SIZE);
  encodeStakeAccountInto(data, account);
  return data;
}
