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
import { OracleFeeds } from "./oracle-feeds.js";

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

export class MarketWatch {
  private group!: MarginfiGroup;
  private readonly banks = new Map<string, BankAccount>();
  private readonly oracles: OracleFeeds;
  /** The banks priced from each oracle account. */
  private readonly oracleBanks = new Map<string, Set<string>>();
  private readonly subscriptions: number[] = [];
  private closed = false;

  private constructor(private readonly options: MarketWatchOptions) {
    this.oracles = new OracleFeeds(options.connection, options.commitment, (address) =>
      options.onChange({ banks: [...(this.oracleBanks.get(address) ?? [])], price: true }),
    );
  }

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
    await this.oracles.loadUnread();
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

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const { connection } = this.options;
    const [groupSubscription, banksSubscription] = this.subscriptions;
    if (groupSubscription !== undefined) await connection.removeAccountChangeListener(groupSubscription);
    if (banksSubscription !== undefined) await connection.removeProgramAccountChangeListener(banksSubscription);
    await this.oracles.close();
  }
}
