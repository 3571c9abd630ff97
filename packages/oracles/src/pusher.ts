// A price pusher for the local oracle programs: keeps configured Pyth, Switchboard and Scope feeds fresh by sending signed
// updates every few hundred milliseconds, either along a seeded geometric random walk or through scripted prices.
//
// Prices live as integers in the feed's own units (price × 10^-exponent; Switchboard always uses 18 decimals); the
// walk (walk/) runs in integer fixed point from a seeded generator, so the same seed and configuration always give the
// same sequence of prices. Rounds run on the shared scheduler (@ballast/scheduler).
//
// A Switchboard feed on a queue takes values only from the queue's oracles: the pusher submits as the oracle its
// authority operates, signing each value with that oracle's secp256k1 key over the latest slot hash. A feed that
// permits writes by its authority (create_feed) takes the value and standard deviation from the pusher directly.
import { type Commitment, Connection, type Keypair, PublicKey, Transaction, type TransactionInstruction } from "@solana/web3.js";
import bs58 from "bs58";
import { startPeriodic, type PeriodicJob } from "@ballast/scheduler";
import {
  pullFeedSubmitResponseInstruction,
  setScopePricesInstruction,
  updatePythPriceInstruction,
  updateSwitchboardResultInstruction,
} from "./client.js";
import { decodeOracle, decodeQueue, queueOracleKeys } from "./switchboard/accounts.js";
import { PULL_FEED_PRECISION, decodePullFeed } from "./switchboard/pull-feed.js";
import { oracleSecp256k1SecretKey, pullFeedSubmissionChecksum, secp256k1SignerOf, signChecksum } from "./switchboard/signing.js";
import { latestSlotHash, type SlotHashEntry } from "./switchboard/slot-hash.js";
import { bytesEqual } from "./bytes.js";
import { E9, E18, decimalToUnits, expE18, fractionE9 } from "./walk/fixed-point.js";
import { GeometricRandomWalk } from "./walk/geometric.js";

/** The growth year: 365 days, the seconds per year of the client math (spec 000 §9). */
const GROWTH_YEAR_SECONDS = 31_536_000n;

export type PusherFeedKind = "pyth" | "switchboard" | "scope";

export interface PusherFeed {
  kind: PusherFeedKind;
  /**
   * The feed account (created beforehand with this pusher's authority as its write authority); for Scope the
   * OraclePrices account, whose configuration's admin is this pusher's authority.
   */
  address: PublicKey | string;
  /** Scope only (and required there): the feed name of the configuration and the entry this feed is. */
  scopeEntry?: { feedName: string; index: number };
  /** Starting price of the walk, as a decimal string ("182.5"). */
  price: string;
  /** Annualised volatility of the walk as a fraction (0.6 = 60%); 0 (the default) keeps the price flat. */
  volatility?: number;
  /**
   * Pyth and Scope: the price exponent (price = integer × 10^exponent; Scope stores its negation as `exp`), -8 by
   * default. Switchboard always uses -18.
   */
  exponent?: number;
  /**
   * Pyth conf / Switchboard std_dev as a fraction of the price; 0 by default. A Switchboard feed on a queue computes
   * its std_dev from its oracles' values instead.
   */
  confidence?: number;
  /** Scripted prices (decimal strings) pushed one per tick in order instead of the walk; the last one then repeats. */
  script?: readonly string[];
  /**
   * Seed of this feed's walk; by default the pusher's seed and the feed's index. Feeds with the same walk seed and
   * volatility take the very same relative steps, so their prices keep their ratio.
   */
  walkSeed?: string;
  /**
   * Steady growth on top of the walk or script, as an exchange rate accrues (a liquid staking token's staking yield):
   * the pushed price is multiplied by e^(rate × (t − since) / 365 days) at the round's chain time t (unix seconds).
   */
  growth?: PriceGrowth;
}

export interface PriceGrowth {
  /** Continuous yearly rate as a fraction (0.0677 grows e^0.0677 − 1 = 7.0% a year); 9 decimals are kept. */
  rate: number;
  /** Unix seconds at which the factor is 1; before it the price is not grown. */
  since: bigint;
}

/** One update that landed. */
export interface PushedUpdate {
  kind: PusherFeedKind;
  address: string;
  /** Index of this feed's update, counting from 0. */
  sequence: number;
  /** The price in the feed's units (× 10^exponent). */
  price: bigint;
  exponent: number;
  /** Pyth conf or Switchboard std_dev, in the same units; 0 for a value submitted as an oracle (sends none). */
  confidence: bigint;
  /** Pyth's publish time or Scope's unix timestamp sent (unix seconds); null for Switchboard. */
  publishTime: bigint | null;
  signature: string;
}

