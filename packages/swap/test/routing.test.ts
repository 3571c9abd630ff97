// Route search over pool snapshots: exact amounts on hand-checked pools, the request's filters (direct only,
// restricted intermediates, maxAccounts), the account count against a built router instruction, price impact, and a
// seeded property test that the chosen route is what the curves give hop by hop and that no other path beats it.
import { PublicKey } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { seededRandom } from "../../ledger/test/support/random.js";
import {
  CurveKind,
  RouteIndex,
  formatPriceImpact,
  poolAddresses,
  routeAccountCount,
  routeExactIn,
  routeExactOut,
  routeInstruction,
  spotRate,
  type HopReserves,
  type PoolSnapshot,
  type QuotedRoute,
  type RouteRequest,
  type SwapMode,
} from "../src/index.js";

const mintKey = (seed: number) => new PublicKey(Buffer.alloc(32, seed)).toBase58();
const SOL = mintKey(1);
const USDC = mintKey(2);
const USDT = mintKey(3);
const BONK = mintKey(4);

function snapshot(
  mintA: string,
  mintB: string,
  curve: CurveKind,
  feeBps: number,
  reserveA: bigint,
  reserveB: bigint,
  amplification = 0n,
): PoolSnapshot {
  const addresses = poolAddresses(mintA, mintB, curve);
  return {
    address: addresses.pool.toBase58(),
    pool: {
      mintA,
      mintB,
      vaultA: addresses.vaultA.toBase58(),
      vaultB: addresses.vaultB.toBase58(),
      lpMint: addresses.lpMint.toBase58(),
      amplification,
      feeBps,
      curve,
      bump: 255,
      authorityBump: 255,
    },
    reserveA,
    reserveB,
  };
}

const solUsdc = snapshot(SOL, USDC, CurveKind.ConstantProduct, 30, 1_000_000_000_000n, 150_000_000_000n);
const usdcUsdt = snapshot(USDC, USDT, CurveKind.Stable, 4, 1_000_000_000_000n, 1_000_000_000_000n, 100n);
const bonkSol = snapshot(BONK, SOL, CurveKind.ConstantProduct, 100, 10_000_000_000_000n, 100_000_000_000n);
// Thin: the direct SOL → USDT path loses to going through USDC.
const solUsdtThin = snapshot(SOL, USDT, CurveKind.ConstantProduct, 30, 10_000_000_000n, 1_500_000_000n);
const index = new RouteIndex([solUsdc, usdcUsdt, bonkSol, solUsdtThin], [SOL, USDC]);

const request = (inputMint: string, outputMint: string, amount: bigint, swapMode: SwapMode = "ExactIn"): RouteRequest => ({
  inputMint,
  outputMint,
  amount,
  swapMode,
});

function best(req: RouteRequest): QuotedRoute {
  const route = index.bestRoute(req);
  if (!route) throw new Error("no route");
  return route;
}

