// The router at Jupiter v6's id on a real ledger: one- and two-hop routes exact in and exact out with exact native
// amounts, the slippage refusal rolling the whole transaction back, the platform fee, Jupiter's refusals, and the
// SDK's error table describing the router's codes.
import { Keypair, PublicKey, TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildInstruction, instructionDiscriminator } from "@ballast/codec";
import { TOKEN_PROGRAM_ID } from "@ballast/ledger";
import { parseErrorFromLogs } from "@ballast/sdk";
import { land } from "../../ledger/test/support/localnet.js";
import {
  CurveKind,
  ROUTER_INSTRUCTIONS,
  ROUTER_PROGRAM_ID,
  eventAuthority,
  exactOutRouteInstruction,
  poolProgram,
  routeExactIn,
  routeExactOut,
  routeInstruction,
  routerProgram,
  type CurveParams,
  type HopReserves,
  type PoolAddresses,
  type RouteDescription,
  type RouteHop,
} from "../src/index.js";
import { balances, landFailing, newMint, newWallet, seededPool, startVenue, tokenAccountWith, type Venue } from "./support/venue.js";

let venue: Venue;
let sol: PublicKey;
let usdc: PublicKey;
let usdt: PublicKey;
let solUsdc: PoolAddresses;
let usdtUsdc: PoolAddresses;
let trader: Keypair;
let traderSol: PublicKey;
let traderUsdc: PublicKey;
let traderUsdt: PublicKey;

const PRODUCT: CurveParams = { curve: CurveKind.ConstantProduct, feeBps: 30, amplification: 0n };
const STABLE: CurveParams = { curve: CurveKind.Stable, feeBps: 4, amplification: 100n };

beforeAll(async () => {
  venue = await startVenue([poolProgram(), routerProgram()]);
  [sol, usdc, usdt] = [await newMint(venue, 9), await newMint(venue, 6), await newMint(venue, 6)];
  solUsdc = await seededPool(venue, {
    mintA: sol,
    mintB: usdc,
    ...PRODUCT,
    amountA: 1_000n * 1_000_000_000n,
    amountB: 150_000n * 1_000_000n,
  });
  usdtUsdc = await seededPool(venue, {
    mintA: usdt,
    mintB: usdc,
    ...STABLE,
    amountA: 500_000n * 1_000_000n,
    amountB: 500_000n * 1_000_000n,
  });
  trader = await newWallet(venue);
  traderSol = await tokenAccountWith(venue, sol, trader.publicKey, 100n * 1_000_000_000n);
  traderUsdc = await tokenAccountWith(venue, usdc, trader.publicKey, 0n);
  traderUsdt = await tokenAccountWith(venue, usdt, trader.publicKey, 0n);
});
afterAll(() => venue.net.close());

/** What each hop sees now: its curve and its reserves on the way through. */
async function reservesOf(hops: readonly RouteHop[], curves: readonly CurveParams[]): Promise<HopReserves[]> {
  return Promise.all(
    hops.map(async (hop, i) => {
      const [a, b] = await balances(venue, [hop.pool.vaultA, hop.pool.vaultB] as const);
      const curve = curves[i];
      if (!curve) throw new RangeError(`no curve for hop ${i}`);
      return hop.aToB ? { curve, reserveIn: a, reserveOut: b } : { curve, reserveIn: b, reserveOut: a };
    }),
  );
}

const solToUsdc = (): RouteHop[] => [{ pool: solUsdc, aToB: true }];
const solToUsdt = (): RouteHop[] => [
  { pool: solUsdc, aToB: true },
  { pool: usdtUsdc, aToB: false },
];

function describeRoute(hops: RouteHop[], destination: PublicKey, slippageBps = 50): RouteDescription {
  return {
    hops,
    userTransferAuthority: trader.publicKey,
    userSourceTokenAccount: traderSol,
    userDestinationTokenAccount: destination,
    intermediateTokenAccounts: hops.length === 2 ? [traderUsdc] : [],
    slippageBps,
  };
}

const routerError = (code: number) => ({ InstructionError: [0, { Custom: code }] });

