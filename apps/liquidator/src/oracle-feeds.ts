// The oracle accounts a watch prices from, kept by subscription: each account's latest data and a version bumped on
// every change (part of the state a liquidation attempt is remembered under). Shared by the group and market watches.
import { PublicKey, type AccountInfo, type Commitment, type Connection } from "@solana/web3.js";

interface Feed {
  info: AccountInfo<Buffer> | null;
  version: number;
  readonly subscription: number;
}

export class OracleFeeds {
  private readonly feeds = new Map<string, Feed>();

  constructor(
    private readonly connection: Connection,
    private readonly commitment: Commitment,
    /** Called with the account's address after each change. */
    private readonly onChange: (address: string) => void,
  ) {}

  /** Subscribes to `address` unless it already is. */
  watch(address: string): void {
    if (this.feeds.has(address)) return;
    const subscription = this.connection.onAccountChange(
      new PublicKey(address),
      (info) => {
        const feed = this.feeds.get(address);
        if (!feed) return;
        feed.info = info;
        feed.version += 1;
        this.onChange(address);
      },
      { commitment: this.commitment },
    );
    this.feeds.set(address, { info: null, version: 0, subscription });
  }

  /** Reads the accounts watched but not read yet (new ones) in one call. */
  async loadUnread(): Promise<void> {
    const unread = [...this.feeds].filter(([, feed]) => feed.version === 0 && feed.info === null).map(([address]) => address);
    if (unread.length === 0) return;
    const infos = await this.connection.getMultipleAccountsInfo(
      unread.map((a) => new PublicKey(a)),
      this.commitment,
    );
    unread.forEach((address, i) => {
      const feed = this.feeds.get(address);
      // A notification that arrived meanwhile is newer than this read.
      if (feed && feed.version === 0) feed.info = infos[i] ?? null;
    });
  }

  info(address: string): AccountInfo<Buffer> | null {
    return this.feeds.get(address)?.info ?? null;
  }

  version(address: string): number {
    return this.feeds.get(address)?.version ?? 0;
  }

  async close(): Promise<void> {
    await Promise.all([...this.feeds.values()].map((feed) => this.connection.removeAccountChangeListener(feed.subscription)));
  }
}
