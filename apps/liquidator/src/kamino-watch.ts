// One third-party lending market kept in memory, so its obligations can be liquidated like the groups' accounts:
// the lending market account, its reserves and obligations (one program subscription filtered by the market, after
// one scan) and every oracle account a reserve is priced from. A pass values every obligation with debt at the prices
// refresh_reserve would read now, without reading the chain. Obligations whose Kamino banks sit in this market carry
// the banks' depositors' risk: an obligation nobody liquidates leaves bad debt in the reserve they supply.
import {
  KAMINO_LENDING_MARKET_DISCRIMINATOR,
  KAMINO_OBLIGATION_DISCRIMINATOR,
  KAMINO_RESERVE_DISCRIMINATOR,
  KLEND_PROGRAM_ID,
  decodeKaminoLendingMarket,
  decodeKaminoObligation,
  decodeKaminoReserve,
  kaminoLiquidationPlan,
  kaminoReservePrice,
  type KaminoLendingMarket,
  type KaminoLiquidationPlan,
  type KaminoLiquidationTarget,
  type KaminoObligation,
  type KaminoOracleAccounts,
  type KaminoReserve,
} from "@ballast/sdk";
import { PublicKey, type Connection, type GetProgramAccountsFilter } from "@solana/web3.js";
import type { Commitment } from "@solana/kit";
import { OracleFeeds } from "./oracle-feeds.js";
import { NotificationMarks, coalescedReread, type ChainSubscriptions, type Subscription } from "./subscriptions.js";

/** Where the lending market's address sits in its reserves and obligations (after discriminator, tag/version and last update). */
const LENDING_MARKET_OFFSET = 32;
const ZERO_KEY = "11111111111111111111111111111111";
const NULL_KEY = "nu11111111111111111111111111111111111111111";

export interface KaminoWatchOptions {
  readonly connection: Connection;
  readonly subscriptions: ChainSubscriptions;
  readonly lendingMarket: string;
  readonly commitment: Commitment;
  /** A price, a reserve or an obligation changed. */
  readonly onChange: () => void;
  readonly onError: (error: unknown, account: string) => void;
}

/** An obligation the program would let anyone liquidate now, with the liquidation it would accept. */
export interface KaminoCandidate {
  readonly address: string;
  readonly target: KaminoLiquidationTarget;
  readonly plan: KaminoLiquidationPlan;
  /** The obligation's bytes version and its reserves' price versions: an attempt is made once per state. */
  readonly state: string;
}

interface Watched<T> {
  value: T;
  /** Bumped on every change. */
  version: number;
}

const hasDiscriminator = (data: Buffer, discriminator: Uint8Array) =>
  data.length >= 8 && Buffer.compare(data.subarray(0, 8), Buffer.from(discriminator)) === 0;

/** The oracle accounts a reserve's token info names (the zero and null keys mean "none"). */
function oracleKeysOf(reserve: KaminoReserve): {
  pyth: string | null;
  switchboardPrice: string | null;
  switchboardTwap: string | null;
  scope: string | null;
} {
  const info = reserve.config.tokenInfo;
  const key = (address: string) => (address === ZERO_KEY || address === NULL_KEY ? null : address);
  return {
    pyth: key(info.pythConfiguration.price),
    switchboardPrice: key(info.switchboardConfiguration.priceAggregator),
    switchboardTwap: key(info.switchboardConfiguration.twapAggregator),
    scope: key(info.scopeConfiguration.priceFeed),
  };
}

export class KaminoWatch {
  /** Set by the first read or notification, before open() resolves. */
  private market!: Watched<KaminoLendingMarket>;
  private readonly reserves = new Map<string, KaminoReserve>();
  private readonly obligations = new Map<string, Watched<KaminoObligation>>();
  private readonly oracles: OracleFeeds;
  private readonly subscriptions: Subscription[] = [];
  /** The market, reserves and obligations notified: a re-read after resubscribing keeps their newer copies. */
  private readonly marks = new NotificationMarks();
  private closed = false;

  private constructor(private readonly options: KaminoWatchOptions) {
    this.oracles = new OracleFeeds({
      connection: options.connection,
      subscriptions: options.subscriptions,
      commitment: options.commitment,
      onChange: () => options.onChange(),
      onError: options.onError,
    });
  }

  static async open(options: KaminoWatchOptions): Promise<KaminoWatch> {
    const watch = new KaminoWatch(options);
    try {
      await watch.start();
    } catch (error) {
      watch.close();
      throw error;
    }
    return watch;
  }

  get lendingMarket(): string {
    return this.options.lendingMarket;
  }

  get obligationCount(): number {
    return this.obligations.size;
  }

  private filters(): GetProgramAccountsFilter[] {
    return [{ memcmp: { offset: LENDING_MARKET_OFFSET, bytes: this.options.lendingMarket } }];
  }

  private async start(): Promise<void> {
    const { subscriptions, lendingMarket, commitment } = this.options;
    const reread = (what: () => Promise<void>) =>
      coalescedReread(
        async () => {
          await what();
          this.options.onChange();
        },
        (error) => this.options.onError(error, lendingMarket),
      );
    this.subscriptions.push(
      subscriptions.account(lendingMarket, commitment, {
        onNotification: ({ info }) => {
          this.marks.touch(lendingMarket);
          this.marketChanged(info.data);
        },
        onResubscribed: reread(() => this.readMarket()),
      }),
      subscriptions.program(KLEND_PROGRAM_ID, this.filters(), commitment, {
        onNotification: ({ address, data }) => {
          this.marks.touch(address);
          this.accountChanged(address, data);
        },
        onResubscribed: reread(() => this.resync()),
      }),
    );
    // Subscribed before the reads, so nothing written between them is missed.
    await Promise.all(this.subscriptions.map((s) => s.ready));
    await this.readMarket();
    await this.resync();
  }

