// One family of feeds (a token and those priced off it: SOL and its liquid staking tokens) under one atomic
// PricePusher. A hold set by the price control rebuilds the family's pusher with flat feeds, so every round keeps the
// held prices fresh on chain; when the hold ends the pusher is rebuilt again and the walk resumes from the held
// prices, on a new seed generation. Rounds and price changes of one family run one at a time.
import type { Connection, Keypair } from "@solana/web3.js";
import { PricePusher, decimalToUnits, type PriceGrowth, type PushedUpdate, type PusherFeed } from "@ballast/oracles";
import type { SeededOracle } from "./state.js";

const E18 = 10n ** 18n;

/** A member's walk price over the anchor's: member = anchor × num / den (before staking growth). */
interface Ratio {
  readonly num: bigint;
  readonly den: bigint;
}

export interface FamilyHold {
  /** Wall-clock milliseconds at which the walk resumes. */
  readonly untilMs: number;
  /** The anchor's held price, USD × 10^18; the members without an override follow it at their ratios. */
  readonly anchorE18: bigint;
  /** Members set on their own, by oracle address: held at exactly this price, USD × 10^18. */
  readonly overrides: ReadonlyMap<string, bigint>;
}

export interface FeedFamilyOptions {
  readonly connection: Connection;
  readonly authority: Keypair;
  readonly intervalMs: number;
  readonly seed: string;
  readonly log: (message: string) => void;
  /** A liquid staking token's growth on top of its walk, or null. */
  readonly growthOf: (oracle: SeededOracle) => PriceGrowth | null;
  readonly annualVolatility: (oracle: SeededOracle) => number;
  readonly onPush?: (update: PushedUpdate, oracle: SeededOracle) => void;
}

/** A price as USD × 10^18 from feed units. */
export function unitsToE18(units: bigint, exponent: number): bigint {
  return exponent + 18 >= 0 ? units * 10n ** BigInt(exponent + 18) : units / 10n ** BigInt(-(exponent + 18));
}

export function formatE18(value: bigint): string {
  const fraction = (value % E18).toString().padStart(18, "0").replace(/0+$/, "");
  return fraction === "" ? (value / E18).toString() : `${value / E18}.${fraction}`;
}

