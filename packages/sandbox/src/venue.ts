// The swap venue's pools (catalog VENUE_POOLS): one per bank token against SOL or USDC, seeded by the admin at the
// oracles' starting prices with the catalog's depth, through the pool program's own instructions. A pool's accounts
// are PDAs of its mints and curve, so the sandbox finds them again on every start without saving anything: a pool that
// exists with liquidity is left alone, a missing one is created and filled, one created but never filled is filled.
import { PublicKey, SystemProgram, type Connection, type Keypair, type TransactionInstruction } from "@solana/web3.js";
import { NATIVE_MINT, createMintToInstruction, createSyncNativeInstruction, unpackAccount } from "@solana/spl-token";
import { associatedTokenAddress, createAssociatedTokenAccountInstruction } from "@ballast/sdk";
import {
  CurveKind,
  depositLiquidityInstruction,
  initialLiquidity,
  initializePoolInstruction,
  poolAddresses,
  reservesAtPrice,
  type CurveParams,
  type PoolAddresses,
  type Price,
} from "@ballast/swap";
import { VENUE_POOLS, type VenuePoolSpec } from "./catalog.js";
import { decimalE18 } from "./prices.js";
import { sendPacked } from "./send.js";
import type { SandboxState, SeededOracle, SeededToken } from "./state.js";

/** One side of a pool: its token and the feed that prices it. */
export interface VenueSide {
  readonly token: SeededToken;
  readonly oracle: SeededOracle;
}

/** A pool of the venue: mint A is the catalog's token, mint B its quote (SOL or USDC). */
export interface VenuePool {
  readonly spec: VenuePoolSpec;
  readonly addresses: PoolAddresses;
  readonly params: CurveParams;
  readonly a: VenueSide;
  readonly b: VenueSide;
}

export interface SeedVenueOptions {
  /** Progress lines; silent by default. */
  log?: (message: string) => void;
}

const pow10 = (n: number) => 10n ** BigInt(n);

function side(state: SandboxState, symbol: string): VenueSide {
  const token = state.tokens.find((t) => t.symbol === symbol);
  const oracle = state.oracles.find((o) => o.symbol === symbol);
  if (!token || !oracle) throw new Error(`the sandbox state has no token ${symbol} for the swap venue`);
  return { token, oracle };
}

/** The venue's pools over the state's mints, in catalog order (addresses derived, nothing read from the chain). */
export function venuePools(state: SandboxState): VenuePool[] {
  return VENUE_POOLS.map((spec) => {
    const a = side(state, spec.symbol);
    const b = side(state, spec.quote);
    const curve = spec.curve === "stable" ? CurveKind.Stable : CurveKind.ConstantProduct;
    return {
      spec,
      addresses: poolAddresses(a.token.mint, b.token.mint, curve),
      params: { curve, feeBps: spec.feeBps, amplification: spec.amplification ?? 0n },
      a,
      b,
    };
  });
}

/** The price of A in B, base units of B per base unit of A, from USD prices × 10^18. */
export function pairPrice(pool: Pick<VenuePool, "a" | "b">, priceAE18: bigint, priceBE18: bigint): Price {
  return {
    numerator: priceAE18 * pow10(pool.b.token.decimals),
    denominator: priceBE18 * pow10(pool.a.token.decimals),
  };
}

/** The pool's reserves at its oracles' starting prices, worth the catalog's depth together. */
export function startingReserves(pool: VenuePool): [bigint, bigint] {
  const priceB = decimalE18(pool.b.oracle.price);
  const valueB = (pool.spec.depthUsd * 10n ** 18n * pow10(pool.b.token.decimals)) / priceB;
  return reservesAtPrice(pool.params, pairPrice(pool, decimalE18(pool.a.oracle.price), priceB), valueB);
}

/** Instructions that give `owner` `amount` of `mint` in its associated account: minted by the admin, or wrapped SOL. */
export function fundTokenInstructions(admin: PublicKey, owner: PublicKey, mint: PublicKey, amount: bigint): TransactionInstruction[] {
  const account = associatedTokenAddress(mint, owner);
  const create = createAssociatedTokenAccountInstruction({ owner, mint, payer: admin });
  if (!mint.equals(NATIVE_MINT)) return [create, createMintToInstruction(mint, account, admin, amount)];
  return [create, SystemProgram.transfer({ fromPubkey: admin, toPubkey: account, lamports: amount }), createSyncNativeInstruction(account)];
}

/** Creates and fills every pool the chain lacks; returns all the venue's pools. */
export async function seedVenue(
  connection: Connection,
  admin: Keypair,
  state: SandboxState,
  options: SeedVenueOptions = {},
): Promise<VenuePool[]> {
  const pools = venuePools(state);
  const owner = admin.publicKey;
  const infos = await connection.getMultipleAccountsInfo(pools.flatMap((p) => [p.addresses.pool, p.addresses.vaultA]));
  const initialize: TransactionInstruction[] = [];
  const fund: TransactionInstruction[] = [];
  const deposit: TransactionInstruction[] = [];
  let created = 0;
  pools.forEach((pool, i) => {
    const exists = infos[2 * i] !== null;
    const vault = infos[2 * i + 1];
    if (exists && vault && unpackAccount(pool.addresses.vaultA, vault).amount > 0n) return;
    const { addresses } = pool;
    if (!exists) {
      initialize.push(initializePoolInstruction({ payer: owner, mintA: addresses.mintA, mintB: addresses.mintB, ...pool.params }));
      created++;
    }
    const [amountA, amountB] = startingReserves(pool);
    fund.push(
      createAssociatedTokenAccountInstruction({ owner, mint: addresses.lpMint }),
      ...fundTokenInstructions(owner, owner, addresses.mintA, amountA),
      ...fundTokenInstructions(owner, owner, addresses.mintB, amountB),
    );
    deposit.push(
      depositLiquidityInstruction({
        pool: addresses,
        depositor: owner,
        depositorTokenA: associatedTokenAddress(addresses.mintA, owner),
        depositorTokenB: associatedTokenAddress(addresses.mintB, owner),
        depositorLp: associatedTokenAddress(addresses.lpMint, owner),
        lpAmount: initialLiquidity(amountA, amountB).minted,
        maximumAmountA: amountA,
        maximumAmountB: amountB,
      }),
    );
  });
  if (deposit.length === 0) return pools;
  // Pools first, then the admin's tokens (its LP accounts need the LP mints), then the deposits: packed densely.
  await sendPacked(connection, admin, [...initialize, ...fund, ...deposit]);
  options.log?.(`sandbox: swap venue has ${pools.length} pools (${created} created, ${deposit.length} filled)`);
  return pools;
}