describe("route search", () => {
  it("quotes a direct exact-in swap with the constant-product formula", () => {
    // 1e9 × 0.997 into 1 000 SOL / 150 000 USDC: 1.5e11 × 9.97e12 / (1e16 + 9.97e12) = 149 401 047.9…
    const route = best(request(SOL, USDC, 1_000_000_000n));
    expect(route.outAmount).toBe(149_401_047n);
    expect(route.inAmount).toBe(1_000_000_000n);
    expect(route.hops).toHaveLength(1);
    expect(route.hops[0]).toMatchObject({ aToB: true, inputMint: SOL, outputMint: USDC, feeAmount: 3_000_000n });
    expect(route.accountCount).toBe(12);
  });

  it("quotes a direct exact-out swap as the least input", () => {
    // 1e12 × 1.5e8 × 1e4 / ((1.5e11 − 1.5e8) × 9 970) = 1 004 013 040.4… → rounded up.
    const route = best(request(SOL, USDC, 150_000_000n, "ExactOut"));
    expect(route.inAmount).toBe(1_004_013_041n);
    expect(route.outAmount).toBe(150_000_000n);
  });

  it("prefers a two-hop route when it pays more than the thin direct pool", () => {
    // Direct: 1.5e9 × 9.97e12 / (1e14 + 9.97e12) = 135 991 634; via USDC: 149 401 047 USDC → 149 341 065 USDT.
    const routes = index.routes(request(SOL, USDT, 1_000_000_000n));
    expect(routes.map((r) => r.outAmount)).toEqual([149_341_065n, 135_991_634n]);
    const [viaUsdc] = routes;
    expect(viaUsdc?.hops.map((hop) => [hop.pool.address, hop.inAmount, hop.outAmount])).toEqual([
      [solUsdc.address, 1_000_000_000n, 149_401_047n],
      [usdcUsdt.address, 149_401_047n, 149_341_065n],
    ]);
    expect(viaUsdc?.accountCount).toBe(17);
  });

  it("solves a two-hop exact-out route from the last hop back", () => {
    // 150 USDT cost 150 060 248 USDC on the stable pool, which cost 1 004 416 710 lamports.
    const route = best(request(SOL, USDT, 150_000_000n, "ExactOut"));
    expect(route.hops.map((hop) => hop.inAmount)).toEqual([1_004_416_710n, 150_060_248n]);
    expect(route.inAmount).toBe(1_004_416_710n);
    expect(route.outAmount).toBe(150_000_000n);
  });

  it("honours onlyDirectRoutes, maxAccounts and restricted intermediates", () => {
    expect(best({ ...request(SOL, USDT, 1_000_000_000n), onlyDirectRoutes: true }).outAmount).toBe(135_991_634n);
    expect(best({ ...request(SOL, USDT, 1_000_000_000n), maxAccounts: 16 }).hops).toHaveLength(1);
    expect(best({ ...request(SOL, USDT, 1_000_000_000n), maxAccounts: 17 }).hops).toHaveLength(2);
    expect(index.routes({ ...request(SOL, USDT, 1_000_000_000n), maxAccounts: 11 })).toEqual([]);
    // BONK → USDC passes through SOL, an allowed intermediate, unless only USDC may be crossed.
    expect(best({ ...request(BONK, USDC, 1_000_000_000n), restrictIntermediateTokens: true }).hops.map((h) => h.outputMint)).toEqual([
      SOL,
      USDC,
    ]);
    const onlyUsdc = new RouteIndex(index.pools, [USDC]);
    expect(onlyUsdc.routes({ ...request(BONK, USDC, 1_000_000_000n), restrictIntermediateTokens: true })).toEqual([]);
    const onlySol = new RouteIndex(index.pools, [SOL]);
    expect(onlySol.bestRoute({ ...request(SOL, USDT, 1_000_000_000n), restrictIntermediateTokens: true })?.hops).toHaveLength(1);
    expect(onlySol.bestRoute(request(SOL, USDT, 1_000_000_000n))?.hops).toHaveLength(2);
  });

  it("finds nothing for the same mint, unknown mints, zero amounts or more than the pools hold", () => {
    expect(index.routes(request(SOL, SOL, 1n))).toEqual([]);
    expect(index.routes(request(mintKey(9), USDC, 1n))).toEqual([]);
    expect(index.routes(request(SOL, USDC, 0n))).toEqual([]);
    expect(index.routes(request(SOL, BONK, 100_000_000_000_000n, "ExactOut"))).toEqual([]);
    expect(index.hasMint(SOL)).toBe(true);
    expect(index.hasMint(mintKey(9))).toBe(false);
  });

  it("counts the router instruction's distinct accounts", () => {
    for (const hops of [1, 2]) {
      const path = [solUsdc, usdcUsdt]
        .slice(0, hops)
        .map((s) => ({ pool: poolAddresses(s.pool.mintA, s.pool.mintB, s.pool.curve === 1 ? 1 : 0), aToB: true }));
      const user = new PublicKey(mintKey(20));
      const ix = routeInstruction({
        hops: path,
        userTransferAuthority: user,
        userSourceTokenAccount: new PublicKey(mintKey(21)),
        userDestinationTokenAccount: new PublicKey(mintKey(22)),
        intermediateTokenAccounts: hops === 2 ? [new PublicKey(mintKey(23))] : [],
        inAmount: 1n,
        quotedOutAmount: 1n,
        slippageBps: 50,
      });
      const distinct = new Set([ix.programId, ...ix.keys.map((k) => k.pubkey)].map((k) => k.toBase58()));
      expect(distinct.size).toBe(routeAccountCount(hops));
    }
  });

  it("reports price impact against the pools' spot prices, fees excluded", () => {
    // Constant product: impact = in′ / (x + in′) with in′ = 0.997 SOL into 1 000 SOL.
    expect(best(request(SOL, USDC, 1_000_000_000n)).priceImpact).toBeCloseTo(0.997 / 1000.997, 8);
    // A balanced stable pool trades at par at the margin; 0.015 % of its depth moves it about a hundred times less
    // than a constant-product pool (1.5e-4).
    expect(spotRate({ curve: CurveKind.Stable, feeBps: 4, amplification: 100n }, 1_000_000n, 1_000_000n)).toBeCloseTo(1, 12);
    expect(best(request(USDC, USDT, 150_000_000n)).priceImpact).toBeLessThan(1e-5);
    expect(formatPriceImpact(0.000996)).toBe("0.000996");
    expect(formatPriceImpact(1e-15)).toBe("0");
    expect(formatPriceImpact(0)).toBe("0");
  });
});

