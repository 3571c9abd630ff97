// What route and exact_out_route share: Jupiter's accounts, the checks on the route plan and on each hop's
// accounts, the CPI into the pool program, and the events and return data.
import { PublicKey } from "@solana/web3.js";
import { ProgramFailure, declareAccounts, failureFor, signer, unchecked, type Fail } from "@ballast/anchor";
import { ArgsWriter, encodeArgs, instructionDiscriminator } from "@ballast/codec";
import { TOKEN_PROGRAM_ID, type InstructionAccount, type InstructionContext } from "@ballast/ledger";
import { ROUTER_ERRORS } from "../../errors.js";
import { POOL_INSTRUCTIONS } from "../../instructions/pool.js";
import { SWAP_EVENT_DISCRIMINATOR, type RoutePlanStep } from "../../instructions/router.js";
import type { CurveKind, CurveParams } from "../../math/curve.js";
import type { HopReserves } from "../../math/route.js";
import { SwapMathError } from "../../math/integer.js";
import { POOL_DISCRIMINATOR, decodePool, type Pool } from "../../state/pool.js";
import { readTokenAccount, tokenAccount, tokenBalance, transfer } from "../token.js";

export const fail: Fail<typeof ROUTER_ERRORS> = failureFor(ROUTER_ERRORS);

const EVENT_AUTHORITY_SEED = Buffer.from("__event_authority");

/** Jupiter's accounts of route and exact_out_route (IDL names). */
export const RouteAccounts = declareAccounts(
  {
    tokenProgram: unchecked(),
    userTransferAuthority: signer(),
    userSourceTokenAccount: tokenAccount({ mut: "load" }),
    userDestinationTokenAccount: tokenAccount({ mut: "load" }),
    destinationTokenAccount: unchecked({ mut: "handler" }),
    destinationMint: unchecked(),
    platformFeeAccount: unchecked({ mut: "handler" }),
    eventAuthority: unchecked(),
    program: unchecked(),
  },
  (a, ctx) => ({
    tokenProgram: () => {
      if (a.tokenProgram.key !== TOKEN_PROGRAM_ID) fail("IncorrectTokenProgramID");
    },
    eventAuthority: () => {
      const [address] = PublicKey.findProgramAddressSync([EVENT_AUTHORITY_SEED], new PublicKey(ctx.programId));
      if (a.eventAuthority.key !== address.toBase58()) fail("InvalidProgramAuthority");
    },
    program: () => {
      if (a.program.key !== ctx.programId) fail("InvalidProgramAuthority");
    },
  }),
);

/** Per hop: the pool program's id, then the accounts of its swap instruction in its order. */
export const HOP_ACCOUNT_COUNT = 1 + POOL_INSTRUCTIONS.swap.accounts.length;

/** One hop's accounts, named as the pool's swap declares them. */
export interface Hop {
  step: RoutePlanStep;
  program: InstructionAccount;
  accounts: readonly InstructionAccount[];
  pool: InstructionAccount;
  state: Pool;
  vaultA: InstructionAccount;
  vaultB: InstructionAccount;
  userSource: InstructionAccount;
  userDestination: InstructionAccount;
}

/**
 * The route plan as this router runs it: a chain of one or more whole-amount steps, step i from index i to index
 * i + 1 (Jupiter's split steps are not supported), each with its hop's accounts among the remaining accounts.
 */
export function loadHops(
  plan: readonly RoutePlanStep[],
  remaining: readonly InstructionAccount[],
  poolProgramId: string,
  source: InstructionAccount,
  destination: InstructionAccount,
): Hop[] {
  if (plan.length === 0) fail("EmptyRoute");
  if (remaining.length < plan.length * HOP_ACCOUNT_COUNT) fail("NotEnoughAccountKeys");
  const hops = plan.map((step, i): Hop => {
    if (step.percent !== 100) fail("NotEnoughPercent");
    if (step.inputIndex !== i) fail("InvalidInputIndex");
    if (step.outputIndex !== i + 1) fail("InvalidOutputIndex");
    const [program, ...accounts] = remaining.slice(i * HOP_ACCOUNT_COUNT, (i + 1) * HOP_ACCOUNT_COUNT);
    const [pool, , vaultA, vaultB, userSource, userDestination] = accounts;
    if (!program || !pool || !vaultA || !vaultB || !userSource || !userDestination) fail("NotEnoughAccountKeys");
    if (program.key !== poolProgramId) fail("SwapNotSupported");
    const poolData = pool.account.data;
    if (pool.account.owner !== poolProgramId || !poolData.subarray(0, 8).equals(POOL_DISCRIMINATOR)) fail("InvalidRoutePlan");
    return { step, program, accounts, pool, state: decodePool(poolData), vaultA, vaultB, userSource, userDestination };
  });
  hops.forEach((hop, i) => {
    const next = hops[i + 1];
    if (next && hop.userDestination.key !== next.userSource.key) fail("InvalidRoutePlan");
  });
  const first = hops[0];
  const last = hops[hops.length - 1];
  if (!first || !last) fail("EmptyRoute");
  if (first.userSource.key !== source.key) fail("InvalidTokenAccount");
  if (last.userDestination.key !== destination.key) fail("InvalidOutputTokenAccount");
  return hops;
}

