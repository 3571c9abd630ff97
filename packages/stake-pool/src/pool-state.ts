// The pool account: an Anchor account at ["pool", vote_account] recording which validator the pool stakes with.
// Everything else a pool knows lives in its mint (LST supply) and its stake account (delegated lamports).
import { DISCRIMINATOR_SIZE, accountDiscriminator, accountLayout, pubkey, struct, type StructValue } from "@ballast/codec";

export const STAKE_POOL_DISCRIMINATOR = accountDiscriminator("StakePool");

export const StakePoolLayout = accountLayout("StakePool", STAKE_POOL_DISCRIMINATOR, struct(32, { voteAccount: [0, pubkey] }));

/** Discriminator, then vote_account. */
export const STAKE_POOL_ACCOUNT_SIZE = StakePoolLayout.space;

export type StakePool = StructValue<typeof StakePoolLayout.struct.fields>;

export function decodeStakePool(data: Buffer): StakePool {
  if (data.length < STAKE_POOL_ACCOUNT_SIZE || !data.subarray(0, DISCRIMINATOR_SIZE).equals(STAKE_POOL_DISCRIMINATOR)) {
    throw new RangeError("not a stake pool account");
  }
  return StakePoolLayout.struct.read(data, DISCRIMINATOR_SIZE);
}

export function encodeStakePoolInto(data: Buffer, pool: StakePool): void {
  STAKE_POOL_DISCRIMINATOR.copy(data, 0);
  StakePoolLayout.struct.write(data, DISCRIMINATOR_SIZE, pool);
}
