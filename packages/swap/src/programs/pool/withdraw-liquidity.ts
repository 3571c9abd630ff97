// withdraw_liquidity(lp_amount: u64, minimum_amount_a: u64, minimum_amount_b: u64): LP tokens burned, both tokens
// out at each reserve's share, rounded down, each at least its minimum.
//   0 owner signer; 1 pool; 2 pool_authority; 3 vault_a, 4 vault_b writable; 5 lp_mint writable;
//   6 owner_lp, 7 owner_token_a, 8 owner_token_b writable; 9 token_program
import { AccountChecks, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { ArgsReader, decodeArgs } from "@ballast/codec";
import type { InstructionContext } from "@ballast/ledger";
import { POOL_INSTRUCTIONS } from "../../instructions/pool.js";
import { withdrawAmounts } from "../../math/liquidity.js";
import { burn, readMint, tokenAccount, tokenBalance, transfer } from "../token.js";
import { authoritySeeds, checkPoolAccounts, fail, poolAccount, readPool, tokenProgram } from "./shared.js";

export const WithdrawLiquidityAccounts = declareAccounts(
  {
    owner: signer(),
    pool: poolAccount(),
    poolAuthority: unchecked(),
    vaultA: unchecked({ mut: "load" }),
    vaultB: unchecked({ mut: "load" }),
    lpMint: unchecked({ mut: "load" }),
    ownerLp: tokenAccount({ mut: "load" }),
    ownerTokenA: tokenAccount({ mut: "load" }),
    ownerTokenB: tokenAccount({ mut: "load" }),
    tokenProgram: tokenProgram(),
  },
  (a) => ({ vaultA: () => checkPoolAccounts(readPool(a.pool), a) }),
);

export function withdrawLiquidity(ctx: InstructionContext, _checks: AccountChecks, args: ArgsReader): void {
  const { lpAmount, minimumAmountA, minimumAmountB } = decodeArgs(args, POOL_INSTRUCTIONS.withdraw_liquidity.args);
  const a = WithdrawLiquidityAccounts.load(ctx).accounts;
  const pool = readPool(a.pool);
  const authority = authoritySeeds(ctx, a.poolAuthority, a.pool, pool);

  if (lpAmount === 0n) fail("ZeroAmount");
  const { amountA, amountB } = withdrawAmounts(lpAmount, tokenBalance(a.vaultA), tokenBalance(a.vaultB), readMint(a.lpMint).supply);
  if (amountA < minimumAmountA || amountB < minimumAmountB) fail("SlippageExceeded");
  burn(ctx, a.ownerLp, a.lpMint, a.owner, lpAmount);
  transfer(ctx, a.vaultA, a.ownerTokenA, a.poolAuthority, amountA, authority);
  transfer(ctx, a.vaultB, a.ownerTokenB, a.poolAuthority, amountB, authority);
  ctx.log(`Withdrew ${amountA} and ${amountB} for ${lpAmount} LP tokens`);
}
