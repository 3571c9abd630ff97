// initialize_pool(curve: u8, fee_bps: u16, amplification: u64): creates an empty pool for mint_a/mint_b on a curve.
//   0 payer           signer, writable: pays every account's rent
//   1 pool            writable: PDA ["pool", mint_a, mint_b, [curve]], created here
//   2 pool_authority  PDA ["authority", pool]: owns the vaults and the locked LP tokens, mints LP tokens
//   3 mint_a, 4 mint_b
//   5 vault_a, 6 vault_b  writable: PDAs ["vault", pool, mint], token accounts created here
//   7 lp_mint         writable: PDA ["lp_mint", pool], created here with the mints' mean decimals
//   8 locked_lp       writable: PDA ["locked_lp", pool], the LP token account holding the locked minimum
//   9 system_program, 10 token_program
// The first deposit_liquidity sets the price.
import {
  AccountChecks,
  createAccount,
  checkSeeds,
  declareAccounts,
  initializeMint,
  signer,
  unchecked,
  type DeclaredAccount,
} from "@ballast/anchor";
import { ArgsReader, decodeArgs } from "@ballast/codec";
import { ACCOUNT_SIZE, MINT_SIZE, TOKEN_PROGRAM_ID, minimumBalanceForRentExemption, type InstructionContext } from "@ballast/ledger";
import { poolAccountSeeds, poolSeeds } from "../../addresses.js";
import { POOL_INSTRUCTIONS } from "../../instructions/pool.js";
import { CurveKind, MAX_AMPLIFICATION, MAX_FEE_BPS, MIN_AMPLIFICATION, isCurveKind } from "../../math/curve.js";
import { POOL_ACCOUNT_SIZE, POOL_DISCRIMINATOR, encodePoolInto } from "../../state/pool.js";
import { initializeTokenAccount, mintAccount, readMint, type Seeds } from "../token.js";
import { fail, systemProgram, tokenProgram } from "./shared.js";

/** The account sits at this program's address of `seeds` (ConstraintSeeds otherwise): its bump and signer seeds. */
function pda(ctx: InstructionContext, account: DeclaredAccount, seeds: Buffer[]): { bump: number; seeds: Seeds } {
  const bump = checkSeeds(ctx, account, seeds);
  return { bump, seeds: [...seeds, Uint8Array.of(bump)] };
}

export const InitializePoolAccounts = declareAccounts({
  payer: signer({ mut: "load" }),
  pool: unchecked({ mut: "load" }),
  poolAuthority: unchecked(),
  mintA: mintAccount(),
  mintB: mintAccount(),
  vaultA: unchecked({ mut: "load" }),
  vaultB: unchecked({ mut: "load" }),
  lpMint: unchecked({ mut: "load" }),
  lockedLp: unchecked({ mut: "load" }),
  systemProgram: systemProgram(),
  tokenProgram: tokenProgram(),
});

function checkCurve(curve: number, feeBps: number, amplification: bigint): CurveKind {
  if (!isCurveKind(curve)) fail("InvalidCurve");
  if (feeBps > MAX_FEE_BPS) fail("InvalidFee");
  const stable = curve === CurveKind.Stable;
  if (stable ? amplification < MIN_AMPLIFICATION || amplification > MAX_AMPLIFICATION : amplification !== 0n) fail("InvalidAmplification");
  return curve;
}

export function initializePool(ctx: InstructionContext, checks: AccountChecks, args: ArgsReader): void {
  const { curve: curveArg, feeBps, amplification } = decodeArgs(args, POOL_INSTRUCTIONS.initialize_pool.args);
  const { payer, pool, poolAuthority, mintA, mintB, vaultA, vaultB, lpMint, lockedLp } = InitializePoolAccounts.load(ctx).accounts;
  const curve = checkCurve(curveArg, feeBps, amplification);
  if (mintA.key === mintB.key) fail("SameMint");

  const poolAddress = pda(ctx, pool, poolSeeds(mintA.key, mintB.key, curve));
  const authority = pda(ctx, poolAuthority, poolAccountSeeds("authority", pool.key));
  const vaultASigner = pda(ctx, vaultA, poolAccountSeeds("vault", pool.key, mintA.key)).seeds;
  const vaultBSigner = pda(ctx, vaultB, poolAccountSeeds("vault", pool.key, mintB.key)).seeds;
  const lpMintSigner = pda(ctx, lpMint, poolAccountSeeds("lpMint", pool.key)).seeds;
  const lockedLpSigner = pda(ctx, lockedLp, poolAccountSeeds("lockedLp", pool.key)).seeds;

  const data = checks.initAccount(payer, pool, POOL_ACCOUNT_SIZE, POOL_DISCRIMINATOR, poolAddress.seeds);
  const accountRent = minimumBalanceForRentExemption(ACCOUNT_SIZE);
  createAccount(ctx, payer, vaultA, accountRent, ACCOUNT_SIZE, TOKEN_PROGRAM_ID, vaultASigner);
  initializeTokenAccount(ctx, vaultA, mintA, poolAuthority.key);
  createAccount(ctx, payer, vaultB, accountRent, ACCOUNT_SIZE, TOKEN_PROGRAM_ID, vaultBSigner);
  initializeTokenAccount(ctx, vaultB, mintB, poolAuthority.key);
  const decimals = Math.floor((readMint(mintA).decimals + readMint(mintB).decimals) / 2);
  createAccount(ctx, payer, lpMint, minimumBalanceForRentExemption(MINT_SIZE), MINT_SIZE, TOKEN_PROGRAM_ID, lpMintSigner);
  initializeMint(ctx, lpMint, decimals, poolAuthority.key);
  createAccount(ctx, payer, lockedLp, accountRent, ACCOUNT_SIZE, TOKEN_PROGRAM_ID, lockedLpSigner);
  initializeTokenAccount(ctx, lockedLp, lpMint, poolAuthority.key);

  encodePoolInto(data, {
    mintA: mintA.key,
    mintB: mintB.key,
    vaultA: vaultA.key,
    vaultB: vaultB.key,
    lpMint: lpMint.key,
    amplification,
    feeBps,
    curve,
    bump: poolAddress.bump,
    authorityBump: authority.bump,
  });
  ctx.log(`Initialized ${curve === CurveKind.Stable ? "stable" : "constant-product"} pool with a ${feeBps} bps fee`);
}
