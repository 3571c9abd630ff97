// Instruction builders for the router from a route description: the pools in order, each with its direction, and
// the user's token account between consecutive hops. Jupiter's route plan and the per-hop remaining accounts are
// derived from it.
import { PublicKey, type AccountMeta, type TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, type Key, toPublicKey } from "@ballast/codec";
import { TOKEN_PROGRAM_ID } from "@ballast/ledger";
import { eventAuthority, type PoolAddresses } from "../addresses.js";
import { POOL_INSTRUCTIONS } from "../instructions/pool.js";
import { ROUTER_INSTRUCTIONS, type RoutePlanStep } from "../instructions/router.js";
import { POOL_PROGRAM_ID, ROUTER_PROGRAM_ID } from "../program-ids.js";
import { swapAccounts } from "./pool.js";

/** One hop: a pool and which way it is crossed. */
export interface RouteHop {
  pool: PoolAddresses;
  /** Mint A in, mint B out; false the other way. */
  aToB: boolean;
}

export interface RouteDescription {
  /** One or more hops, in order. */
  hops: readonly RouteHop[];
  userTransferAuthority: PublicKey;
  userSourceTokenAccount: PublicKey;
  userDestinationTokenAccount: PublicKey;
  /** The user's token accounts of the mints between hops, one per hop boundary. */
  intermediateTokenAccounts?: readonly PublicKey[];
  /** Where the output lands instead of userDestinationTokenAccount. */
  destinationTokenAccount?: PublicKey | null;
  platformFeeAccount?: PublicKey | null;
  platformFeeBps?: number;
  slippageBps: number;
  programId?: Key;
  poolProgramId?: Key;
}

/** The mint a route ends in. */
export function routeOutputMint(hops: readonly RouteHop[]): PublicKey {
  const last = hops.at(-1);
  if (!last) throw new RangeError("a route needs at least one hop");
  return last.aToB ? last.pool.mintB : last.pool.mintA;
}

/** Jupiter's route plan for a chain of whole-amount hops. */
export function routePlan(hops: readonly RouteHop[]): RoutePlanStep[] {
  return hops.map((hop, i) => ({ swap: { ballastPool: { aToB: hop.aToB } }, percent: 100, inputIndex: i, outputIndex: i + 1 }));
}

/** Per hop: the pool program's id, then its swap accounts with the token accounts the hop moves between. */
export function routeRemainingAccounts(route: RouteDescription): AccountMeta[] {
  const intermediates = route.intermediateTokenAccounts ?? [];
  if (intermediates.length !== route.hops.length - 1) {
    throw new RangeError(`${route.hops.length} hops need ${route.hops.length - 1} intermediate token accounts`);
  }
  const accountsBetween = [
    route.userSourceTokenAccount,
    ...intermediates,
    route.destinationTokenAccount ?? route.userDestinationTokenAccount,
  ];
  const poolProgram = toPublicKey(route.poolProgramId ?? POOL_PROGRAM_ID);
  return route.hops.flatMap((hop, i) => {
    const [userSource, userDestination] = [accountsBetween[i], accountsBetween[i + 1]];
    if (!userSource || !userDestination) throw new RangeError(`hop ${i} has no token accounts`);
    const accounts: Record<string, PublicKey> = swapAccounts({
      pool: hop.pool,
      userSource,
      userDestination,
      userAuthority: route.userTransferAuthority,
    });
    const metas = POOL_INSTRUCTIONS.swap.accounts.map((decl) => {
      const pubkey = accounts[decl.name];
      if (!pubkey) throw new RangeError(`no ${decl.name} for hop ${i}`);
      // The user signs the route itself, so in the hop's accounts it is a plain signer the router passes through.
      return { pubkey, isSigner: "signer" in decl, isWritable: "writable" in decl };
    });
    return [{ pubkey: poolProgram, isSigner: false, isWritable: false }, ...metas];
  });
}

function routeAccounts(route: RouteDescription, programId: Key) {
  return {
    tokenProgram: new PublicKey(TOKEN_PROGRAM_ID),
    userTransferAuthority: route.userTransferAuthority,
    userSourceTokenAccount: route.userSourceTokenAccount,
    userDestinationTokenAccount: route.userDestinationTokenAccount,
    destinationTokenAccount: route.destinationTokenAccount ?? null,
    destinationMint: routeOutputMint(route.hops),
    platformFeeAccount: route.platformFeeAccount ?? null,
    eventAuthority: eventAuthority(programId),
    program: toPublicKey(programId),
  };
}

/** `route`: exactly `inAmount` in, at least `quotedOutAmount` less `slippageBps` out. */
export function routeInstruction(route: RouteDescription & { inAmount: bigint; quotedOutAmount: bigint }): TransactionInstruction {
  const programId = route.programId ?? ROUTER_PROGRAM_ID;
  return buildInstruction(programId, ROUTER_INSTRUCTIONS, "route", {
    accounts: routeAccounts(route, programId),
    args: {
      routePlan: routePlan(route.hops),
      inAmount: route.inAmount,
      quotedOutAmount: route.quotedOutAmount,
      slippageBps: route.slippageBps,
      platformFeeBps: route.platformFeeBps ?? 0,
    },
    remainingAccounts: routeRemainingAccounts(route),
  });
}

/** `exact_out_route`: exactly `outAmount` out, at most `quotedInAmount` plus `slippageBps` in. */
export function exactOutRouteInstruction(route: RouteDescription & { outAmount: bigint; quotedInAmount: bigint }): TransactionInstruction {
  const programId = route.programId ?? ROUTER_PROGRAM_ID;
  return buildInstruction(programId, ROUTER_INSTRUCTIONS, "exact_out_route", {
    accounts: routeAccounts(route, programId),
    args: {
      routePlan: routePlan(route.hops),
      outAmount: route.outAmount,
      quotedInAmount: route.quotedInAmount,
      slippageBps: route.slippageBps,
      platformFeeBps: route.platformFeeBps ?? 0,
    },
    remainingAccounts: routeRemainingAccounts(route),
  });
}