describe("Jupiter v6's identity", () => {
  it("has Jupiter's instruction discriminators and event authority", () => {
    expect(instructionDiscriminator("route").toString("hex")).toBe("e517cb977ae3ad2a");
    expect(instructionDiscriminator("exact_out_route").toString("hex")).toBe("d033ef977b2bed5c");
    expect(eventAuthority().toBase58()).toBe("D8cy77BBepLMngZx6ZukaTff5hCt1HrWyKk3Hnd9oitf");
  });
});

describe("route (exact in)", () => {
  it("swaps one hop for exactly what the curve pays", async () => {
    const inAmount = 3n * 1_000_000_000n;
    const expected = routeExactIn(await reservesOf(solToUsdc(), [PRODUCT]), inAmount)[1]!;
    // 150 000 × 3 × 0.997 / (1 000 + 3 × 0.997) = 447.312 08… USDC
    expect(expected).toBe(447_312_089n);
    const before = await balances(venue, [traderSol, traderUsdc] as const);
    await land(venue.connection, routeInstruction({ ...describeRoute(solToUsdc(), traderUsdc), inAmount, quotedOutAmount: expected }), [
      trader,
    ]);
    expect(await balances(venue, [traderSol, traderUsdc] as const)).toEqual([before[0] - inAmount, before[1] + expected]);
  });

  it("routes two hops through the user's intermediate account, leaving nothing there", async () => {
    const inAmount = 2n * 1_000_000_000n;
    const hops = solToUsdt();
    const amounts = routeExactIn(await reservesOf(hops, [PRODUCT, STABLE]), inAmount);
    const out = amounts[2]!;
    const [solBefore, usdcBefore, usdtBefore] = await balances(venue, [traderSol, traderUsdc, traderUsdt] as const);
    const { signature } = await land(
      venue.connection,
      routeInstruction({ ...describeRoute(hops, traderUsdt), inAmount, quotedOutAmount: out }),
      [trader],
    );
    expect(await balances(venue, [traderSol, traderUsdc, traderUsdt] as const)).toEqual([
      solBefore - inAmount,
      usdcBefore,
      usdtBefore + out,
    ]);

    // Each hop logs Jupiter's SwapEvent.
    const tx = await venue.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    const events = (tx?.meta?.logMessages ?? []).filter((line) => line.startsWith("Program data: QMbN6CYIce"));
    expect(events).toHaveLength(2);
    const second = Buffer.from(events[1]!.slice("Program data: ".length), "base64");
    expect(new PublicKey(second.subarray(8, 40)).toBase58()).toBe(usdtUsdc.pool.toBase58());
    expect(new PublicKey(second.subarray(40, 72)).toBase58()).toBe(usdc.toBase58());
    expect(second.readBigUInt64LE(72)).toBe(amounts[1]);
    expect(second.readBigUInt64LE(112)).toBe(out);
  });

  it("refuses an output below the quote less slippage with 6001, rolling the whole transaction back", async () => {
    const inAmount = 1_000_000_000n;
    const hops = solToUsdt();
    const out = routeExactIn(await reservesOf(hops, [PRODUCT, STABLE]), inAmount)[2]!;
    // Quoted 1% above what the pools pay, with 0.5% tolerance: refused after both hops traded.
    const quotedOutAmount = (out * 101n) / 100n;
    const watched = [traderSol, traderUsdc, traderUsdt, solUsdc.vaultA, solUsdc.vaultB, usdtUsdc.vaultA, usdtUsdc.vaultB] as const;
    const before = await balances(venue, watched);
    const { err, logs } = await landFailing(
      venue,
      [routeInstruction({ ...describeRoute(hops, traderUsdt), inAmount, quotedOutAmount })],
      [trader],
    );
    expect(err).toEqual(routerError(6001));
    expect(logs).toContainEqual(
      expect.stringContaining("Error Code: SlippageToleranceExceeded. Error Number: 6001. Error Message: Slippage tolerance exceeded."),
    );
    expect(await balances(venue, watched)).toEqual(before);

    expect(parseErrorFromLogs(logs, { lendingProgramId: Keypair.generate().publicKey })).toEqual({
      programId: ROUTER_PROGRAM_ID,
      code: 6001,
      description: "Slippage tolerance exceeded",
    });
  });

  it("pays the platform fee out of the output and needs a fee account for it", async () => {
    const inAmount = 1_000_000_000n;
    const out = routeExactIn(await reservesOf(solToUsdc(), [PRODUCT]), inAmount)[1]!;
    const feeOwner = Keypair.generate().publicKey;
    const feeAccount = await tokenAccountWith(venue, usdc, feeOwner, 0n);
    const base = { ...describeRoute(solToUsdc(), traderUsdc), inAmount, quotedOutAmount: out, platformFeeBps: 20 };
    expect((await landFailing(venue, [routeInstruction(base)], [trader])).err).toEqual(routerError(6003));

    const fee = (out * 20n) / 10_000n;
    const before = await balances(venue, [traderUsdc] as const);
    await land(venue.connection, routeInstruction({ ...base, platformFeeAccount: feeAccount }), [trader]);
    expect(await balances(venue, [traderUsdc, feeAccount] as const)).toEqual([before[0] + out - fee, fee]);
  });
});

