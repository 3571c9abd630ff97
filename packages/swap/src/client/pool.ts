// Instruction builders for the pool program. A pool is named by its PoolAddresses: poolAddresses(mintA, mintB,
// curve) derives them, poolAddressesOf(pool, state) reads them from a fetched pool account.
import { PublicKey, SystemProgram, type TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, toPublicKey, type Key } from "@ballast/codec";
import { TOKEN_PROGRAM_ID } from "@ballast/ledger";
import { poolAccountSeeds, poolAddresses, type PoolAddresses } from "../addresses.js";
import { POOL_INSTRUCTIONS } from "../instructions/pool.js";
import type { CurveKind } from "../math/curve.js";
import { POOL_PROGRAM_ID } from "../program-ids.js";
import type { Pool } from "../state/pool.js";

const TOKEN_PROGRAM = new PublicKey(TOKEN_PROGRAM_ID);

/** The addresses of a pool whose account has been read. */
export function poolAddressesOf(pool: Key, state: Pool, programId: Key = POOL_PROGRAM_ID): PoolAddresses {
  const program = toPublicKey(programId);
  const find = (seeds: Buffer[]) => PublicKey.findProgramAddressSync(seeds, program)[0];
  return {
    pool: toPublicKey(pool),
    authority: find(poolAccountSeeds("authority", pool)),
    mintA: new PublicKey(state.mintA),
    mintB: new PublicKey(state.mintB),
    vaultA: new PublicKey(state.vaultA),
    vaultB: new PublicKey(state.vaultB),
    lpMint: new PublicKey(state.lpMint),
    lockedLp: find(poolAccountSeeds("lockedLp", pool)),
  };
}

export interface InitializePoolParams {
  payer: PublicKey;
  mintA: PublicKey;
  mintB: PublicKey;
  curve: CurveKind;
  feeBps: number;
  /** The stable curve's A; 0 for constant product. */
  amplification: bigint;
  programId?: PublicKey;
}

export function initializePoolInstruction(p: InitializePoolParams): TransactionInstruction {
  const programId = p.programId ?? new PublicKey(POOL_PROGRAM_ID);
  const a = poolAddresses(p.mintA, p.mintB, p.curve, programId);
  return buildInstruction(programId, POOL_INSTRUCTIONS, "initialize_pool", {
    accounts: {
      payer: p.payer,
      pool: a.pool,
      poolAuthority: a.authority,
      mintA: a.mintA,
      mintB: a.mintB,
      vaultA: a.vaultA,
      vaultB: a.vaultB,
      lpMint: a.lpMint,
      lockedLp: a.lockedLp,
      systemProgram: SystemProgram.programId,
      tokenProgram: TOKEN_PROGRAM,
    },
    args: { curve: p.curve, feeBps: p.feeBps, amplification: p.amplification },
  });
}

export interface DepositLiquidityParams {
  pool: PoolAddresses;
  depositor: PublicKey;
  depositorTokenA: PublicKey;
  depositorTokenB: PublicKey;
  depositorLp: PublicKey;
  /** LP tokens to buy; for the first deposit, the least accepted. */
  lpAmount: bigint;
  maximumAmountA: bigint;
  maximumAmountB: bigint;
  programId?: PublicKey;
}

export function depositLiquidityInstruction(p: DepositLiquidityParams): TransactionInstruction {
  const { pool: a } = p;
  return buildInstruction(p.programId ?? POOL_PROGRAM_ID, POOL_INSTRUCTIONS, "deposit_liquidity", {
    accounts: {
      depositor: p.depositor,
      pool: a.pool,
      poolAuthority: a.authority,
      vaultA: a.vaultA,
      vaultB: a.vaultB,
      lpMint: a.lpMint,
      lockedLp: a.lockedLp,
      depositorTokenA: p.depositorTokenA,
      depositorTokenB: p.depositorTokenB,
      depositorLp: p.depositorLp,
      tokenProgram: TOKEN_PROGRAM,
    },
    args: { lpAmount: p.lpAmount, maximumAmountA: p.maximumAmountA, maximumAmountB: p.maximumAmountB },
  });
}

export interface WithdrawLiquidityParams {
  pool: PoolAddresses;
  owner: PublicKey;
  ownerLp: PublicKey;
  ownerTokenA: PublicKey;
  ownerTokenB: PublicKey;
  lpAmount: bigint;
  minimumAmountA: bigint;
  minimumAmountB: bigint;
  programId?: PublicKey;
}

export function withdrawLiquidityInstruction(p: WithdrawLiquidityParams): TransactionInstruction {
  const { pool: a } = p;
  return buildInstruction(p.programId ?? POOL_PROGRAM_ID, POOL_INSTRUCTIONS, "withdraw_liquidity", {
    accounts: {
      owner: p.owner,
      pool: a.pool,
      poolAuthority: a.authority,
      vaultA: a.vaultA,
      vaultB: a.vaultB,
      lpMint: a.lpMint,
      ownerLp: p.ownerLp,
      ownerTokenA: p.ownerTokenA,
      ownerTokenB: p.ownerTokenB,
      tokenProgram: TOKEN_PROGRAM,
    },
    args: { lpAmount: p.lpAmount, minimumAmountA: p.minimumAmountA, minimumAmountB: p.minimumAmountB },
  });
}

/** The accounts of a swap through `pool`, in either mode and direction. */
export interface SwapAccountsParams {
  pool: PoolAddresses;
  userSource: PublicKey;
  userDestination: PublicKey;
  userAuthority: PublicKey;
}

export function swapAccounts(p: SwapAccountsParams) {
  return {
    pool: p.pool.pool,
    poolAuthority: p.pool.authority,
    vaultA: p.pool.vaultA,
    vaultB: p.pool.vaultB,
    userSource: p.userSource,
    userDestination: p.userDestination,
    userAuthority: p.userAuthority,
    tokenProgram: TOKEN_PROGRAM,
  };
}

export interface SwapParams extends SwapAccountsParams {
  amountIn: bigint;
  minimumAmountOut: bigint;
  /** Mint A in, mint B out; false the other way. */
  aToB: boolean;
  programId?: PublicKey;
}

export function swapInstruction(p: SwapParams): TransactionInstruction {
  return buildInstruction(p.programId ?? POOL_PROGRAM_ID, POOL_INSTRUCTIONS, "swap", {
    accounts: swapAccounts(p),
    args: { amountIn: p.amountIn, minimumAmountOut: p.minimumAmountOut, aToB: p.aToB },
  });
}

export interface SwapExactOutParams extends SwapAccountsParams {
  amountOut: bigint;
  maximumAmountIn: bigint;
  aToB: boolean;
  programId?: PublicKey;
}

export function swapExactOutInstruction(p: SwapExactOutParams): TransactionInstruction {
  return buildInstruction(p.programId ?? POOL_PROGRAM_ID, POOL_INSTRUCTIONS, "swap_exact_out", {
    accounts: swapAccounts(p),
    args: { amountOut: p.amountOut, maximumAmountIn: p.maximumAmountIn, aToB: p.aToB },
  });
}