  private async readMarket(): Promise<void> {
    const { connection, lendingMarket, commitment } = this.options;
    const mark = this.marks.mark();
    const info = await connection.getAccountInfo(new PublicKey(lendingMarket), commitment);
    if (!info || !hasDiscriminator(info.data, KAMINO_LENDING_MARKET_DISCRIMINATOR))
      throw new Error(`Lending market ${lendingMarket} not found`);
    if (this.marks.notifiedSince(lendingMarket, mark)) return;
    this.market = { value: decodeKaminoLendingMarket(info.data), version: (this.market?.version ?? 0) + 1 };
  }

  /**
   * Reads every reserve and obligation of the market again, keeping those notified meanwhile: a closed obligation
   * leaves the filter without a notification.
   */
  async resync(): Promise<void> {
    const { connection, commitment } = this.options;
    const mark = this.marks.mark();
    const accounts = await connection.getProgramAccounts(new PublicKey(KLEND_PROGRAM_ID), { commitment, filters: this.filters() });
    const seen = new Set<string>();
    for (const { pubkey, account } of accounts) {
      const address = pubkey.toBase58();
      seen.add(address);
      if (!this.marks.notifiedSince(address, mark)) this.store(address, account.data);
    }
    for (const address of this.obligations.keys()) {
      if (!seen.has(address) && !this.marks.notifiedSince(address, mark)) this.obligations.delete(address);
    }
    await this.oracles.loadUnread();
  }

  private marketChanged(data: Buffer): void {
    try {
      this.market = { value: decodeKaminoLendingMarket(data), version: (this.market?.version ?? 0) + 1 };
      this.options.onChange();
    } catch (error) {
      this.options.onError(error, this.options.lendingMarket);
    }
  }

  private accountChanged(address: string, data: Buffer): void {
    if (this.store(address, data)) {
      void this.oracles.loadUnread().catch((error: unknown) => this.options.onError(error, address));
      this.options.onChange();
    }
  }

  /** Keeps a reserve or obligation (other accounts of the market are ignored); true when one was stored. */
  private store(address: string, data: Buffer): boolean {
    try {
      if (hasDiscriminator(data, KAMINO_OBLIGATION_DISCRIMINATOR)) {
        const version = (this.obligations.get(address)?.version ?? 0) + 1;
        this.obligations.set(address, { value: decodeKaminoObligation(data), version });
        return true;
      }
      if (hasDiscriminator(data, KAMINO_RESERVE_DISCRIMINATOR)) {
        const reserve = decodeKaminoReserve(data);
        this.reserves.set(address, reserve);
        for (const key of Object.values(oracleKeysOf(reserve))) if (key !== null) this.oracles.watch(key);
        return true;
      }
    } catch (error) {
      this.options.onError(error, address);
    }
    return false;
  }

  private oracleAccounts(reserve: KaminoReserve): KaminoOracleAccounts {
    const keys = oracleKeysOf(reserve);
    const account = (key: string | null) => {
      const info = key === null ? null : this.oracles.info(key);
      return key === null || info === null ? null : { key, owner: info.owner.toBase58(), data: info.data };
    };
    return {
      pyth: account(keys.pyth),
      switchboardPrice: account(keys.switchboardPrice),
      switchboardTwap: account(keys.switchboardTwap),
      scope: account(keys.scope),
    };
  }

  private priceVersion(reserve: KaminoReserve): string {
    return Object.values(oracleKeysOf(reserve))
      .map((key) => (key === null ? "-" : this.oracles.version(key)))
      .join(".");
  }

  /** Every obligation with debt that is liquidatable at the prices its reserves would be refreshed to at `slot` / `unixTimestamp`. */
  liquidatable(slot: bigint, unixTimestamp: bigint): KaminoCandidate[] {
    const prices = new Map<string, bigint>();
    for (const [address, reserve] of this.reserves) {
      const price = kaminoReservePrice(reserve, this.oracleAccounts(reserve), slot, unixTimestamp);
      if (price !== null) prices.set(address, price);
    }
    const reserves: ReadonlyMap<string, KaminoReserve> = new Map(this.reserves);
    const candidates: KaminoCandidate[] = [];
    for (const [address, { value: obligation, version }] of this.obligations) {
      if (obligation.hasDebt === 0) continue;
      const used = [...obligation.deposits.map((d) => d.depositReserve), ...obligation.borrows.map((b) => b.borrowReserve)].filter(
        (key) => key !== ZERO_KEY,
      );
      // An obligation on a reserve without a usable price cannot be refreshed for liquidation now.
      if (!used.every((key) => prices.has(key) && reserves.has(key))) continue;
      const plan = kaminoLiquidationPlan(obligation, this.market.value, reserves, prices);
      if (!plan) continue;
      // Reserves change with every refresh anyone sends; only their prices make a new state.
      const priceVersions = used.map((key) => {
        const reserve = reserves.get(key);
        return reserve ? this.priceVersion(reserve) : "-";
      });
      const state = [version, this.market.version, ...priceVersions].join(",");
      candidates.push({
        address,
        target: { obligation: new PublicKey(address), state: obligation, lendingMarket: this.market.value, reserves, prices },
        plan,
        state,
      });
    }
    return candidates;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const subscription of this.subscriptions) subscription.close();
    this.oracles.close();
  }
}
