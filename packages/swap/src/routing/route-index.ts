// Route search over a snapshot of the pools: one-hop and two-hop paths, scored with the pools' own curve math so a
// quote is exactly what the router will compute on chain for the same reserves. The snapshot is indexed once by
// input mint and output mint, so a quote only looks at the pools touching its two mints.
import { feeOf, isCurveKind, quoteExactIn, quoteExactOut } from "../math/curve.js";
import { SwapMathError } from "../math/integer.js";
import type { HopReserves } from "../math/route.js";
import type { Pool } from "../state/pool.js";
import { priceImpact } from "./price-impact.js";

export type SwapMode = "ExactIn" | "ExactOut";

/** A pool as read from the chain: its account and the balances of its two vaults. */
export interface PoolSnapshot {
  /** The pool account's address (base58). */
  address: string;
  pool: Pool;
  reserveA: bigint;
  reserveB: bigint;
}

export interface RouteRequest {
  inputMint: string;
  outputMint: string;
  /** The input amount for ExactIn, the output amount for ExactOut, in base units. */
  amount: bigint;
  swapMode: SwapMode;
  /** One-hop routes only. */
  onlyDirectRoutes?: boolean;
  /** Two-hop routes only through the index's intermediate mints. */
  restrictIntermediateTokens?: boolean;
  /** Routes whose router instruction needs more distinct accounts than this are dropped. */
  maxAccounts?: number;
}

/** One hop of a quoted route with its amounts; the fee is taken from the hop's input and stays in the pool. */
export interface QuotedHop {
  pool: PoolSnapshot;
  aToB: boolean;
  inputMint: string;
  outputMint: string;
  inAmount: bigint;
  outAmount: bigint;
  feeAmount: bigint;
}

export interface QuotedRoute {
  swapMode: SwapMode;
  inAmount: bigint;
  outAmount: bigint;
  hops: QuotedHop[];
  /** Distinct accounts of the router instruction executing this route. */
  accountCount: number;
  /** 1 − out / (in at the pools' spot prices after fees), a fraction. */
  priceImpact: number;
}

/**
 * Distinct accounts of a `route` / `exact_out_route` instruction over `hops` pools: the named accounts (token
 * program, user authority, source, destination, destination mint, event authority, router; the optional accounts
 * left out are the router's id again), then per hop the pool, its authority and two vaults, plus the pool program
 * once and, between hops, the user's intermediate token account.
 */
export function routeAccountCount(hops: number): number {
  return 7 + 5 * hops;
}

/** A pool crossed one way: the hop's curve and reserves as the math takes them. */
interface Edge {
  snapshot: PoolSnapshot;
  aToB: boolean;
  inputMint: string;
  outputMint: string;
  reserves: HopReserves;
}

/** The curve's answer, or undefined where the pool cannot trade that amount (too little liquidity, zero out). */
function tryCurve(amountOf: () => bigint): bigint | undefined {
  try {
    const amount = amountOf();
    return amount > 0n ? amount : undefined;
  } catch (error) {
    if (error instanceof SwapMathError) return undefined;
    throw error;
  }
}

function exactIn(edge: Edge, amountIn: bigint): bigint | undefined {
  return tryCurve(() => quoteExactIn(edge.reserves.curve, edge.reserves.reserveIn, edge.reserves.reserveOut, amountIn));
}

function exactOut(edge: Edge, amountOut: bigint): bigint | undefined {
  return tryCurve(() => quoteExactOut(edge.reserves.curve, edge.reserves.reserveIn, edge.reserves.reserveOut, amountOut));
}

/** Which of two routes a trader prefers: more out for exact in, less in for exact out, then fewer hops. */
function compareRoutes(a: QuotedRoute, b: QuotedRoute): number {
  const [better, worse] = a.swapMode === "ExactIn" ? [b.outAmount, a.outAmount] : [a.inAmount, b.inAmount];
  if (better !== worse) return better < worse ? -1 : 1;
  return a.hops.length - b.hops.length;
}

export class RouteIndex {
  /** input mint → output mint → the pools crossing that way. */
  private readonly edges = new Map<string, Map<string, Edge[]>>();
  private readonly intermediates: ReadonlySet<string>;
  readonly pools: readonly PoolSnapshot[];

  /** `intermediateMints`: the mints restricted routes may pass through (e.g. SOL and USDC). */
  constructor(pools: readonly PoolSnapshot[], intermediateMints: Iterable<string> = []) {
    this.pools = pools;
    this.intermediates = new Set(intermediateMints);
    for (const snapshot of pools) {
      const { pool, reserveA, reserveB } = snapshot;
      // The pool program refuses other curves, so such an account is not a pool it could trade.
      if (!isCurveKind(pool.curve)) continue;
      const curve = { curve: pool.curve, feeBps: pool.feeBps, amplification: pool.amplification };
      this.addEdge({
        snapshot,
        aToB: true,
        inputMint: pool.mintA,
        outputMint: pool.mintB,
        reserves: { curve, reserveIn: reserveA, reserveOut: reserveB },
      });
      this.addEdge({
        snapshot,
        aToB: false,
        inputMint: pool.mintB,
        outputMint: pool.mintA,
        reserves: { curve, reserveIn: reserveB, reserveOut: reserveA },
      });
    }
  }

  private addEdge(edge: Edge): void {
    let byOutput = this.edges.get(edge.inputMint);
    if (!byOutput) this.edges.set(edge.inputMint, (byOutput = new Map()));
    const list = byOutput.get(edge.outputMint);
    if (list) list.push(edge);
    else byOutput.set(edge.outputMint, [edge]);
  }

