// The router's instructions as Jupiter v6 declares them: `route` and `exact_out_route` with Jupiter's account names
// and argument shapes. Jupiter's `Swap` enum names the venue of each step; ours has one variant, the Ballast pools,
// carrying the direction. Per hop, the remaining accounts are the pool program's id then its swap accounts.
import { failureFor } from "@ballast/anchor";
import { ArgsReader, ArgsWriter, arg, defineInstructions, type ArgType, type ArgValue } from "@ballast/codec";
import { ROUTER_ERRORS } from "../errors.js";

/** The variants of the router's `Swap` enum, by Borsh index. */
export const SwapVariant = { BallastPool: 0 } as const;

/** One step's venue: a Ballast pool, mint A to mint B or back. */
export interface Swap {
  readonly ballastPool: { readonly aToB: boolean };
}

const fail = failureFor(ROUTER_ERRORS);

/** Borsh enum: a u8 variant index, then the variant's fields. A variant this router does not know is SwapNotSupported. */
export const swapArg: ArgType<Swap> = {
  encode(w: ArgsWriter, value: Swap) {
    w.u8(SwapVariant.BallastPool);
    w.bool(value.ballastPool.aToB);
  },
  decode(r: ArgsReader): Swap {
    if (r.u8() !== SwapVariant.BallastPool) fail("SwapNotSupported");
    return { ballastPool: { aToB: r.bool() } };
  },
};

export const routePlanStepArg = arg.struct({ swap: swapArg, percent: arg.u8, inputIndex: arg.u8, outputIndex: arg.u8 });
export type RoutePlanStep = ArgValue<typeof routePlanStepArg>;

const ROUTE_ACCOUNTS = [
  { name: "tokenProgram" },
  { name: "userTransferAuthority", signer: true },
  { name: "userSourceTokenAccount", writable: true },
  { name: "userDestinationTokenAccount", writable: true },
  { name: "destinationTokenAccount", writable: true, optional: true },
  { name: "destinationMint" },
  { name: "platformFeeAccount", writable: true, optional: true },
  { name: "eventAuthority" },
  { name: "program" },
] as const;

export const ROUTER_INSTRUCTIONS = defineInstructions({
  route: {
    accounts: ROUTE_ACCOUNTS,
    args: {
      routePlan: arg.vec(routePlanStepArg),
      inAmount: arg.u64,
      quotedOutAmount: arg.u64,
      slippageBps: arg.u16,
      platformFeeBps: arg.u8,
    },
  },
  exact_out_route: {
    accounts: ROUTE_ACCOUNTS,
    args: {
      routePlan: arg.vec(routePlanStepArg),
      outAmount: arg.u64,
      quotedInAmount: arg.u64,
      slippageBps: arg.u16,
      platformFeeBps: arg.u8,
    },
  },
});

/** Anchor event discriminator of Jupiter's SwapEvent {amm, input_mint, input_amount, output_mint, output_amount}. */
export const SWAP_EVENT_DISCRIMINATOR = Buffer.from("40c6cde8260871e2", "hex");
