// Live prices: every seeded feed kept fresh by a PricePusher along a seeded geometric random walk with the token's
// volatility. The tokens of one family (SOL and its liquid staking tokens, the two bitcoins) share one pusher that
// moves all of them along the very same relative steps in one transaction per round, so they keep their price ratio
// at every slot. A liquid staking token's ratio to SOL is its exchange rate, and it grows at the token's staking yield
// from the seeding on (integer math in the pusher), so its price over SOL's rises 6–8% a year as a real LST's does.
//
// The price control (setPrice) sets a token's price now and holds it for a while before the walk resumes from it, so
// anyone can crash SOL on the local chain and watch accounts become liquidatable (price-family.ts does the holding).
import { PublicKey, type Connection, type Keypair } from "@solana/web3.js";
import { decodePriceUpdateV2, decodePullFeed, type PushedUpdate } from "@ballast/oracles";
import { startPeriodic, type PeriodicJob } from "@ballast/scheduler";
import { TOKENS, type OracleKind } from "./catalog.js";
import { FeedFamily, decimalE18, formatE18, unitsToE18 } from "./price-family.js";
import type { SandboxState, SeededOracle } from "./state.js";

export { decimalE18 } from "./price-family.js";

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
  /** Wall-clock milliseconds, which holds end by; Date.now by default. */
  clock?: () => number;
}

export interface PricedUpdate extends PushedUpdate {
  readonly symbol: string;
}

/** How long a price set by hand is held when no hold is given, and the bounds of a hold. */
export const DEFAULT_HOLD_SECONDS = 300;
export const MIN_HOLD_SECONDS = 1;
export const MAX_HOLD_SECONDS = 3_600;
/** The highest price the control sets, in USD: far above any token, well inside every feed's integer range. */
export const MAX_SET_PRICE_USD = 1_000_000_000;

export const PRICE_CONTROL_ERRORS = {
  unknownSymbol: (symbol: string, known: readonly string[]) => `Unknown token "${symbol}"; the sandbox prices ${known.join(", ")}`,
  price: (usd: unknown) => `usd must be a number above 0 and at most ${MAX_SET_PRICE_USD}, got ${String(usd)}`,
  belowFeed: (symbol: string, exponent: number) =>
    `${symbol}'s feed shows prices in steps of 1e${exponent} USD; set a price at least that high`,
  holdSeconds: (seconds: unknown) =>
    `holdSeconds must be a whole number of seconds from ${MIN_HOLD_SECONDS} to ${MAX_HOLD_SECONDS}, got ${String(seconds)}`,
} as const;

/** One feed as the price control reports it; usd is a decimal string, null while the feed has no price. */
export interface FeedPrice {
  readonly symbol: string;
  readonly address: string;
  readonly kind: OracleKind;
  readonly usd: string | null;
}

/** A token's price now, its feed(s), and the hold on it, if any. */
export interface TokenPrice {
  readonly symbol: string;
  readonly usd: string | null;
  /** The tokens that move together (SOL and its liquid staking tokens); named by the first of them. */
  readonly family: string;
  readonly oracles: readonly { readonly address: string; readonly kind: OracleKind }[];
  /** ISO time the walk resumes at, while the token's family is held. */
  readonly heldUntil: string | null;
}

/** What setting a price did: the token, its price, the feeds it moved (its family's when it leads one), the hold's end. */
export interface PriceSet {
  readonly symbol: string;
  readonly usd: string;
  readonly heldUntil: string;
  readonly feeds: readonly FeedPrice[];
}

/** A price set, or the reason the input was refused (then nothing changed). */
export type PriceSetResult = { readonly set: PriceSet } | { readonly refused: string };

const DAYS_PER_YEAR = 365.25;

/** The annualised volatility the pusher takes, from a daily one. */
export function annualVolatility(daily: number): number {
  return daily * Math.sqrt(DAYS_PER_YEAR);
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
    return message.price > 0n ? unitsToE18(message.price, message.exponent) : null;
  }
  const value = decodePullFeed(data).result.value;
  return value > 0n ? value : null;
}

/** The continuous yearly rate that grows by `apy` a year: ln(1 + apy). */
export function stakingRate(apy: string): number {
  return Math.log1p(Number(apy));
}

/** The token's staking yield (APY) from the catalog, or null for a token that is not a liquid staking token. */
function stakingApyOf(symbol: string): string | null {
  return TOKENS.find((t) => t.symbol === symbol)?.stakingApy ?? null;
}

/** A JSON number as a plain decimal string ("1.5e-7" → "0.00000015"), from its shortest round-trip form. */
export function decimalOfNumber(value: number): string {
  const text = String(value);
  const scientific = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!scientific) return text;
  const [, whole = "", fraction = "", exponent = "0"] = scientific;
  const digits = whole + fraction;
  const shift = Number(exponent) - fraction.length;
  if (shift >= 0) return digits + "0".repeat(shift);
  const padded = digits.padStart(-shift + 1, "0");
  return `${padded.slice(0, shift)}.${padded.slice(shift)}`;
}

export class PriceWalk {
  private jobs: PeriodicJob[] = [];
  private readonly symbols: readonly string[];

  private constructor(
    private readonly connection: Connection,
    private readonly oracles: readonly SeededOracle[],
    private readonly families: ReadonlyMap<string, FeedFamily>,
    private readonly intervalMs: number,
    private readonly log: (message: string) => void,
    private readonly clock: () => number,
  ) {
    this.symbols = oracles.map((o) => o.symbol);
  }