describe("exact_out_route", () => {
  it("buys an exact output over one hop for the least input", async () => {
    const outAmount = 100n * 1_000_000n;
    const [needed] = routeExactOut(await reservesOf(solToUsdc(), [PRODUCT]), outAmount);
    const before = await balances(venue, [traderSol, traderUsdc] as const);
    await land(
      venue.connection,
      exactOutRouteInstruction({ ...describeRoute(solToUsdc(), traderUsdc), outAmount, quotedInAmount: needed! }),
      [trader],
    );
    expect(await balances(venue, [traderSol, traderUsdc] as const)).toEqual([before[0] - needed!, before[1] + outAmount]);
  });

  it("buys an exact output over two hops, and refuses an input above the quote plus slippage", async () => {
    const outAmount = 250n * 1_000_000n;
    const hops = solToUsdt();
    const [needed] = routeExactOut(await reservesOf(hops, [PRODUCT, STABLE]), outAmount);
    const route = describeRoute(hops, traderUsdt, 0);
    const watched = [traderSol, traderUsdc, traderUsdt] as const;
    const before = await balances(venue, watched);

    const refused = await landFailing(venue, [exactOutRouteInstruction({ ...route, outAmount, quotedInAmount: needed! - 1n })], [trader]);
    expect(refused.err).toEqual(routerError(6001));
    expect(await balances(venue, watched)).toEqual(before);

    await land(venue.connection, exactOutRouteInstruction({ ...route, outAmount, quotedInAmount: needed! }), [trader]);
    expect(await balances(venue, watched)).toEqual([before[0] - needed!, before[1], before[2] + outAmount]);
  });
});

describe("refusals", () => {
  const refusal = async (ix: TransactionInstruction) => (await landFailing(venue, [ix], [trader])).err;

  it("refuses an empty route, missing hop accounts, a source mint equal to the destination's and a bad slippage", async () => {
    const empty = buildInstruction(ROUTER_PROGRAM_ID, ROUTER_INSTRUCTIONS, "route", {
      accounts: {
        tokenProgram: TOKEN_PROGRAM_ID,
        userTransferAuthority: trader.publicKey,
        userSourceTokenAccount: traderSol,
        userDestinationTokenAccount: traderUsdc,
        destinationMint: usdc,
        eventAuthority: eventAuthority(),
        program: ROUTER_PROGRAM_ID,
      },
      args: { routePlan: [], inAmount: 1n, quotedOutAmount: 0n, slippageBps: 50, platformFeeBps: 0 },
    });
    expect(await refusal(empty)).toEqual(routerError(6000));

    const full = routeInstruction({ ...describeRoute(solToUsdt(), traderUsdt), inAmount: 1_000n, quotedOutAmount: 0n });
    const short = new TransactionInstruction({ programId: full.programId, keys: full.keys.slice(0, -1), data: full.data });
    expect(await refusal(short)).toEqual(routerError(6008));

    const roundTrip = routeInstruction({
      ...describeRoute(
        [
          { pool: solUsdc, aToB: true },
          { pool: solUsdc, aToB: false },
        ],
        traderSol,
      ),
      intermediateTokenAccounts: [traderUsdc],
      inAmount: 1_000n,
      quotedOutAmount: 0n,
    });
    expect(await refusal(roundTrip)).toEqual(routerError(6018));

    expect(
      await refusal(routeInstruction({ ...describeRoute(solToUsdc(), traderUsdc, 10_001), inAmount: 1_000n, quotedOutAmount: 0n })),
    ).toEqual(routerError(6004));
  });
});
