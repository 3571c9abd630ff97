// The pool account: an Anchor account at ["pool", vote_account] recording which validator the pool stakes with.
// Everything else a pool knows lives in its mint (LST supply) and its stake account (delegated lamports).
import { PublicKey } from "@solana/web3.js";
import { accountDiscriminator } from "@ballast/anchor";

export const STAKE_POOL_DISCRIMINATOR = accountDiscriminator("StakePool");
/** Discriminator, then vote_account. */
export const STAKE_POOL_ACCOUNT_SIZE = 8 + 32;
const VOTE_ACCOUNT_OFFSET = 8;

export interface StakePool {
  voteAccount: string;
}

export function decodeStakePool(data: Buffer): StakePool {
  if (data.length < STAKE_POOL_ACCOUNT_SIZE || !data.subarray(0, 8).equals(STAKE_POOL_DISCRIMINATOR)) {
    throw new RangeError("not a stake pool account");
  }
  return { voteAccount: new PublicKey(data.subarray(VOTE_ACCOUNT_OFFSET, VOTE_ACCOUNT_OFFSET + 32)).toBase58() };
}

export function encodeStakePoolInto(data: Buffer, pool: StakePool): void {
  STAKE_POOL_DISCRIMINATOR.copy(data, 0);
  new PublicKey(pool.voteAccount).toBuffer().copy(data, VOTE_ACCOUNT_OFFSET);
}