export interface PricePusherOptions {
  /** An RPC URL or a ready Connection. */
  rpc: string | Connection;
  /**
   * Pays the fees and signs as every feed's authority; for Switchboard feeds on a queue, it is the authority of the
   * oracle the pusher submits as, and that oracle signs with oracleSecp256k1SecretKey of its secret key.
   */
  authority: Keypair;
  /** The Switchboard oracle account to submit as; by default the one of the feed's queue that signs with this key. */
  oracle?: PublicKey | string;
  feeds: readonly PusherFeed[];
  /** Milliseconds between the starts of consecutive rounds; 400 by default. Also the walk's time step. */
  intervalMs?: number;
  /** Seed of the random walk; 0 by default. */
  seed?: number | bigint | string;
  commitment?: Commitment;
  /** How long to wait for one update to confirm; 10 s by default. */
  confirmTimeoutMs?: number;
  /** Called after each landed update, awaited before the round goes on; errors it throws are logged. */
  onPush?: (update: PushedUpdate) => void | Promise<void>;
  /** Where failures are reported; console.error by default. */
  log?: (message: string) => void;
  /** Unix seconds for Pyth publish times and growth; by default the chain's block time of its latest slot. */
  now?: () => Promise<bigint>;
  /**
   * Send every feed's update of a round in one transaction, so no reader ever sees part of a round (an LST already
   * moved with SOL, or SOL without it); a failed round is retried whole. Off by default: one transaction per feed.
   */
  atomic?: boolean;
}

interface FeedState {
  readonly config: PusherFeed;
  readonly address: PublicKey;
  readonly exponent: number;
  readonly confidenceE9: bigint;
  readonly script: readonly bigint[] | null;
  readonly walk: GeometricRandomWalk | null;
  readonly growth: { readonly rateE9: bigint; readonly since: bigint } | null;
  /** Updates landed so far. */
  landed: number;
  /** The price chosen for the next update; kept until it lands, so a failed send is retried with the same price. */
  pending: bigint | null;
  lastPublishTime: bigint;
  /** Switchboard only: how the feed takes values, read from its account on the first push. */
  route: SwitchboardRoute | null;
}

/** A Switchboard feed written by its authority, or submitted to as one of its queue's oracles. */
type SwitchboardRoute =
  | { readonly kind: "authority" }
  | {
      readonly kind: "oracle";
      readonly queue: PublicKey;
      readonly oracle: PublicKey;
      readonly feedHash: Uint8Array;
      readonly maxVariance: bigint;
      readonly minResponses: number;
    };

/** Accounts getMultipleAccountsInfo returns at most. */
const ACCOUNTS_PER_REQUEST = 100;

