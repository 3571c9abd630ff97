// deposit_liquidity(lp_amount: u64, maximum_amount_a: u64, maximum_amount_b: u64): both tokens in, LP tokens out.
//   0 depositor signer; 1 pool; 2 pool_authority; 3 vault_a, 4 vault_b writable; 5 lp_mint writable;
//   6 locked_lp writable; 7 depositor_token_a, 8 depositor_token_b, 9 depositor_lp writable; 10 token_program
// Into an empty pool the deposit is both maxima and sets the price: it mints √(a·b) LP tokens, locks the minimum
// of them in locked_lp and gives the rest to the depositor (at least lp_amount). Later deposits buy exactly
// lp_amount LP tokens at each reserve's share, rounded up, within the maxima.
import { AccountChecks, declareAccounts, mintTo, signer, unchecked } from "@ballast/anchor";
import { ArgsReader, decodeArgs } from "@ballast/codec";
import type { InstructionContext } from "@ballast/ledger";
import { POOL_INSTRUCTIONS } from "../../instructions/pool.js";
import { depositAmounts, initialLiquidity } from "../../math/liquidity.js";
import { readMint, tokenAccount, tokenBalance, transfer } from "../token.js";
import { authoritySeeds, checkLockedLp, checkPoolAccounts, fail, poolAccount, readPool, tokenProgram } from "./shared.js";

export const DepositLiquidityAccounts = declareAccounts(
  {
    depositor: signer(),
    pool: poolAccount(),
    poolAuthority: unchecked(),
    vaultA: unchecked({ mut: "load" }),
    vaultB: unchecked({ mut: "load" }),
    lpMint: unchecked({ mut: "load" }),
    lockedLp: unchecked({ mut: "load" }),
    depositorTokenA: tokenAccount({ mut: "load" }),
    depositorTokenB: tokenAccount({ mut: "load" }),
    depositorLp: tokenAccount({ mut: "load" }),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => ({
    vaultA: () => checkPoolAccounts(readPool(a.pool), a),
    lockedLp: () => checkLockedLp(ctx, a.lockedLp, a.pool),
  }),
);

export function depositLiquidity(ctx: InstructionContext, _checks: AccountChecks, args: ArgsReader): void {
  const { lpAmount, maximumAmountA, maximumAmountB } = decodeArgs(args, POOL_INSTRUCTIONS.deposit_liquidity.args);
  const a = DepositLiquidityAccounts.load(ctx).accounts;
  const pool = readPool(a.pool);
  const authority = authoritySeeds(ctx, a.poolAuthority, a.pool, pool);

  const supply = readMint(a.lpMint).supply;
  let amountA = maximumAmountA;
  let amountB = maximumAmountB;
  let minted = lpAmount;
  if (supply === 0n) {
    const initial = initialLiquidity(maximumAmountA, maximumAmountB);
    if (initial.minted < lpAmount) fail("SlippageExceeded");
    minted = initial.minted;
    mintTo(ctx, a.lpMint, a.lockedLp, a.poolAuthority, initial.locked, authority);
  } else {
    if (lpAmount === 0n) fail("ZeroAmount");
    ({ amountA, amountB } = depositAmounts(lpAmount, tokenBalance(a.vaultA), tokenBalance(a.vaultB), supply));
    if (amountA > maximumAmountA || amountB > maximumAmountB) fail("SlippageExceeded");
  }
  transfer(ctx, a.depositorTokenA, a.vaultA, a.depositor, amountA);
  transfer(ctx, a.depositorTokenB, a.vaultB, a.depositor, amountB);
  mintTo(ctx, a.lpMint, a.depositorLp, a.poolAuthority, minted, authority);
  ctx.log(`Deposited ${amountA} and ${amountB} for ${minted} LP tokens`);
}
