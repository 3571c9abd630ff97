// The fuzzer's swap venue: pools of the swap program between the world's assets, seeded by the admin at the listing
// prices, which leverage loops and unwinds cross (directly or through the router) inside flash loans. Their vaults
// are ordinary token accounts, so the supply invariant counts them; a pool's invariant (k, or D of the stable curve)
// never falls, since swaps only add their fee to it.
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
} from "@solana/spl-token";
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import {
  CurveKind,
  depositLiquidityInstruction,
  initialLiquidity,
  initializePoolInstruction,
  poolAddresses,
  poolInvariant,
  reservesAtPrice,
  routeInstruction,
  swapInstruction,
  type CurveParams,
  type PoolAddresses,
} from "@ballast/swap";
import type { TestMarket } from "../test/support/market.js";
import type { Chain } from "./chain.js";
import { worth, type Asset } from "./world.js";

export interface VenuePool {
  addresses: PoolAddresses;
  params: CurveParams;
  /** The pool's mint A and mint B, as world assets. */
  a: Asset;
  b: Asset;
}

/** The pairs the venue lists: volatile ones on constant product, pegged ones on the stable curve. */
const PAIRS: { a: string; b: string; params: CurveParams }[] = [
  { a: "SOL", b: "USDC", params: { curve: CurveKind.ConstantProduct, feeBps: 30, amplification: 0n } },
  { a: "BTC", b: "USDC", params: { curve: CurveKind.ConstantProduct, feeBps: 30, amplification: 0n } },
  { a: "WIF", b: "USDC", params: { curve: CurveKind.ConstantProduct, feeBps: 30, amplification: 0n } },
  { a: "JitoSOL", b: "SOL", params: { curve: CurveKind.Stable, feeBps: 4, amplification: 100n } },
  { a: "USDT", b: "USDC", params: { curve: CurveKind.Stable, feeBps: 4, amplification: 200n } },
];

export const POOLS = PAIRS.length;

/** What the admin seeds each pool with, in dollars at the listing prices. */
const POOL_DEPTH_USD = 2_000_000;

/** The listing price of A in native units of B, as the ratio the venue's math takes. */
function listingRatio(a: Asset, b: Asset) {
  return {
    numerator: BigInt(Math.round(a.listing.price * 1e6)) * b.unit,
    denominator: BigInt(Math.round(b.listing.price * 1e6)) * a.unit,
  };
}

export async function createPools(market: TestMarket, chain: Chain, assets: readonly Asset[]): Promise<VenuePool[]> {
  const admin = market.admin;
  const bySymbol = (symbol: string) => assets.find((a) => a.symbol === symbol)!;
  const pools: VenuePool[] = [];
  for (const pair of PAIRS) {
    const a = bySymbol(pair.a);
    const b = bySymbol(pair.b);
    const addresses = poolAddresses(a.bank.mint, b.bank.mint, pair.params.curve);
    const [amountA, amountB] = reservesAtPrice(pair.params, listingRatio(a, b), worth(b, POOL_DEPTH_USD));
    const adminLp = getAssociatedTokenAddressSync(addresses.lpMint, admin.publicKey);
    await chain.send(
      [
        initializePoolInstruction({ payer: admin.publicKey, mintA: a.bank.mint, mintB: b.bank.mint, ...pair.params }),
        createAssociatedTokenAccountIdempotentInstruction(admin.publicKey, adminLp, admin.publicKey, addresses.lpMint),
        createMintToInstruction(a.bank.mint, a.adminTokens, admin.publicKey, amountA),
        createMintToInstruction(b.bank.mint, b.adminTokens, admin.publicKey, amountB),
        depositLiquidityInstruction({
          pool: addresses,
          depositor: admin.publicKey,
          depositorTokenA: a.adminTokens,
          depositorTokenB: b.adminTokens,
          depositorLp: adminLp,
          lpAmount: initialLiquidity(amountA, amountB).minted,
          maximumAmountA: amountA,
          maximumAmountB: amountB,
        }),
      ],
      [admin],
    );
    pools.push({ addresses, params: pair.params, a, b });
  }
  return pools;
}

/** The pool's reserves of the side sold into it and the side bought from it. */
export function reserves(chain: Chain, pool: VenuePool, aToB: boolean): { reserveIn: bigint; reserveOut: bigint } {
  const a = chain.tokenAmount(pool.addresses.vaultA);
  const b = chain.tokenAmount(pool.addresses.vaultB);
  return aToB ? { reserveIn: a, reserveOut: b } : { reserveIn: b, reserveOut: a };
}

/** k of constant product, D of the stable curve, over the pool's vaults now. */
export const invariantOf = (chain: Chain, pool: VenuePool): bigint =>
  poolInvariant(pool.params, chain.tokenAmount(pool.addresses.vaultA), chain.tokenAmount(pool.addresses.vaultB));

export interface SwapLeg {
  pool: VenuePool;
  aToB: boolean;
  owner: PublicKey;
  source: PublicKey;
  destination: PublicKey;
  amountIn: bigint;
  quotedOut: bigint;
  slippageBps: number;
  /** Through the router (Jupiter's route, one hop, CPI into the pool) rather than the pool's own swap. */
  viaRouter: boolean;
}

export function swapIx(leg: SwapLeg, minimumOut: bigint): TransactionInstruction {
  if (leg.viaRouter) {
    return routeInstruction({
      hops: [{ pool: leg.pool.addresses, aToB: leg.aToB }],
      userTransferAuthority: leg.owner,
      userSourceTokenAccount: leg.source,
      userDestinationTokenAccount: leg.destination,
      slippageBps: leg.slippageBps,
      inAmount: leg.amountIn,
      quotedOutAmount: leg.quotedOut,
    });
  }
  return swapInstruction({
    pool: leg.pool.addresses,
    userSource: leg.source,
    userDestination: leg.destination,
    userAuthority: leg.owner,
    amountIn: leg.amountIn,
    minimumAmountOut: minimumOut,
    aToB: leg.aToB,
  });
}
