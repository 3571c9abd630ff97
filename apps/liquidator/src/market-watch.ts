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
import { PublicKey, type AccountInfo, type Commitment, type Connection } from "@solana/web3.js";

export interface MarketChange {
  /** The banks whose state or price changed. */
  readonly banks: readonly string[];
  /** True when an oracle (a price) changed, not only a bank. */
  readonly price: boolean;
}

export interface MarketWatchOptions {
  readonly connection: Connection;
  readonly programId: string;
  readonly group: string;
  readonly commitment: Commitment;
  readonly onChange: (change: MarketChange) => void;
  readonly onError: (error: unknown, account: string) => void;
}

interface OracleWatch {
  info: AccountInfo<Buffer> | null;
  /** Bumped on every change: part of the state a liquidation attempt is remembered under. */
  version: number;
  readonly banks: Set<string>;
  readonly subscription: number;
}

export class MarketWatch {
  private group!: MarginfiGroup;
  private readonly banks = new Map<string, BankAccount>();
  private readonly oracles = new Map<string, OracleWatch>();
  private readonly subscriptions: number[] = [];
  private closed = false;

  private constructor(private readonly options: MarketWatchOptions) {}

  static async open(options: MarketWatchOptions): Promise<MarketWatch> {
    const watch = new MarketWatch(options);
    try {
      await watch.start();
    } catch (error) {
      await watch.close();
      throw error;
    }
    return watch;
  }

  private async start(): Promise<void> {
    const { connection, programId, group, commitment } = this.options;
    const groupKey = new PublicKey(group);
    this.subscriptions.push(
      connection.onAccountChange(
        groupKey,
        (info) => {
          try {
            this.group = decodeMarginfiGroup(info.data);
          } catch (error) {
            this.options.onError(error, group);
          }
        },
        { commitment },
      ),
      connection.onProgramAccountChange(
        new PublicKey(programId),
        ({ accountId, accountInfo }) => this.bankChanged(accountId.toBase58(), accountInfo.data),
        { commitment, filters: groupBankFilters(group) },
      ),
    );
    const info = await connection.getAccountInfo(groupKey, commitment);
    if (!info) throw new Error(`Group ${group} not found`);
    this.group = decodeMarginfiGroup(info.data);
    for (const bank of await fetchGroupBanks(connection, programId, group)) this.setBank(bank);
    await this.loadOracles();
  }

  private bankChanged(address: string, data: Buffer): void {
    try {
      this.setBank({ address, data, bank: decodeBank(data) });
    } catch (error) {
      this.options.onError(error, address);
      return;
    }
    void this.loadOracles().catch((error: unknown) => this.options.onError(error, address));
    this.options.onChange({ banks: [address], price: false });
  }

  private setBank(bank: BankAccount): void {
    this.banks.set(bank.address, bank);
    for (const key of bankOracleKeys(bank.bank)) {
      const address = key.toBase58();
      const watch = this.oracles.get(address) ?? this.watchOracle(address);
      watch.banks.add(bank.address);
    }
  }

  private watchOracle(address: string): OracleWatch {
    const subscription = this.options.connection.onAccountChange(
      new PublicKey(address),
      (info) => {
        const watch = this.oracles.get(address);
        if (!watch) return;
        watch.info = info;
        watch.version += 1;
        this.options.onChange({ banks: [...watch.banks], price: true });
      },
      { commitment: this.options.commitment },
    );
    const watch: OracleWatch = { info: null, version: 0, banks: new Set(), subscription };
    this.oracles.set(address, watch);
    return watch;
  }

  /** Reads the oracle accounts not read yet (new banks' feeds). */
  private async loadOracles(): Promise<void> {
    const unread = [...this.oracles].filter(([, watch]) => watch.version === 0 && watch.info === null).map(([address]) => address);
    if (unread.length === 0) return;
    const infos = await this.options.connection.getMultipleAccountsInfo(
      unread.map((a) => new PublicKey(a)),
      this.options.commitment,
    );
    unread.forEach((address, i) => {
      const watch = this.oracles.get(address)!;
      // A notification that arrived meanwhile is newer than this read.
      if (watch.version === 0) watch.info = infos[i] ?? null;
    });
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
        bankOracleKeys(bank.bank).map((key) => this.oracles.get(key.toBase58())?.info ?? null),
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
          .map((key) => this.oracles.get(key.toBase58())?.version ?? 0)
          .join(".");
      })
      .join(",");
  }

  get bankCount(): number {
    return this.banks.size;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const { connection } = this.options;
    const [groupSubscription, banksSubscription] = this.subscriptions;
    if (groupSubscription !== undefined) await connection.removeAccountChangeListener(groupSubscription);
    if (banksSubscription !== undefined) await connection.removeProgramAccountChangeListener(banksSubscription);
    await Promise.all([...this.oracles.values()].map((w) => connection.removeAccountChangeListener(w.subscription)));
  }
}
