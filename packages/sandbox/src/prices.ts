// Live prices: every seeded feed kept fresh by a PricePusher along a seeded geometric random walk with the token's
// volatility. The tokens of one family (SOL and its liquid staking tokens, the two bitcoins) share one pusher that
// moves all of them along the very same relative steps in one transaction per round, so they keep their price ratio
// at every slot. A liquid staking token's ratio to SOL is its exchange rate, and it grows at the token's staking yield
// from the seeding on (integer math in the pusher), so its price over SOL's rises 6–8% a year as a real LST's does.
import { PublicKey, type Connection, type Keypair } from "@solana/web3.js";
import { PricePusher, decodePriceUpdateV2, decodePullFeed, type PushedUpdate } from "@ballast/oracles";
import { TOKENS } from "./catalog.js";
import type { SandboxState, SeededOracle } from "./state.js";

export interface PriceWalkOptions {
  /** Seed of the walk: the same seed and starting prices give the same prices. */
  seed?: string | number | bigint;
  /** Milliseconds between updates of each feed (the walk's time step); 2000 by default. */
  intervalMs?: number;
  /**
   * Continue from the prices the feeds hold on chain (the default), or start again from the seeded starting prices.
   * Either way each family keeps its members' starting ratios.
   */
  resume?: boolean;
  /** Called after each landed update. */
  onPush?: (update: PricedUpdate) => void;
  log?: (message: string) => void;
}

export interface PricedUpdate extends PushedUpdate {
  readonly symbol: string;
}

const E18 = 10n ** 18n;
const DAYS_PER_YEAR = 365.25;

/** The annualised volatility the pusher takes, from a daily one. */
export function annualVolatility(daily: number): number {
  return daily * Math.sqrt(DAYS_PER_YEAR);
}

/** A price as USD × 10^18 from feed units. */
function toE18(units: bigint, exponent: number): bigint {
  return exponent + 18 >= 0 ? units * 10n ** BigInt(exponent + 18) : units / 10n ** BigInt(-(exponent + 18));
}

export function decimalE18(value: string): bigint {
  const [whole = "", fraction = ""] = value.split(".");
  return BigInt(whole) * E18 + BigInt(fraction.padEnd(18, "0").slice(0, 18));
}

function formatE18(value: bigint): string {
  const fraction = (value % E18).toString().padStart(18, "0").replace(/0+$/, "");
  return fraction === "" ? (value / E18).toString() : `${value / E18}.${fraction}`;
}

/** The feed's current price in USD × 10^18, or null if it has none. */
async function chainPriceE18(connection: Connection, oracle: SeededOracle): Promise<bigint | null> {
  const info = await connection.getAccountInfo(new PublicKey(oracle.address));
  return info ? feedPriceE18(oracle, info.data) : null;
}

/** Every feed's current price in USD × 10^18 by oracle address (null where a feed has none), in one read. */
export async function oraclePricesE18(connection: Connection, oracles: readonly SeededOracle[]): Promise<Map<string, bigint | null>> {
  const infos = await connection.getMultipleAccountsInfo(oracles.map((o) => new PublicKey(o.address)));
  return new Map(
    oracles.map((oracle, i) => {
      const info = infos[i];
      return [oracle.address, info ? feedPriceE18(oracle, info.data) : null];
    }),
  );
}

function feedPriceE18(oracle: SeededOracle, data: Buffer): bigint | null {
  if (oracle.kind === "pyth") {
    const message = decodePriceUpdateV2(data).priceMessage;
    return message.price > 0n ? toE18(message.price, message.exponent) : null;
  }
  const value = decodePullFeed(data).result.value;
  return value > 0n ? value : null;
}

/** Each oracle's starting price for this walk: its family's anchor (first member) price, scaled by the member's ratio. */
async function startingPrices(connection: Connection, oracles: readonly SeededOracle[], resume: boolean): Promise<Map<string, string>> {
  const anchors = new Map<string, SeededOracle>();
  for (const oracle of oracles) if (!anchors.has(oracle.family)) anchors.set(oracle.family, oracle);
  const anchorPrices = new Map<string, bigint>();
  for (const [family, anchor] of anchors) {
    const onChain = resume ? await chainPriceE18(connection, anchor) : null;
    anchorPrices.set(family, onChain ?? decimalE18(anchor.price));
  }
  return new Map(
    oracles.map((oracle) => {
      const anchor = anchors.get(oracle.family)!;
      const price = (anchorPrices.get(oracle.family)! * decimalE18(oracle.price)) / decimalE18(anchor.price);
      return [oracle.address, formatE18(price)];
    }),
  );
}

/** The continuous yearly rate that grows by `apy` a year: ln(1 + apy). */
export function stakingRate(apy: string): number {
  return Math.log1p(Number(apy));
}

/** The token's staking yield (APY) from the catalog, or null for a token that is not a liquid staking token. */
function stakingApyOf(symbol: string): string | null {
  return TOKENS.find((t) => t.symbol === symbol)?.stakingApy ?? null;
}

export class PriceWalk {
  private constructor(private readonly pushers: readonly PricePusher[]) {}

  /** One pusher per family, signed by the feeds' authority (the sandbox admin). */
  static async create(connection: Connection, authority: Keypair, state: SandboxState, options: PriceWalkOptions = {}): Promise<PriceWalk> {
    const seed = String(options.seed ?? "ballast");
    const starts = await startingPrices(connection, state.oracles, options.resume ?? true);
    const since = BigInt(state.stakingSince ?? Math.floor(Date.now() / 1_000));
    const families = new Map<string, SeededOracle[]>();
    for (const oracle of state.oracles) families.set(oracle.family, [...(families.get(oracle.family) ?? []), oracle]);
    const pushers = [...families].map(([family, oracles]) => {
      const symbols = new Map(oracles.map((o) => [o.address, o.symbol]));
      return new PricePusher({
        rpc: connection,
        authority,
        intervalMs: options.intervalMs ?? 2_000,
        atomic: true,
        log: options.log,
        onPush: options.onPush ? (update) => options.onPush!({ ...update, symbol: symbols.get(update.address)! }) : undefined,
        feeds: oracles.map((oracle) => {
          const apy = stakingApyOf(oracle.symbol);
          return {
            kind: oracle.kind,
            address: oracle.address,
            price: starts.get(oracle.address)!,
            volatility: annualVolatility(oracle.dailyVolatility),
            exponent: oracle.exponent,
            confidence: oracle.confidence,
            walkSeed: `${seed}/${family}/0`,
            growth: apy === null ? undefined : { rate: stakingRate(apy), since },
          };
        }),
      });
    });
    return new PriceWalk(pushers);
  }

  /** Starts every feed's updates. */
  start(): void {
    for (const pusher of this.pushers) pusher.start();
  }

  /** One update of every feed, by hand (don't mix with start()). */
  async pushOnce(): Promise<void> {
    await Promise.all(this.pushers.map((pusher) => pusher.pushOnce()));
  }

  /** Stops scheduling and waits for the updates in flight. */
  async stop(): Promise<void> {
    await Promise.all(this.pushers.map((pusher) => pusher.stop()));
  }
}
