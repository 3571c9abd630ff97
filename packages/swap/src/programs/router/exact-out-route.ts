// exact_out_route(route_plan, out_amount, quoted_in_amount, slippage_bps, platform_fee_bps) → u64: exact out. The
// amounts are solved from the last hop back with the pools' own curves; the input, plus the platform fee
// (platform_fee_bps of it, from the source to platform_fee_account), must be at most quoted_in_amount plus
// slippage_bps, or the whole transaction fails with SlippageToleranceExceeded. Each hop then buys exactly what the
// next one needs, and the destination must receive exactly out_amount.
import { AccountChecks } from "@ballast/anchor";
import { ArgsReader, decodeArgs } from "@ballast/codec";
import type { InstructionContext } from "@ballast/ledger";
import { ROUTER_INSTRUCTIONS } from "../../instructions/router.js";
import { maximumIn, routeExactOut } from "../../math/route.js";
import { tokenBalance } from "../token.js";
import {
  RouteAccounts,
  chargePlatformFee,
  checkMints,
  checkSlippage,
  fail,
  hopReserves,
  invokeHop,
  loadHops,
  outputAccount,
  platformFeeAccount,
  setReturnAmount,
} from "./shared.js";

export function exactOutRoute(poolProgramId: string) {
  return (ctx: InstructionContext, _checks: AccountChecks, args: ArgsReader): void => {
    const { routePlan, outAmount, quotedInAmount, slippageBps, platformFeeBps } = decodeArgs(
      args,
      ROUTER_INSTRUCTIONS.exact_out_route.args,
    );
    const { accounts: a, remaining } = RouteAccounts.load(ctx);
    checkSlippage(slippageBps);
    const destination = outputAccount(ctx, a);
    const feeAccount = platformFeeAccount(ctx, a.platformFeeAccount, platformFeeBps);
    checkMints(a.userSourceTokenAccount, destination, a.destinationMint);
    const hops = loadHops(routePlan, remaining, poolProgramId, a.userSourceTokenAccount, destination);

    const amounts = routeExactOut(hops.map(hopReserves), outAmount);
    const inAmount = amounts[0] ?? fail("InvalidCalculation");
    const fee = (inAmount * BigInt(platformFeeBps)) / 10_000n;
    if (inAmount + fee > maximumIn(quotedInAmount, slippageBps)) fail("SlippageToleranceExceeded");

    const before = tokenBalance(destination);
    hops.forEach((hop, i) => {
      const amountIn = amounts[i];
      const amountOut = amounts[i + 1];
      if (amountIn === undefined || amountOut === undefined) fail("InvalidCalculation");
      invokeHop(ctx, hop, { name: "swap_exact_out", amountOut, maximumAmountIn: amountIn });
    });
    if (tokenBalance(destination) - before !== outAmount) fail("ExactOutAmountNotMatched");
    chargePlatformFee(ctx, a.userSourceTokenAccount, feeAccount, a.userTransferAuthority, fee);
    setReturnAmount(ctx, inAmount + fee);
    ctx.log(`Routed ${inAmount + fee} in for ${outAmount} out over ${hops.length} hop(s)`);
  };
}