const SENT_SIGNATURES_KEPT = 256;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class PricePusher {
  readonly connection: Connection;
  private readonly authority: Keypair;
  private readonly intervalMs: number;
  private readonly commitment: Commitment;
  private readonly confirmTimeoutMs: number;
  private readonly onPush: PricePusherOptions["onPush"];
  private readonly log: (message: string) => void;
  private readonly now: () => Promise<bigint>;
  private readonly feeds: FeedState[];
  private readonly atomic: boolean;
  private readonly oracle: PublicKey | null;
  private readonly secp256k1Secret: Uint8Array;
  /** Signatures of the transactions this pusher sent: a resend of one of them that finds it processed has landed. */
  private readonly sent = new Set<string>();
  private rounds: PeriodicJob | null = null;
  private started = false;
  private stopping = false;

  constructor(options: PricePusherOptions) {
    this.commitment = options.commitment ?? "confirmed";
    this.connection = typeof options.rpc === "string" ? new Connection(options.rpc, this.commitment) : options.rpc;
    this.authority = options.authority;
    this.intervalMs = options.intervalMs ?? 400;
    if (!(this.intervalMs > 0)) throw new RangeError(`intervalMs must be positive, got ${this.intervalMs}`);
    this.confirmTimeoutMs = options.confirmTimeoutMs ?? 10_000;
    this.onPush = options.onPush;
    this.log = options.log ?? ((message) => console.error(message));
    this.now = options.now ?? (() => this.chainTime());
    this.atomic = options.atomic ?? false;
    this.oracle = options.oracle === undefined ? null : new PublicKey(options.oracle);
    this.secp256k1Secret = oracleSecp256k1SecretKey(this.authority.secretKey);
    const seed = options.seed ?? 0;
    this.feeds = options.feeds.map((config, index) => {
      const exponent = config.kind === "switchboard" ? -PULL_FEED_PRECISION : (config.exponent ?? -8);
      if (!Number.isInteger(exponent)) throw new RangeError(`exponent must be an integer, got ${exponent}`);
      if (config.kind === "scope") {
        if (!config.scopeEntry) throw new RangeError(`feed ${index} is a Scope feed without its scopeEntry`);
        if (exponent > 0) throw new RangeError(`a Scope price counts decimals: exponent must not be positive, got ${exponent}`);
      }
      const start = decimalToUnits(config.price, exponent);
      const script = config.script ? config.script.map((p) => decimalToUnits(p, exponent)) : null;
      if (script && script.length === 0) throw new RangeError(`feed ${index} has an empty script`);
      return {
        config,
        address: typeof config.address === "string" ? new PublicKey(config.address) : config.address,
        exponent,
        confidenceE9: fractionE9("confidence", config.confidence ?? 0),
        script,
        walk: script
          ? null
          : new GeometricRandomWalk({
              seed: config.walkSeed ?? `${String(seed)}/${index}`,
              start,
              volatility: config.volatility ?? 0,
              stepMs: this.intervalMs,
            }),
        growth: config.growth ? { rateE9: fractionE9("growth rate", config.growth.rate), since: config.growth.since } : null,
        landed: 0,
        pending: null,
        lastPublishTime: 0n,
        route: null,
      };
    });
  }

  get running(): boolean {
    return this.started && !this.stopping;
  }

  /** Starts pushing: a round now, then one every intervalMs (rounds never overlap; a late round is followed at once). */
  start(): void {
    if (this.started) throw new Error("the price pusher was already started");
    this.started = true;
    if (this.stopping) return;
    this.rounds = startPeriodic({
      intervalMs: this.intervalMs,
      immediate: true,
      overrun: "catch-up",
      run: () => this.round(),
      onError: (e) => this.log(`price pusher: a round failed: ${message(e)}`),
    });
  }

  /** Stops scheduling rounds and resolves once the round in flight (if any) has finished. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.rounds?.stop();
  }

  /**
   * One round by hand: sends every feed's next update (for tools and tests; don't mix with start()). Rejects when an
   * update did not land, so a caller never acts on a price that is not on chain.
   */
  async pushOnce(): Promise<void> {
    const failures = await this.round();
    if (failures.length > 0) throw new Error(`The price update did not land: ${failures.join("; ")}`);
  }

  /** Sends the round's updates; returns why any did not land (already logged), empty when all did. */
  private async round(): Promise<string[]> {
    let now: bigint | null = null;
    if (this.feeds.some((f) => f.config.kind !== "switchboard" || f.growth !== null)) {
      try {
        now = await this.now();
      } catch (e) {
        this.log(`price pusher: reading the chain time failed, using the wall clock: ${message(e)}`);
        now = BigInt(Math.floor(Date.now() / 1000));
      }
    }
    let latest: Promise<SlotHashEntry> | null = null;
    const slotHash = () => (latest ??= latestSlotHash(this.connection, this.commitment));
    if (!this.atomic) {
      const failures = await Promise.all(this.feeds.map((feed) => this.pushFeed(feed, now, slotHash)));
      return failures.filter((f): f is string => f !== null);
    }
    let updates: { feed: FeedState; ix: TransactionInstruction; update: Omit<PushedUpdate, "signature"> }[];
    let signature: string;
    try {
      updates = await Promise.all(this.feeds.map(async (feed) => ({ feed, ...(await this.update(feed, now, slotHash)) })));
      signature = await this.send(updates.map((u) => u.ix));
    } catch (e) {
      this.log(`price pusher: updating ${this.feeds.length} feeds at once failed, retrying next round: ${message(e)}`);
      return [message(e)];
    }
    for (const { feed, update } of updates) await this.landed(feed, { ...update, signature });
    return [];
  }

  private nextPrice(feed: FeedState): bigint {
    if (feed.script) {
      const scripted = feed.script[Math.min(feed.landed, feed.script.length - 1)];
      if (scripted === undefined) throw new RangeError("a price script needs at least one price");
      return scripted;
    }
    return feed.landed === 0 ? feed.walk!.value : feed.walk!.next();
  }

  /** The price grown to chain time `now`, in integer fixed point. */
  private grown(feed: FeedState, price: bigint, now: bigint | null): bigint {
    if (feed.growth === null || now === null || now <= feed.growth.since) return price;
    const exponentE18 = (feed.growth.rateE9 * E9 * (now - feed.growth.since)) / GROWTH_YEAR_SECONDS;
    return (price * expE18(exponentE18)) / E18;
  }

  /** The feed's next update (its walk or script price, kept until it lands, grown to `now`) as an instruction. */
  private async update(
    feed: FeedState,
    now: bigint | null,
    slotHash: () => Promise<SlotHashEntry>,
  ): Promise<{ ix: TransactionInstruction; update: Omit<PushedUpdate, "signature"> }> {
    const route = feed.config.kind === "switchboard" ? await this.route(feed) : null;
    if (feed.pending === null) feed.pending = this.nextPrice(feed);
    const price = this.grown(feed, feed.pending, now);
    let confidence = ((price < 0n ? -price : price) * feed.confidenceE9) / E9;
    let publishTime: bigint | null = null;
    let ix: TransactionInstruction;
    if (feed.config.kind === "pyth") {
      publishTime = now! > feed.lastPublishTime ? now! : feed.lastPublishTime;
      ix = updatePythPriceInstruction({
        authority: this.authority.publicKey,
        feed: feed.address,
        price,
        conf: confidence,
        exponent: feed.exponent,
        publishTime,
        emaPrice: price,
        emaConf: confidence,
      });
    } else if (route?.kind === "oracle") {
      const at = await slotHash();
      const { queue, feedHash, maxVariance, minResponses } = route;
      const checksum = pullFeedSubmissionChecksum({ queue, feedHash, value: price, slothash: at.hash, maxVariance, minResponses });
      confidence = 0n;
      ix = pullFeedSubmitResponseInstruction({
        feed: feed.address,
        queue,
        payer: this.authority.publicKey,
        slot: at.slot,
        submissions: [{ oracle: route.oracle, value: price, ...signChecksum(checksum, this.secp256k1Secret) }],
      });
    } else if (feed.config.kind === "scope" && feed.config.scopeEntry) {
      publishTime = now! > feed.lastPublishTime ? now! : feed.lastPublishTime;
      const { feedName, index } = feed.config.scopeEntry;
      ix = setScopePricesInstruction({
        admin: this.authority.publicKey,
        feedName,
        oraclePrices: feed.address,
        updates: [{ index, value: price, exp: BigInt(-feed.exponent), unixTimestamp: publishTime }],
      });
    } else {
      ix = updateSwitchboardResultInstruction({
        authority: this.authority.publicKey,
        feed: feed.address,
        value: price,
        stdDev: confidence,
      });
    }
    const update = {
      kind: feed.config.kind,
      address: feed.address.toBase58(),
      sequence: feed.landed,
      price,
      exponent: feed.exponent,
      confidence,
      publishTime,
    };
    return { ix, update };
  }

  /** Pushes one feed; returns why it did not land, or null when it did. */
  private async pushFeed(feed: FeedState, now: bigint | null, slotHash: () => Promise<SlotHashEntry>): Promise<string | null> {
    let update: Omit<PushedUpdate, "signature">;
    let signature: string;
    try {
      const next = await this.update(feed, now, slotHash);
      update = next.update;
      signature = await this.send([next.ix]);
    } catch (e) {
      this.log(`price pusher: updating ${feed.config.kind} feed ${feed.address.toBase58()} failed, retrying next round: ${message(e)}`);
      return `${feed.address.toBase58()}: ${message(e)}`;
    }
    await this.landed(feed, { ...update, signature });
    return null;
  }

  private async landed(feed: FeedState, update: PushedUpdate): Promise<void> {
    feed.landed += 1;
    feed.pending = null;
    if (update.publishTime !== null) feed.lastPublishTime = update.publishTime;
    if (this.onPush) {
      try {
        await this.onPush(update);
      } catch (e) {
        this.log(`price pusher: onPush failed: ${message(e)}`);
      }
    }
  }

  private async send(instructions: readonly TransactionInstruction[]): Promise<string> {
    const deadline = Date.now() + this.confirmTimeoutMs;
    let signature: string;
    for (;;) {
      const { blockhash } = await this.connection.getLatestBlockhash(this.commitment);
      const tx = new Transaction({ feePayer: this.authority.publicKey, recentBlockhash: blockhash }).add(...instructions);
      tx.sign(this.authority);
      signature = bs58.encode(tx.signature!);
      try {
        await this.connection.sendRawTransaction(tx.serialize(), { preflightCommitment: this.commitment });
        this.remember(signature);
        break;
      } catch (e) {
        if (!message(e).includes("already been processed")) throw e;
      }
      // This pusher sent these bytes before: the earlier send landed, and that is this push.
      if (this.sent.has(signature)) break;
      // Someone else (another pusher for the same feed) landed the same bytes, possibly before other updates since:
      // the chain may not hold this price now, so it is sent again once the blockhash has moved on.
      if (Date.now() > deadline)
        throw new Error(`an identical update is already on chain and the blockhash did not move within ${this.confirmTimeoutMs} ms`);
      await sleep(50);
    }
    for (;;) {
      const status = (await this.connection.getSignatureStatuses([signature])).value[0];
      if (status?.err) throw new Error(`transaction ${signature} failed: ${JSON.stringify(status.err)}`);
      if (status && (status.confirmationStatus === "confirmed" || status.confirmationStatus === "finalized")) return signature;
      if (status && this.commitment === "processed") return signature;
      if (Date.now() > deadline) throw new Error(`transaction ${signature} was not confirmed within ${this.confirmTimeoutMs} ms`);
      await sleep(20);
    }
  }

  /** How a Switchboard feed takes values, read once from its account (and its queue's oracles). */
  private async route(feed: FeedState): Promise<SwitchboardRoute> {
    if (feed.route !== null) return feed.route;
    const info = await this.connection.getAccountInfo(feed.address, this.commitment);
    if (info === null) throw new Error(`switchboard feed ${feed.address.toBase58()} does not exist`);
    const state = decodePullFeed(info.data);
    if (state.permitWriteByAuthority !== 0) {
      feed.route = { kind: "authority" };
      return feed.route;
    }
    const queue = new PublicKey(state.queue);
    const oracle = this.oracle ?? (await this.ownOracle(queue));
    feed.route = {
      kind: "oracle",
      queue,
      oracle,
      feedHash: state.feedHash,
      maxVariance: state.maxVariance,
      minResponses: state.minResponses,
    };
    return feed.route;
  }

  /** The oracle of `queue` that signs with this pusher's secp256k1 key. */
  private async ownOracle(queue: PublicKey): Promise<PublicKey> {
    const queueInfo = await this.connection.getAccountInfo(queue, this.commitment);
    if (queueInfo === null) throw new Error(`switchboard queue ${queue.toBase58()} does not exist`);
    const keys = queueOracleKeys(decodeQueue(queueInfo.data)).map((k) => new PublicKey(k));
    const signer = secp256k1SignerOf(this.secp256k1Secret);
    for (let i = 0; i < keys.length; i += ACCOUNTS_PER_REQUEST) {
      const batch = keys.slice(i, i + ACCOUNTS_PER_REQUEST);
      const infos = await this.connection.getMultipleAccountsInfo(batch, this.commitment);
      const index = infos.findIndex((oracle) => oracle !== null && bytesEqual(decodeOracle(oracle.data).enclave.secp256k1Signer, signer));
      const found = batch[index];
      if (found !== undefined) return found;
    }
    throw new Error(`no oracle on switchboard queue ${queue.toBase58()} signs with this pusher's key`);
  }

  /** Keeps the latest signatures only: a resend happens within a few rounds, and a pusher runs for days. */
  private remember(signature: string): void {
    this.sent.add(signature);
    if (this.sent.size > SENT_SIGNATURES_KEPT) this.sent.delete(this.sent.values().next().value!);
  }

  /** The chain's block time of its latest slot (the clock programs see), or the wall clock when it has none. */
  private async chainTime(): Promise<bigint> {
    const slot = await this.connection.getSlot(this.commitment);
    const time = await this.connection.getBlockTime(slot);
    return BigInt(time ?? Math.floor(Date.now() / 1000));
  }
}

function message(e: unknown): string {
  if (e instanceof Error) {
    const logs = (e as { logs?: unknown }).logs;
    return Array.isArray(logs) && logs.length > 0 ? `${e.message} [${logs.join(" | ")}]` : e.message;
  }
  return String(e);
}
