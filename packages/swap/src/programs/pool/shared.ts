// What the pool program's instructions share: its failures, its account kinds, and the checks that tie a pool's
// authority, vaults and LP mint to the pool.
import { PublicKey } from "@solana/web3.js";
import {
  ProgramFailure,
  anchorFail,
  checkAddress,
  checkSeeds,
  failureFor,
  program,
  programAccount,
  type DeclaredAccount,
  type Fail,
} from "@ballast/anchor";
import { SYSTEM_PROGRAM_ID, TOKEN_PROGRAM_ID, type InstructionContext } from "@ballast/ledger";
import { poolAccountSeeds } from "../../addresses.js";
import { POOL_ERRORS } from "../../errors.js";
import { type CurveKind, type CurveParams } from "../../math/curve.js";
import { SwapMathError, type SwapMathFailure } from "../../math/integer.js";
import { PoolLayout, decodePool, type Pool } from "../../state/pool.js";
import type { Seeds } from "../token.js";

export const fail: Fail<typeof POOL_ERRORS> = failureFor(POOL_ERRORS);

export const systemProgram = () => program([SYSTEM_PROGRAM_ID]);
export const tokenProgram = () => program([TOKEN_PROGRAM_ID]);
export const poolAccount = () => programAccount(PoolLayout);

export function readPool(account: { readonly data: Buffer }): Pool {
  return decodePool(account.data);
}

export function curveParams(pool: Pool): CurveParams {
  return { curve: pool.curve as CurveKind, feeBps: pool.feeBps, amplification: pool.amplification };
}

/**
 * Anchor's `seeds = ["authority", pool], bump = pool.authority_bump`: the account is the pool's authority
 * (ConstraintSeeds otherwise). Returns its signer seeds.
 */
export function authoritySeeds(ctx: InstructionContext, authority: DeclaredAccount, pool: DeclaredAccount, state: Pool): Seeds {
  const seeds = [...poolAccountSeeds("authority", pool.key), Uint8Array.of(state.authorityBump)];
  if (PublicKey.createProgramAddressSync(seeds, new PublicKey(ctx.programId)).toBase58() !== authority.key) {
    anchorFail("ConstraintSeeds", authority.name);
  }
  return seeds;
}

/** Anchor's `seeds = ["locked_lp", pool]`. */
export function checkLockedLp(ctx: InstructionContext, lockedLp: DeclaredAccount, pool: DeclaredAccount): void {
  checkSeeds(ctx, lockedLp, poolAccountSeeds("lockedLp", pool.key));
}

/** The pool's vaults and LP mint, as its account records them (ConstraintAddress otherwise). */
export function checkPoolAccounts(
  pool: Pool,
  accounts: { vaultA: DeclaredAccount; vaultB: DeclaredAccount; lpMint?: DeclaredAccount },
): void {
  checkAddress(accounts.vaultA, pool.vaultA);
  checkAddress(accounts.vaultB, pool.vaultB);
  if (accounts.lpMint) checkAddress(accounts.lpMint, pool.lpMint);
}

const MATH_FAILURES: Record<SwapMathFailure, keyof typeof POOL_ERRORS> = {
  ZeroAmount: "ZeroAmount",
  InsufficientLiquidity: "InsufficientLiquidity",
  InitialLiquidityTooSmall: "InitialLiquidityTooSmall",
  DidNotConverge: "CurveDidNotConverge",
};

/** The curve math's refusals as the pool's errors. */
export function translateMathError(error: unknown): ProgramFailure | null {
  if (!(error instanceof SwapMathError)) return null;
  const name = MATH_FAILURES[error.reason];
  return new ProgramFailure(name, POOL_ERRORS[name]);
}