describe("route search, seeded", () => {
  it("picks the route the curves pay best, hop by hop, and no other path beats it", () => {
    const random = seededRandom(16);
    const mints = [1, 2, 3, 4, 5, 6].map(mintKey);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const amountUpTo = (max: number) => BigInt(1 + Math.floor(random() * max)) * 10n ** BigInt(Math.floor(random() * 7));

    for (let round = 0; round < 40; round++) {
      const pools = new Map<string, PoolSnapshot>();
      for (let i = 0; i < 10; i++) {
        const [a, b] = [pick(mints), pick(mints)];
        if (a === b) continue;
        const stable = random() < 0.4;
        const reserve = () => amountUpTo(1_000_000) * 1_000_000n;
        const pool = stable
          ? snapshot(a, b, CurveKind.Stable, Math.floor(random() * 50), reserve(), reserve(), BigInt(1 + Math.floor(random() * 500)))
          : snapshot(a, b, CurveKind.ConstantProduct, Math.floor(random() * 100), reserve(), reserve());
        pools.set(pool.address, pool);
      }
      const roundIndex = new RouteIndex([...pools.values()]);
      for (let q = 0; q < 25; q++) {
        const req = request(pick(mints), pick(mints), amountUpTo(1_000_000), random() < 0.5 ? "ExactIn" : "ExactOut");
        const chosen = roundIndex.bestRoute(req);
        const candidates = allPaths([...pools.values()], req);
        if (!chosen) {
          expect(candidates).toEqual([]);
          continue;
        }
        const hops = chosen.hops.map((hop) => reservesOf(hop.pool, hop.aToB));
        const amounts = req.swapMode === "ExactIn" ? routeExactIn(hops, req.amount) : routeExactOut(hops, req.amount);
        expect([chosen.inAmount, ...chosen.hops.map((hop) => hop.outAmount)]).toEqual(amounts);
        for (const other of candidates) {
          if (req.swapMode === "ExactIn") expect(other.at(-1) ?? 0n).toBeLessThanOrEqual(chosen.outAmount);
          else expect(other[0] ?? 0n).toBeGreaterThanOrEqual(chosen.inAmount);
        }
      }
    }
  });
});

function reservesOf(pool: PoolSnapshot, aToB: boolean): HopReserves {
  const curve = {
    curve: pool.pool.curve === 1 ? CurveKind.Stable : CurveKind.ConstantProduct,
    feeBps: pool.pool.feeBps,
    amplification: pool.pool.amplification,
  };
  return aToB
    ? { curve, reserveIn: pool.reserveA, reserveOut: pool.reserveB }
    : { curve, reserveIn: pool.reserveB, reserveOut: pool.reserveA };
}

/** Every one- and two-hop path's amounts [in, …, out], by brute force over all pool pairs. */
function allPaths(pools: readonly PoolSnapshot[], req: RouteRequest): bigint[][] {
  if (req.inputMint === req.outputMint) return [];
  const directed = pools.flatMap((pool) => [
    { from: pool.pool.mintA, to: pool.pool.mintB, hop: reservesOf(pool, true) },
    { from: pool.pool.mintB, to: pool.pool.mintA, hop: reservesOf(pool, false) },
  ]);
  const paths = directed.filter((e) => e.from === req.inputMint && e.to === req.outputMint).map((e) => [e.hop]);
  for (const first of directed.filter((e) => e.from === req.inputMint && e.to !== req.outputMint)) {
    for (const second of directed.filter((e) => e.from === first.to && e.to === req.outputMint)) paths.push([first.hop, second.hop]);
  }
  return paths.flatMap((path) => {
    try {
      const amounts = req.swapMode === "ExactIn" ? routeExactIn(path, req.amount) : routeExactOut(path, req.amount);
      return amounts.every((amount) => amount > 0n) ? [amounts] : [];
    } catch {
      return [];
    }
  });
}
