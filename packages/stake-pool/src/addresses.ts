// The pool's program-derived addresses. As in SPL single-pool, a pool is the PDA ["pool", vote_account] and each
// of its accounts is a PDA of the pool: the LST mint ["mint", pool] and the stake account ["stake", pool], which
// the lending program re-derives to prove a mint and a stake account belong together (lending reference §5).
import { PublicKey } from "@solana/web3.js";
import { STAKE_POOL_PROGRAM_ID } from "./program-ids.js";

export const POOL_SEEDS = {
  pool: "pool",
  mint: "mint",
  stake: "stake",
  /** Mint authority of the LST mint. */
  mintAuthority: "mint_authority",
  /** Staker and withdrawer of the stake account. */
  stakeAuthority: "stake_authority",
} as const;
export type PoolSeed = keyof typeof POOL_SEEDS;

type Key = PublicKey | string;
const toKey = (k: Key) => (typeof k === "string" ? new PublicKey(k) : k);

/** Seeds of a pool address: [seed, base], base being the vote account for the pool itself and the pool otherwise. */
export function poolSeeds(kind: PoolSeed, base: Key): Buffer[] {
  return [Buffer.from(POOL_SEEDS[kind]), toKey(base).toBuffer()];
}

export function poolAddress(kind: PoolSeed, base: Key, programId: Key = STAKE_POOL_PROGRAM_ID): [PublicKey, number] {
  return PublicKey.findProgramAddressSync(poolSeeds(kind, base), toKey(programId));
}

/** The pool of a vote account, and the pool's mint, stake account and their authorities. */
export interface StakePoolAddresses {
  voteAccount: PublicKey;
  pool: PublicKey;
  mint: PublicKey;
  stake: PublicKey;
  mintAuthority: PublicKey;
  stakeAuthority: PublicKey;
}

export function stakePoolAddresses(voteAccount: Key, programId: Key = STAKE_POOL_PROGRAM_ID): StakePoolAddresses {
  const [pool] = poolAddress("pool", voteAccount, programId);
  const of = (kind: PoolSeed) => poolAddress(kind, pool, programId)[0];
  return {
    voteAccount: toKey(voteAccount),
    pool,
    mint: of("mint"),
    stake: of("stake"),
    mintAuthority: of("mintAuthority"),
    stakeAuthority: of("stakeAuthority"),
  };
}
