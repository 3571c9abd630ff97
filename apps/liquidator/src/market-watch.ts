// One group's market kept in memory: the group account, its banks (programSubscribe) and every account a bank is
// priced from (accountSubscribe), so a pass builds the market without reading the chain, and a price or bank change
// names the banks whose holders need valuing again.
import { decodeBank, decodeMarginfiGroup, type MarginfiGroup } from "@ballast/protocol";
import {
  bankOracleKeys,
  chainTime,
  fetchGroupBanks,
  groupBankFilters,
  marketFromAccounts,
  type BankAccount,
  type Market,
} from "@ballast/sdk";
import { PublicKey, type AccountInfo, type Connection } from "@solana/web3.js";
import type { Commitment } from "@solana/kit";
import { OracleFeeds } from "./oracle-feeds.js";
import { NotificationMarks, coalescedReread, type ChainSubscriptions, type Subscription } from "./subscriptions.js";

export interface MarketChange {
  /** The banks whose state or price changed. */
  readonly banks: readonly string[];
  /** True when an oracle (a price) changed, not only a bank. */
  readonly price: boolean;
}

export interface MarketWatchOptions {
  readonly connection: Connection;
  readonly subscriptions: ChainSubscriptions;
  readonly programId: string;
  readonly group: string;
  readonly commitment: Commitment;
  readonly onChange: (change: MarketChange) => void;
  readonly onError: (error: unknown, account: string) => void;
}

export class MarketWatch {
  private group!: MarginfiGroup;
  private readonly banks = new Map<string, BankAccount>();
  private readonly oracles: OracleFeeds;
  /** The banks priced from each oracle account. */
  private readonly oracleBanks = new Map<string, Set<string>>();
  private readonly subscriptions: Subscription[] = [];
  /** The group and banks notified: a re-read after resubscribing keeps their newer copies. */
  private readonly marks = new NotificationMarks();
  private closed = false;

  private constructor(private readonly options: MarketWatchOptions) {
    this.oracles = new OracleFeeds({
      connection: options.connection,
      subscriptions: options.subscriptions,
      commitment: options.commitment,
      onChange: (address) => options.onChange({ banks: [...(this.oracleBanks.get(address) ?? [])], price: true }),
      onError: options.onError,
    });
  }

  static async open(options: MarketWatchOptions): Promise<MarketWatch> {
    const watch = new MarketWatch(options);
    try {
      await watch.start();
    } catch (error) {
      watch.close();
      throw error;
    }
    return watch;
  }

  private async start(): Promise<void> {
    const { subscriptions, programId, group, commitment } = this.options;
    const reread = (what: () => Promise<void>) => coalescedReread(what, (error) => this.options.onError(error, group));
    this.subscriptions.push(
      subscriptions.account(group, commitment, {
        onNotification: ({ info }) => {
          this.marks.touch(group);
          this.groupChanged(info.data);
        },
        onResubscribed: reread(() => this.readGroup()),
      }),
      subscriptions.program(programId, groupBankFilters(group), commitment, {
        onNotification: ({ address, data }) => {
          this.marks.touch(address);
          this.bankChanged(address, data);
        },
        onResubscribed: reread(() => this.readBanks()),
      }),
    );
    // Subscribed before the reads, so nothing written between them is missed.
    await Promise.all(this.subscriptions.map((s) => s.ready));
    await this.readGroup();
    await this.readBanks();
  }

  private groupChanged(data: Buffer): void {
    try {
      this.group = decodeMarginfiGroup(data);
    } catch (error) {
      this.options.onError(error, this.options.group);
    }
  }

  /** Reads the group account, unless a notification newer than the read arrived meanwhile. */
  private async readGroup(): Promise<void> {
    const { connection, group, commitment } = this.options;
    const mark = this.marks.mark();
    const info = await connection.getAccountInfo(new PublicKey(group), commitment);
    if (!info) throw new Error(`Group ${group} not found`);
    if (!this.marks.notifiedSince(group, mark)) this.groupChanged(info.data);
  }

  /** Reads every bank of the group, keeping those notified meanwhile; the banks that changed are announced. */
  private async readBanks(): Promise<void> {
    const { connection, programId, group } = this.options;
    const mark = this.marks.mark();
    const changed: string[] = [];
    for (const bank of await fetchGroupBanks(connection, programId, group)) {
      if (this.marks.notifiedSince(bank.address, mark)) continue;
      const held = this.banks.get(bank.address);
      if (held && held.data.equals(bank.data)) continue;
      this.setBank(bank);
      if (held) changed.push(bank.address);
    }
    await this.oracles.loadUnread();
    if (changed.length > 0) this.options.onChange({ banks: changed, price: false });
  }

  private bankChanged(address: string, data: Buffer): void {
    try {
      this.setBank({ address, data, bank: decodeBank(data) });
    } catch (error) {
      this.options.onError(error, address);
      return;
    }
    void this.oracles.loadUnread().catch((error: unknown) => this.options.onError(error, address));
    this.options.onChange({ banks: [address], price: false });
  }

  private setBank(bank: BankAccount): void {
    this.banks.set(bank.address, bank);
    for (const key of bankOracleKeys(bank.bank)) {
      const address = key.toBase58();
      this.oracles.watch(address);
      const banks = this.oracleBanks.get(address) ?? new Set<string>();
      banks.add(bank.address);
      this.oracleBanks.set(address, banks);
    }
  }

  /** The market at the chain's current time. */
  async market(): Promise<Market> {
    const now = await chainTime(this.options.connection);
    return this.marketAt(now);
  }

  marketAt(now: bigint): Market {
    const oracles = new Map<string, (AccountInfo<Buffer> | null)[]>();
    for (const [address, bank] of this.banks) {
      oracles.set(
        address,
        bankOracleKeys(bank.bank).map((key) => this.oracles.info(key.toBase58())),
      );
    }
    return marketFromAccounts(this.group, [...this.banks.values()], oracles, now);
  }

  /** The versions of the oracles the banks are priced from: a price change makes a new state. */
  priceVersion(banks: readonly string[]): string {
    return banks
      .map((address) => {
        const bank = this.banks.get(address);
        if (!bank) return "-";
        return bankOracleKeys(bank.bank)
          .map((key) => this.oracles.version(key.toBase58()))
          .join(".");
      })
      .join(",");
  }

  get bankCount(): number {
    return this.banks.size;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const subscription of this.subscriptions) subscription.close();
    this.oracles.close();
  }
}
