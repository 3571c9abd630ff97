// The pool program's addresses. A pool is the PDA ["pool", mint_a, mint_b, [curve]] (one pool per ordered pair and
// curve), and every account it owns is a PDA of the pool: its authority ["authority", pool], which owns the vaults
// and the locked LP tokens and mints LP; the vaults ["vault", pool, mint]; the LP mint ["lp_mint", pool]; and the
// locked-LP token account ["locked_lp", pool]. The router's event authority is Anchor's ["__event_authority"].
import { PublicKey } from "@solana/web3.js";
import { toPublicKey, type Key } from "@ballast/codec";
import { POOL_PROGRAM_ID, ROUTER_PROGRAM_ID } from "./program-ids.js";
import type { CurveKind } from "./math/curve.js";

export const POOL_SEEDS = {
  pool: "pool",
  authority: "authority",
  vault: "vault",
  lpMint: "lp_mint",
  lockedLp: "locked_lp",
} as const;

export function poolSeeds(mintA: Key, mintB: Key, curve: CurveKind): Buffer[] {
  return [Buffer.from(POOL_SEEDS.pool), toPublicKey(mintA).toBuffer(), toPublicKey(mintB).toBuffer(), Buffer.from([curve])];
}

/** Seeds of an account of the pool: [seed, pool] or, for a vault, [seed, pool, mint]. */
export function poolAccountSeeds(kind: "authority" | "lpMint" | "lockedLp", pool: Key): Buffer[];
export function poolAccountSeeds(kind: "vault", pool: Key, mint: Key): Buffer[];
export function poolAccountSeeds(kind: "authority" | "vault" | "lpMint" | "lockedLp", pool: Key, mint?: Key): Buffer[] {
  const seeds = [Buffer.from(POOL_SEEDS[kind]), toPublicKey(pool).toBuffer()];
  return mint === undefined ? seeds : [...seeds, toPublicKey(mint).toBuffer()];
}

/** A pool and every account it owns. */
export interface PoolAddresses {
  pool: PublicKey;
  authority: PublicKey;
  mintA: PublicKey;
  mintB: PublicKey;
  vaultA: PublicKey;
  vaultB: PublicKey;
  lpMint: PublicKey;
  lockedLp: PublicKey;
}

export function poolAddresses(mintA: Key, mintB: Key, curve: CurveKind, programId: Key = POOL_PROGRAM_ID): PoolAddresses {
  const program = toPublicKey(programId);
  const find = (seeds: Buffer[]) => PublicKey.findProgramAddressSync(seeds, program)[0];
  const pool = find(poolSeeds(mintA, mintB, curve));
  return {
    pool,
    authority: find(poolAccountSeeds("authority", pool)),
    mintA: toPublicKey(mintA),
    mintB: toPublicKey(mintB),
    vaultA: find(poolAccountSeeds("vault", pool, mintA)),
    vaultB: find(poolAccountSeeds("vault", pool, mintB)),
    lpMint: find(poolAccountSeeds("lpMint", pool)),
    lockedLp: find(poolAccountSeeds("lockedLp", pool)),
  };
}

/** The router's Anchor event authority (D8cy77…oitf at Jupiter's id). */
export function eventAuthority(programId: Key = ROUTER_PROGRAM_ID): PublicKey {
  return PublicKey.findProgramAddressSync([Buffer.from("__event_authority")], toPublicKey(programId))[0];
}