  /** One pusher per family, signed by the feeds' authority (the sandbox admin). */
  static async create(connection: Connection, authority: Keypair, state: SandboxState, options: PriceWalkOptions = {}): Promise<PriceWalk> {
    const seed = String(options.seed ?? "ballast");
    const intervalMs = options.intervalMs ?? 2_000;
    const log = options.log ?? ((message: string) => console.error(message));
    const since = BigInt(state.stakingSince ?? Math.floor(Date.now() / 1_000));
    const grouped = new Map<string, SeededOracle[]>();
    for (const oracle of state.oracles) grouped.set(oracle.family, [...(grouped.get(oracle.family) ?? []), oracle]);
    const anchors = [...grouped.values()].flatMap((members) => members.slice(0, 1));
    const onChain = (options.resume ?? true) ? await oraclePricesE18(connection, anchors) : new Map<string, bigint | null>();
    const onPush = options.onPush;
    const families = new Map<string, FeedFamily>();
    for (const [family, members] of grouped) {
      const [anchor] = members;
      if (!anchor) continue;
      const start = onChain.get(anchor.address) ?? decimalE18(anchor.price);
      families.set(
        family,
        new FeedFamily(family, members, start, {
          connection,
          authority,
          intervalMs,
          seed,
          log,
          growthOf: (oracle) => {
            const apy = stakingApyOf(oracle.symbol);
            return apy === null ? null : { rate: stakingRate(apy), since };
          },
          annualVolatility: (oracle) => annualVolatility(oracle.dailyVolatility),
          onPush: onPush ? (update, oracle) => onPush({ ...update, symbol: oracle.symbol }) : undefined,
        }),
      );
    }
    return new PriceWalk(connection, state.oracles, families, intervalMs, log, options.clock ?? Date.now);
  }

  /** Starts every family's updates: a round now, then one every interval. */
  start(): void {
    if (this.jobs.length > 0) throw new Error("the price walk was already started");
    this.jobs = [...this.families.values()].map((family) =>
      startPeriodic({
        intervalMs: this.intervalMs,
        immediate: true,
        overrun: "catch-up",
        run: () => family.round(this.clock()),
        onError: (e) => this.log(`price walk: a round of ${family.name} failed: ${e instanceof Error ? e.message : String(e)}`),
      }),
    );
  }

  /** One update of every feed, by hand (don't mix with start()). */
  async pushOnce(): Promise<void> {
    const now = this.clock();
    await Promise.all([...this.families.values()].map((family) => family.round(now)));
  }

  /** Stops scheduling and waits for the updates in flight. */
  async stop(): Promise<void> {
    await Promise.all(this.jobs.map((job) => job.stop()));
    await Promise.all([...this.families.values()].map((family) => family.idle()));
  }

  /** Every token's price now (read from its feed), its feed, its family and the hold on it. */
  async prices(): Promise<TokenPrice[]> {
    const now = this.clock();
    const onChain = await oraclePricesE18(this.connection, this.oracles);
    return this.oracles.map((oracle) => {
      const price = onChain.get(oracle.address) ?? null;
      const hold = this.families.get(oracle.family)?.holdAt(now) ?? null;
      return {
        symbol: oracle.symbol,
        usd: price === null ? null : formatE18(price),
        family: oracle.family,
        oracles: [{ address: oracle.address, kind: oracle.kind }],
        heldUntil: hold === null ? null : new Date(hold.untilMs).toISOString(),
      };
    });
  }

  /**
   * Sets a token's price now, on chain before it resolves, and holds it for `holdSeconds` before the walk resumes from
   * it. Setting the first token of a family (SOL) moves the others (its LSTs) with it at their exchange rates and holds
   * them too; setting another (JitoSOL) moves it alone and holds its family where it is. Bad input is refused with
   * the reason and changes nothing; rejects when the update did not land.
   */
  async setPrice(symbol: string, usd: number, holdSeconds: number = DEFAULT_HOLD_SECONDS): Promise<PriceSetResult> {
    const oracle = this.oracles.find((o) => o.symbol.toLowerCase() === symbol.toLowerCase());
    if (!oracle) return { refused: PRICE_CONTROL_ERRORS.unknownSymbol(symbol, this.symbols) };
    if (typeof usd !== "number" || !Number.isFinite(usd) || usd <= 0 || usd > MAX_SET_PRICE_USD)
      return { refused: PRICE_CONTROL_ERRORS.price(usd) };
    if (!Number.isInteger(holdSeconds) || holdSeconds < MIN_HOLD_SECONDS || holdSeconds > MAX_HOLD_SECONDS)
      return { refused: PRICE_CONTROL_ERRORS.holdSeconds(holdSeconds) };
    const family = this.families.get(oracle.family);
    if (!family) return { refused: PRICE_CONTROL_ERRORS.unknownSymbol(symbol, this.symbols) };
    const priceE18 = decimalE18(decimalOfNumber(usd));
    const smallest = family.smallestUnits(oracle, priceE18);
    if (smallest.units < 1n) return { refused: PRICE_CONTROL_ERRORS.belowFeed(smallest.oracle.symbol, smallest.oracle.exponent) };
    const untilMs = this.clock() + holdSeconds * 1_000;
    const changed = await family.set(oracle, priceE18, untilMs);
    return {
      set: {
        symbol: oracle.symbol,
        usd: formatE18(priceE18),
        heldUntil: new Date(untilMs).toISOString(),
        feeds: changed.map(({ oracle: feed, usdE18 }) => ({
          symbol: feed.symbol,
          address: feed.address,
          kind: feed.kind,
          usd: formatE18(usdE18),
        })),
      },
    };
  }
}
