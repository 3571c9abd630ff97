// swap(amount_in: u64, minimum_amount_out: u64, a_to_b: bool) and
// swap_exact_out(amount_out: u64, maximum_amount_in: u64, a_to_b: bool): one trade against the pool's curve.
//   0 pool; 1 pool_authority; 2 vault_a, 3 vault_b writable; 4 user_source, 5 user_destination writable
//   (token accounts of the input and output mints); 6 user_authority signer (owner or delegate of user_source);
//   7 token_program
// The whole input goes into the input vault, fee included, so the fee stays with the LPs. Both set the amount
// out (u64 LE) as return data, as the router reads it.
import { AccountChecks, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { ArgsReader, decodeArgs } from "@ballast/codec";
import type { InstructionContext } from "@ballast/ledger";
import { POOL_INSTRUCTIONS } from "../../instructions/pool.js";
import { quoteExactIn, quoteExactOut, type CurveParams } from "../../math/curve.js";
import { tokenAccount, tokenBalance, transfer } from "../token.js";
import { authoritySeeds, checkPoolAccounts, curveParams, fail, poolAccount, readPool, tokenProgram } from "./shared.js";

export const SwapAccounts = declareAccounts(
  {
    pool: poolAccount(),
    poolAuthority: unchecked(),
    vaultA: unchecked({ mut: "load" }),
    vaultB: unchecked({ mut: "load" }),
    userSource: tokenAccount({ mut: "load" }),
    userDestination: tokenAccount({ mut: "load" }),
    userAuthority: signer(),
    tokenProgram: tokenProgram(),
  },
  (a) => ({ vaultA: () => checkPoolAccounts(readPool(a.pool), a) }),
);

interface Trade {
  amountIn: bigint;
  amountOut: bigint;
}

/** Prices the trade from the vaults' balances, then moves both sides. */
function trade(ctx: InstructionContext, aToB: boolean, price: (curve: CurveParams, reserveIn: bigint, reserveOut: bigint) => Trade): void {
  const a = SwapAccounts.load(ctx).accounts;
  const pool = readPool(a.pool);
  const authority = authoritySeeds(ctx, a.poolAuthority, a.pool, pool);
  const [vaultIn, vaultOut] = aToB ? [a.vaultA, a.vaultB] : [a.vaultB, a.vaultA];
  const { amountIn, amountOut } = price(curveParams(pool), tokenBalance(vaultIn), tokenBalance(vaultOut));
  if (amountOut === 0n) fail("ZeroAmount");
  transfer(ctx, a.userSource, vaultIn, a.userAuthority, amountIn);
  transfer(ctx, vaultOut, a.userDestination, a.poolAuthority, amountOut, authority);
  const out = Buffer.alloc(8);
  out.writeBigUInt64LE(amountOut);
  ctx.setReturnData(out);
  ctx.log(`Swapped ${amountIn} ${aToB ? "A for B" : "B for A"}: ${amountOut} out`);
}

export function swap(ctx: InstructionContext, _checks: AccountChecks, args: ArgsReader): void {
  const { amountIn, minimumAmountOut, aToB } = decodeArgs(args, POOL_INSTRUCTIONS.swap.args);
  trade(ctx, aToB, (curve, reserveIn, reserveOut) => {
    const amountOut = quoteExactIn(curve, reserveIn, reserveOut, amountIn);
    if (amountOut < minimumAmountOut) fail("SlippageExceeded");
    return { amountIn, amountOut };
  });
}

export function swapExactOut(ctx: InstructionContext, _checks: AccountChecks, args: ArgsReader): void {
  const { amountOut, maximumAmountIn, aToB } = decodeArgs(args, POOL_INSTRUCTIONS.swap_exact_out.args);
  trade(ctx, aToB, (curve, reserveIn, reserveOut) => {
    const amountIn = quoteExactOut(curve, reserveIn, reserveOut, amountOut);
    if (amountIn > maximumAmountIn) fail("SlippageExceeded");
    return { amountIn, amountOut };
  });
}