export class FeedFamily {
  /** The first member: the others are priced off it. */
  readonly anchor: SeededOracle;
  private readonly ratios = new Map<string, Ratio>();
  /** Each liquid staking token's growth on top of its walk, by oracle address. */
  private readonly growth = new Map<string, PriceGrowth>();
  /** The anchor's price the current walk started from, USD × 10^18. */
  private walkAnchorE18: bigint;
  /** Every member's last landed price, USD × 10^18, by oracle address. */
  private readonly latest = new Map<string, bigint>();
  private hold: FamilyHold | null = null;
  private generation = 0;
  private pusher: PricePusher;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly name: string,
    readonly members: readonly SeededOracle[],
    /** The anchor's starting price, USD × 10^18. */
    anchorStartE18: bigint,
    private readonly options: FeedFamilyOptions,
  ) {
    const [anchor] = members;
    if (!anchor) throw new RangeError(`price family ${name} has no feeds`);
    if (options.growthOf(anchor) !== null) throw new RangeError(`price family ${name}: its first feed (${anchor.symbol}) must not grow`);
    this.anchor = anchor;
    const anchorSeedE18 = decimalE18(anchor.price);
    for (const member of members) {
      this.ratios.set(member.address, { num: decimalE18(member.price), den: anchorSeedE18 });
      const growth = options.growthOf(member);
      if (growth) this.growth.set(member.address, growth);
    }
    this.walkAnchorE18 = anchorStartE18;
    this.latest.set(anchor.address, anchorStartE18);
    this.pusher = this.build();
  }

  /** The family's hold, while one lasts at `nowMs`. */
  holdAt(nowMs: number): FamilyHold | null {
    return this.hold !== null && nowMs < this.hold.untilMs ? this.hold : null;
  }

  /** One round: ends a hold that is over, then pushes every member's next price. */
  round(nowMs: number): Promise<void> {
    return this.exclusive(async () => {
      if (this.hold !== null && nowMs >= this.hold.untilMs) this.release();
      await this.pusher.pushOnce();
    });
  }

  /**
   * Holds `member` at `priceE18` until `untilMs`, on chain before it resolves, and returns the members whose price it
   * set with their landed prices. Setting the anchor moves every member with it at their ratios; setting another member
   * moves it alone and holds the rest of the family where it is. Rejects, changing nothing, when the update did not land.
   */
  set(member: SeededOracle, priceE18: bigint, untilMs: number): Promise<{ oracle: SeededOracle; usdE18: bigint }[]> {
    return this.exclusive(async () => {
      const isAnchor = member.address === this.anchor.address;
      const held = this.hold;
      const anchorE18 = isAnchor ? priceE18 : (held?.anchorE18 ?? this.latestAnchorE18());
      const overrides = new Map(isAnchor ? [] : (held?.overrides ?? []));
      if (!isAnchor) overrides.set(member.address, priceE18);
      const previous = { hold: this.hold, pusher: this.pusher };
      this.hold = { untilMs, anchorE18, overrides };
      this.generation += 1;
      this.pusher = this.build();
      try {
        await this.pusher.pushOnce();
      } catch (e) {
        this.hold = previous.hold;
        this.pusher = previous.pusher;
        throw e;
      }
      const changed = isAnchor ? this.members : [member];
      return changed.map((oracle) => ({ oracle, usdE18: this.latest.get(oracle.address) ?? 0n }));
    });
  }

  /**
   * The smallest member price, in its feed's units, that setting `member` to `priceE18` would push now; a price
   * below one unit of a feed cannot be shown by it.
   */
  smallestUnits(member: SeededOracle, priceE18: bigint): { oracle: SeededOracle; units: bigint } {
    const affected =
      member.address === this.anchor.address
        ? this.members.map((oracle) => ({ oracle, priceE18: this.followerE18(oracle, priceE18) }))
        : [{ oracle: member, priceE18 }];
    let smallest: { oracle: SeededOracle; units: bigint } | null = null;
    for (const { oracle, priceE18: price } of affected) {
      const units = decimalToUnits(formatE18(price), oracle.exponent);
      if (smallest === null || units < smallest.units) smallest = { oracle, units };
    }
    if (smallest === null) throw new RangeError(`price family ${this.name} has no feeds`);
    return smallest;
  }

  /** Waits for the round or price change in flight. */
  async idle(): Promise<void> {
    await this.queue.catch(() => undefined);
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.catch(() => undefined).then(work);
    this.queue = run;
    return run;
  }

  private latestAnchorE18(): bigint {
    return this.latest.get(this.anchor.address) ?? this.walkAnchorE18;
  }

  /** A member's walk price (before growth) when the anchor is at `anchorE18`. */
  private followerE18(member: SeededOracle, anchorE18: bigint): bigint {
    const ratio = this.ratios.get(member.address);
    if (!ratio) throw new RangeError(`${member.symbol} is not in price family ${this.name}`);
    return (anchorE18 * ratio.num) / ratio.den;
  }

  /** Ends the hold: the walk starts again from the held prices, each member set alone keeping its new ratio. */
  private release(): void {
    const hold = this.hold;
    if (hold === null) return;
    for (const [address, priceE18] of hold.overrides) {
      this.ratios.set(address, { num: priceE18, den: hold.anchorE18 });
      // The held price becomes the member's walk price, grown from now on, so the walk resumes exactly from it.
      const growth = this.growth.get(address);
      if (growth) this.growth.set(address, { ...growth, since: BigInt(Math.ceil(Date.now() / 1_000)) });
    }
    this.walkAnchorE18 = hold.anchorE18;
    this.hold = null;
    this.generation += 1;
    this.pusher = this.build();
  }

  private build(): PricePusher {
    const hold = this.hold;
    const anchorE18 = hold?.anchorE18 ?? this.walkAnchorE18;
    const walkSeed = `${this.options.seed}/${this.name}/${this.generation}`;
    const feeds = this.members.map((member): PusherFeed => {
      const base = { kind: member.kind, address: member.address, exponent: member.exponent, confidence: member.confidence, walkSeed };
      const override = hold?.overrides.get(member.address);
      if (override !== undefined) return { ...base, price: formatE18(override), volatility: 0 };
      return {
        ...base,
        price: formatE18(this.followerE18(member, anchorE18)),
        volatility: hold === null ? this.options.annualVolatility(member) : 0,
        growth: this.growth.get(member.address),
      };
    });
    const byAddress = new Map(this.members.map((m) => [m.address, m]));
    return new PricePusher({
      rpc: this.options.connection,
      authority: this.options.authority,
      intervalMs: this.options.intervalMs,
      atomic: true,
      feeds,
      log: this.options.log,
      onPush: (update) => {
        const oracle = byAddress.get(update.address);
        if (!oracle) return;
        this.latest.set(update.address, unitsToE18(update.price, update.exponent));
        this.options.onPush?.(update, oracle);
      },
    });
  }
}

export function decimalE18(value: string): bigint {
  const [whole = "", fraction = ""] = value.split(".");
  return BigInt(whole) * E18 + BigInt(fraction.padEnd(18, "0").slice(0, 18));
}
