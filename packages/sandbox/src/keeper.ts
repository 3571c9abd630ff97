// The arbitrage keeper: as the price walk moves the oracles, it trades every pool of the venue back to its oracle
// price through the pool program's own swap, as arbitrageurs keep mainnet pools in line. Its wallet (derived from the
// admin, so the same on every start) is handed exactly the input of each trade by the admin (minted, or wrapped SOL)
// in the trade's own transaction: it needs no inventory and never runs dry. A pool within one fee band of its price is
// left alone, since no arbitrage pays there. One tick at a time on the scheduler; a failed trade is logged and the
// next tick tries again from what the chain then holds.
import { PublicKey, SystemProgram, type Connection, type Keypair } from "@solana/web3.js";
import { unpackAccount } from "@solana/spl-token";
import { startPeriodic, type PeriodicJob } from "@ballast/scheduler";
import { associatedTokenAddress, createAssociatedTokenAccountInstruction } from "@ballast/sdk";
import { BPS_DENOMINATOR, arbitrageTrade, quoteExactIn, swapInstruction } from "@ballast/swap";
import { derivedKeypair } from "./keys.js";
import { oraclePricesE18 } from "./prices.js";
import { sendTransaction } from "./send.js";
import type { SandboxState } from "./state.js";
import { fundTokenInstructions, pairPrice, type VenuePool } from "./venue.js";

export interface ArbitrageKeeperOptions {
  /** Milliseconds between ticks; 2 000 by default (the price walk's own step). */
  intervalMs?: number;
  /** Called after each landed trade. */
  onTrade?: (trade: KeeperTrade) => void;
  log?: (message: string) => void;
}

/** One trade the keeper landed. */
export interface KeeperTrade {
  readonly pool: string;
  readonly symbol: string;
  readonly quote: string;
  /** Mint A (the catalog's token) sold into the pool; false when the quote was. */
  readonly aToB: boolean;
  readonly amountIn: bigint;
  readonly quotedOut: bigint;
  readonly signature: string;
}

/** The keeper refuses a fill this much below its own quote (someone else traded the pool in between). */
const SLIPPAGE_BPS = 100n;
/** Lamports the keeper keeps for its token accounts' rent; the admin pays the fees. */
const KEEPER_LAMPORTS = 1_000_000_000n;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class ArbitrageKeeper {
  private job: PeriodicJob | null = null;

  private constructor(
    private readonly connection: Connection,
    private readonly admin: Keypair,
    private readonly keeper: Keypair,
    private readonly state: SandboxState,
    private readonly pools: readonly VenuePool[],
    private readonly options: ArbitrageKeeperOptions,
  ) {}

  /** The keeper over `pools`, its wallet topped up with lamports for rent. */
  static async create(
    connection: Connection,
    admin: Keypair,
    state: SandboxState,
    pools: readonly VenuePool[],
    options: ArbitrageKeeperOptions = {},
  ): Promise<ArbitrageKeeper> {
    const keeper = derivedKeypair(admin, "venue/keeper");
    const balance = BigInt(await connection.getBalance(keeper.publicKey));
    if (balance < KEEPER_LAMPORTS) {
      await sendTransaction(connection, admin, [
        SystemProgram.transfer({ fromPubkey: admin.publicKey, toPubkey: keeper.publicKey, lamports: KEEPER_LAMPORTS - balance }),
      ]);
    }
    return new ArbitrageKeeper(connection, admin, keeper, state, pools, options);
  }

  /** The keeper's wallet. */
  get wallet(): PublicKey {
    return this.keeper.publicKey;
  }

  /** One tick now, then one every intervalMs, never two at once. */
  start(): void {
    if (this.job) throw new Error("the arbitrage keeper was already started");
    this.job = startPeriodic({
      intervalMs: this.options.intervalMs ?? 2_000,
      immediate: true,
      run: () => this.tickOnce(),
      onError: (error) => this.log(`arbitrage keeper: ${message(error)}`),
    });
  }

  /** Stops ticking and waits for the tick in flight. */
  async stop(): Promise<void> {
    await this.job?.stop();
  }

  /** Trades every pool outside its fee band back to its oracle price; returns the trades that landed. */
  async tickOnce(): Promise<KeeperTrade[]> {
    const prices = await oraclePricesE18(this.connection, this.state.oracles);
    const vaults = await this.connection.getMultipleAccountsInfo(this.pools.flatMap((p) => [p.addresses.vaultA, p.addresses.vaultB]));
    const trades: KeeperTrade[] = [];
    for (const [i, pool] of this.pools.entries()) {
      const priceA = prices.get(pool.a.oracle.address);
      const priceB = prices.get(pool.b.oracle.address);
      const vaultA = vaults[2 * i];
      const vaultB = vaults[2 * i + 1];
      if (!priceA || !priceB || !vaultA || !vaultB) continue;
      const reserveA = unpackAccount(pool.addresses.vaultA, vaultA).amount;
      const reserveB = unpackAccount(pool.addresses.vaultB, vaultB).amount;
      try {
        const trade = await this.rebalance(pool, reserveA, reserveB, priceA, priceB);
        if (trade === null) continue;
        trades.push(trade);
        this.options.onTrade?.(trade);
      } catch (error) {
        this.log(`arbitrage keeper: ${pool.spec.symbol}/${pool.spec.quote}: ${message(error)}`);
      }
    }
    return trades;
  }

  private async rebalance(
    pool: VenuePool,
    reserveA: bigint,
    reserveB: bigint,
    priceA: bigint,
    priceB: bigint,
  ): Promise<KeeperTrade | null> {
    if (reserveA === 0n || reserveB === 0n) return null;
    const trade = arbitrageTrade(pool.params, reserveA, reserveB, pairPrice(pool, priceA, priceB));
    if (trade === null) return null;
    const { addresses } = pool;
    const [input, output] = trade.aToB ? [addresses.mintA, addresses.mintB] : [addresses.mintB, addresses.mintA];
    const quotedOut = trade.aToB
      ? quoteExactIn(pool.params, reserveA, reserveB, trade.amountIn)
      : quoteExactIn(pool.params, reserveB, reserveA, trade.amountIn);
    const owner = this.keeper.publicKey;
    const signature = await sendTransaction(
      this.connection,
      this.admin,
      [
        ...fundTokenInstructions(this.admin.publicKey, owner, input, trade.amountIn),
        createAssociatedTokenAccountInstruction({ owner, mint: output, payer: this.admin.publicKey }),
        swapInstruction({
          pool: addresses,
          userSource: associatedTokenAddress(input, owner),
          userDestination: associatedTokenAddress(output, owner),
          userAuthority: owner,
          amountIn: trade.amountIn,
          minimumAmountOut: (quotedOut * (BPS_DENOMINATOR - SLIPPAGE_BPS)) / BPS_DENOMINATOR,
          aToB: trade.aToB,
        }),
      ],
      [this.keeper],
    );
    return {
      pool: addresses.pool.toBase58(),
      symbol: pool.spec.symbol,
      quote: pool.spec.quote,
      aToB: trade.aToB,
      amountIn: trade.amountIn,
      quotedOut,
      signature,
    };
  }

  private log(line: string): void {
    this.options.log?.(line);
  }
}
