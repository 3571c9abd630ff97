// route(route_plan, in_amount, quoted_out_amount, slippage_bps, platform_fee_bps) → u64: exact in. Each hop swaps
// everything the previous one delivered; the platform fee (platform_fee_bps of the output) goes to
// platform_fee_account; what is left must be at least quoted_out_amount less slippage_bps, or the whole transaction
// fails with SlippageToleranceExceeded.
import { AccountChecks } from "@ballast/anchor";
import { ArgsReader, decodeArgs } from "@ballast/codec";
import type { InstructionContext } from "@ballast/ledger";
import { ROUTER_INSTRUCTIONS } from "../../instructions/router.js";
import { minimumOut } from "../../math/route.js";
import {
  RouteAccounts,
  chargePlatformFee,
  checkMints,
  checkSlippage,
  fail,
  invokeHop,
  loadHops,
  outputAccount,
  platformFeeAccount,
  setReturnAmount,
} from "./shared.js";

export function route(poolProgramId: string) {
  return (ctx: InstructionContext, _checks: AccountChecks, args: ArgsReader): void => {
    const { routePlan, inAmount, quotedOutAmount, slippageBps, platformFeeBps } = decodeArgs(args, ROUTER_INSTRUCTIONS.route.args);
    const { accounts: a, remaining } = RouteAccounts.load(ctx);
    checkSlippage(slippageBps);
    const destination = outputAccount(ctx, a);
    const feeAccount = platformFeeAccount(ctx, a.platformFeeAccount, platformFeeBps);
    checkMints(a.userSourceTokenAccount, destination, a.destinationMint);
    const hops = loadHops(routePlan, remaining, poolProgramId, a.userSourceTokenAccount, destination);

    let amount = inAmount;
    for (const hop of hops) amount = invokeHop(ctx, hop, { name: "swap", amountIn: amount, minimumAmountOut: 0n });
    const fee = (amount * BigInt(platformFeeBps)) / 10_000n;
    chargePlatformFee(ctx, destination, feeAccount, a.userTransferAuthority, fee);
    const outAmount = amount - fee;
    if (outAmount < minimumOut(quotedOutAmount, slippageBps)) fail("SlippageToleranceExceeded");
    setReturnAmount(ctx, outAmount);
    ctx.log(`Routed ${inAmount} in for ${outAmount} out over ${hops.length} hop(s)`);
  };
}
