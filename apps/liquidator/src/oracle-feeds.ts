// The oracle accounts a watch prices from, kept by subscription: each account's latest data and a version bumped on
// every change (part of the state a liquidation attempt is remembered under). Shared by the group and market watches.
import { PublicKey, type AccountInfo, type Connection } from "@solana/web3.js";
import type { Commitment } from "@solana/kit";
import { NotificationMarks, coalescedReread, type ChainSubscriptions, type Subscription } from "./subscriptions.js";

interface Feed {
  info: AccountInfo<Buffer> | null;
  version: number;
  readonly subscription: Subscription;
}

export interface OracleFeedsOptions {
  readonly connection: Connection;
  readonly subscriptions: ChainSubscriptions;
  readonly commitment: Commitment;
  /** Called with the account's address after each change. */
  readonly onChange: (address: string) => void;
  readonly onError: (error: unknown, account: string) => void;
}

export class OracleFeeds {
  private readonly feeds = new Map<string, Feed>();
  private readonly marks = new NotificationMarks();

  constructor(private readonly options: OracleFeedsOptions) {}

  /** Subscribes to `address` unless it already is. */
  watch(address: string): void {
    if (this.feeds.has(address)) return;
    const subscription = this.options.subscriptions.account(address, this.options.commitment, {
      onNotification: ({ info }) => {
        this.marks.touch(address);
        this.update(address, info);
      },
      onResubscribed: coalescedReread(
        () => this.read([address], true),
        (error) => this.options.onError(error, address),
      ),
    });
    this.feeds.set(address, { info: null, version: 0, subscription });
  }

  /** Reads the accounts watched but not read yet (new ones) in one call. */
  async loadUnread(): Promise<void> {
    const unread = [...this.feeds].filter(([, feed]) => feed.version === 0 && feed.info === null).map(([address]) => address);
    await this.read(unread, false);
  }

  /** Reads the accounts; a change is announced (a new version) when `announce`, else only stored. */
  private async read(addresses: readonly string[], announce: boolean): Promise<void> {
    if (addresses.length === 0) return;
    const mark = this.marks.mark();
    const infos = await this.options.connection.getMultipleAccountsInfo(
      addresses.map((a) => new PublicKey(a)),
      this.options.commitment,
    );
    addresses.forEach((address, i) => {
      const feed = this.feeds.get(address);
      const info = infos[i] ?? null;
      // A notification that arrived meanwhile is newer than this read.
      if (!feed || this.marks.notifiedSince(address, mark)) return;
      if (!announce) {
        if (feed.version === 0) feed.info = info;
      } else if (info && !(feed.info && feed.info.data.equals(info.data))) this.update(address, info);
    });
  }

  private update(address: string, info: AccountInfo<Buffer>): void {
    const feed = this.feeds.get(address);
    if (!feed) return;
    feed.info = info;
    feed.version += 1;
    this.options.onChange(address);
  }

  info(address: string): AccountInfo<Buffer> | null {
    return this.feeds.get(address)?.info ?? null;
  }

  version(address: string): number {
    return this.feeds.get(address)?.version ?? 0;
  }

  close(): void {
    for (const feed of this.feeds.values()) feed.subscription.close();
  }
}