/** The account the output lands in: destination_token_account when given, else the user's. */
export function outputAccount(
  ctx: InstructionContext,
  a: { userDestinationTokenAccount: InstructionAccount; destinationTokenAccount: InstructionAccount },
): InstructionAccount {
  const given = a.destinationTokenAccount;
  if (given.key === ctx.programId) return a.userDestinationTokenAccount;
  if (!given.isWritable) fail("InvalidOutputTokenAccount");
  return given;
}

/** The platform fee account, required when a fee is charged. */
export function platformFeeAccount(ctx: InstructionContext, account: InstructionAccount, feeBps: number): InstructionAccount | null {
  if (feeBps === 0) return null;
  if (account.key === ctx.programId) fail("MissingPlatformFeeAccount");
  if (!account.isWritable) fail("InvalidFeeWallet");
  return account;
}

/** Mints the route runs between: the source must differ from the destination, which must be destination_mint. */
export function checkMints(source: InstructionAccount, destination: InstructionAccount, destinationMint: InstructionAccount): void {
  if (readTokenAccount(source).mint === destinationMint.key) fail("SourceAndDestinationMintCannotBeTheSame");
  if (readTokenAccount(destination).mint !== destinationMint.key) fail("InvalidMint");
}

export function checkSlippage(slippageBps: number): void {
  if (slippageBps > 10_000) fail("InvalidSlippage");
}

export function hopCurve(hop: Hop): CurveParams {
  return { curve: hop.state.curve as CurveKind, feeBps: hop.state.feeBps, amplification: hop.state.amplification };
}

/** The hop's curve and reserves on its input and output sides, from the vaults' live balances. */
export function hopReserves(hop: Hop): HopReserves {
  const [vaultIn, vaultOut] = hop.step.swap.ballastPool.aToB ? [hop.vaultA, hop.vaultB] : [hop.vaultB, hop.vaultA];
  return { curve: hopCurve(hop), reserveIn: tokenBalance(vaultIn), reserveOut: tokenBalance(vaultOut) };
}

/** Invokes the pool's swap or swap_exact_out for the hop; returns what reached the hop's destination. */
export function invokeHop(
  ctx: InstructionContext,
  hop: Hop,
  call:
    { name: "swap"; amountIn: bigint; minimumAmountOut: bigint } | { name: "swap_exact_out"; amountOut: bigint; maximumAmountIn: bigint },
): bigint {
  const aToB = hop.step.swap.ballastPool.aToB;
  const w = new ArgsWriter();
  w.bytes(instructionDiscriminator(call.name), 8);
  if (call.name === "swap")
    encodeArgs(w, POOL_INSTRUCTIONS.swap.args, { amountIn: call.amountIn, minimumAmountOut: call.minimumAmountOut, aToB });
  else encodeArgs(w, POOL_INSTRUCTIONS.swap_exact_out.args, { amountOut: call.amountOut, maximumAmountIn: call.maximumAmountIn, aToB });
  const declared = POOL_INSTRUCTIONS[call.name].accounts;
  const before = tokenBalance(hop.userDestination);
  const sourceBefore = tokenBalance(hop.userSource);
  ctx.invoke({
    programId: hop.program.key,
    accounts: declared.map((decl, i) => {
      const account = hop.accounts[i];
      if (!account) fail("NotEnoughAccountKeys");
      return {
        pubkey: account.key,
        isSigner: "signer" in decl && decl.signer === true,
        isWritable: "writable" in decl && decl.writable === true,
      };
    }),
    data: w.toBuffer(),
  });
  const received = tokenBalance(hop.userDestination) - before;
  const [inputMint, outputMint] = aToB ? [hop.state.mintA, hop.state.mintB] : [hop.state.mintB, hop.state.mintA];
  emitSwapEvent(ctx, hop.pool.key, inputMint, sourceBefore - tokenBalance(hop.userSource), outputMint, received);
  return received;
}

/** Jupiter's SwapEvent, in Anchor's event log form ("Program data: …"). */
function emitSwapEvent(
  ctx: InstructionContext,
  amm: string,
  inputMint: string,
  inputAmount: bigint,
  outputMint: string,
  outputAmount: bigint,
): void {
  const w = new ArgsWriter();
  w.bytes(SWAP_EVENT_DISCRIMINATOR, 8).pubkey(amm).pubkey(inputMint).u64(inputAmount).pubkey(outputMint).u64(outputAmount);
  ctx.logData(w.toBuffer());
}

/** Takes the platform fee from `from` (the user's account) into the fee account. */
export function chargePlatformFee(
  ctx: InstructionContext,
  from: InstructionAccount,
  feeAccount: InstructionAccount | null,
  authority: InstructionAccount,
  fee: bigint,
): void {
  if (feeAccount && fee > 0n) transfer(ctx, from, feeAccount, authority, fee);
}

export function setReturnAmount(ctx: InstructionContext, amount: bigint): void {
  const data = Buffer.alloc(8);
  data.writeBigUInt64LE(amount);
  ctx.setReturnData(data);
}

/** A curve that cannot price a hop (an output beyond the pool's reserve) is Jupiter's InvalidCalculation. */
export function translateMathError(error: unknown): ProgramFailure | null {
  return error instanceof SwapMathError ? new ProgramFailure("InvalidCalculation", ROUTER_ERRORS.InvalidCalculation) : null;
}