  /** Whether any pool trades `mint`. */
  hasMint(mint: string): boolean {
    return this.edges.has(mint);
  }

  /** The best route for the request, or undefined when no pool path can fill it. */
  bestRoute(request: RouteRequest): QuotedRoute | undefined {
    return this.routes(request)[0];
  }

  /**
   * Candidate routes, best first: every direct pool, and per intermediate mint the best two-hop path through it.
   * The curves are monotone in the amount, so for exact in the hop delivering the most intermediate tokens leads to
   * the most output, and for exact out the second hop needing the least intermediate tokens leads to the least input.
   */
  routes(request: RouteRequest): QuotedRoute[] {
    const { inputMint, outputMint, amount, swapMode } = request;
    if (amount <= 0n || inputMint === outputMint) return [];
    const maxAccounts = request.maxAccounts ?? Number.POSITIVE_INFINITY;
    const fromInput = this.edges.get(inputMint);
    if (!fromInput) return [];
    const routes: QuotedRoute[] = [];

    if (routeAccountCount(1) <= maxAccounts) {
      for (const edge of fromInput.get(outputMint) ?? []) {
        const route = this.quotePath([edge], amount, swapMode);
        if (route) routes.push(route);
      }
    }

    if (!request.onlyDirectRoutes && routeAccountCount(2) <= maxAccounts) {
      for (const [middle, firstHops] of fromInput) {
        if (middle === outputMint) continue;
        if (request.restrictIntermediateTokens && !this.intermediates.has(middle)) continue;
        const secondHops = this.edges.get(middle)?.get(outputMint);
        if (!secondHops) continue;
        const route =
          swapMode === "ExactIn" ? this.twoHopsExactIn(firstHops, secondHops, amount) : this.twoHopsExactOut(firstHops, secondHops, amount);
        if (route) routes.push(route);
      }
    }
    return routes.sort(compareRoutes);
  }

  private twoHopsExactIn(firstHops: readonly Edge[], secondHops: readonly Edge[], amountIn: bigint): QuotedRoute | undefined {
    const first = bestBy(
      firstHops,
      (edge) => exactIn(edge, amountIn),
      (a, b) => a > b,
    );
    if (!first) return undefined;
    const second = bestBy(
      secondHops,
      (edge) => exactIn(edge, first.amount),
      (a, b) => a > b,
    );
    if (!second) return undefined;
    return this.route([first.edge, second.edge], [amountIn, first.amount, second.amount], "ExactIn");
  }

  private twoHopsExactOut(firstHops: readonly Edge[], secondHops: readonly Edge[], amountOut: bigint): QuotedRoute | undefined {
    const second = bestBy(
      secondHops,
      (edge) => exactOut(edge, amountOut),
      (a, b) => a < b,
    );
    if (!second) return undefined;
    const first = bestBy(
      firstHops,
      (edge) => exactOut(edge, second.amount),
      (a, b) => a < b,
    );
    if (!first) return undefined;
    return this.route([first.edge, second.edge], [first.amount, second.amount, amountOut], "ExactOut");
  }

  /** A path's amounts with the curve math hop by hop (exact out from the last hop back). */
  private quotePath(path: readonly Edge[], amount: bigint, swapMode: SwapMode): QuotedRoute | undefined {
    const amounts = [amount];
    if (swapMode === "ExactIn") {
      for (const edge of path) {
        const next = exactIn(edge, amounts[amounts.length - 1] ?? amount);
        if (next === undefined) return undefined;
        amounts.push(next);
      }
    } else {
      for (const edge of [...path].reverse()) {
        const next = exactOut(edge, amounts[0] ?? amount);
        if (next === undefined) return undefined;
        amounts.unshift(next);
      }
    }
    return this.route(path, amounts, swapMode);
  }

  private route(path: readonly Edge[], amounts: readonly bigint[], swapMode: SwapMode): QuotedRoute {
    const hops = path.map((edge, i): QuotedHop => {
      const [inAmount, outAmount] = [amounts[i], amounts[i + 1]];
      if (inAmount === undefined || outAmount === undefined) throw new RangeError(`no amounts for hop ${i}`);
      return {
        pool: edge.snapshot,
        aToB: edge.aToB,
        inputMint: edge.inputMint,
        outputMint: edge.outputMint,
        inAmount,
        outAmount,
        feeAmount: feeOf(edge.reserves.curve, inAmount),
      };
    });
    const inAmount = amounts[0];
    const outAmount = amounts.at(-1);
    if (inAmount === undefined || outAmount === undefined) throw new RangeError("a route needs at least one hop");
    return {
      swapMode,
      inAmount,
      outAmount,
      hops,
      accountCount: routeAccountCount(path.length),
      priceImpact: priceImpact(
        path.map((edge) => edge.reserves),
        inAmount,
        outAmount,
      ),
    };
  }
}

/** The edge whose amount `better` prefers, skipping edges that cannot trade. */
function bestBy(
  edges: readonly Edge[],
  amountOf: (edge: Edge) => bigint | undefined,
  better: (a: bigint, b: bigint) => boolean,
): { edge: Edge; amount: bigint } | undefined {
  let best: { edge: Edge; amount: bigint } | undefined;
  for (const edge of edges) {
    const amount = amountOf(edge);
    if (amount !== undefined && (!best || better(amount, best.amount))) best = { edge, amount };
  }
  return best;
}
