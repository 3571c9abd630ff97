// One group as the liquidator sees it: its accounts (the index), its market (the watch), which accounts need valuing
// again, and each account's standing at its last valuation. Pure bookkeeping over the SDK's math; no transactions.
import { AccountFlags, programFeesOf } from "@ballast/protocol";
import { accountRisk, accruedBanks, isBankrupt, isLiquidatable, type AccountRisk, type Market } from "@ballast/sdk";
import type { Commitment, Connection } from "@solana/web3.js";
import { AccountIndex, type IndexedAccount } from "./account-index.js";
import { MarketWatch } from "./market-watch.js";

export type Standing = "healthy" | "liquidatable" | "bankrupt";

export interface Valued {
  readonly entry: IndexedAccount;
  readonly risk: AccountRisk;
  readonly standing: Standing;
}

export interface GroupWatchOptions {
  readonly connection: Connection;
  readonly programId: string;
  readonly group: string;
  readonly commitment: Commitment;
  /** Something changed that a pass should look at. */
  readonly onChange: () => void;
  readonly onError: (error: unknown, account: string) => void;
}

export class GroupWatch {
  readonly standings = new Map<string, Standing>();
  /** When the price change that made an account liquidatable was seen (performance.now()), until it is liquidated. */
  readonly liquidatableSince = new Map<string, number>();
  private readonly dirty = new Set<string>();
  private everything = true;
  /** The first price change not yet looked at by a pass. */
  private priceSeenAt: number | null = null;

  private constructor(
    readonly group: string,
    readonly index: AccountIndex,
    readonly market: MarketWatch,
  ) {}

  static async open(options: GroupWatchOptions): Promise<GroupWatch> {
    const { connection, programId, group, commitment, onError } = options;
    // Changes may arrive before both halves exist: they are remembered and the first pass values everything anyway.
    let watch: GroupWatch | null = null;
    const early: (() => void)[] = [];
    const later = (f: () => void) => (watch ? f() : early.push(f));
    const market = await MarketWatch.open({
      connection,
      programId,
      group,
      commitment,
      onError,
      onChange: ({ banks, price }) =>
        later(() => {
          watch!.banksChanged(banks, price);
          options.onChange();
        }),
    });
    const index = await AccountIndex.open({
      connection,
      programId,
      group,
      commitment,
      onError,
      onChange: (address) =>
        later(() => {
          watch!.dirty.add(address);
          options.onChange();
        }),
    });
    watch = new GroupWatch(group, index, market);
    for (const f of early) f();
    return watch;
  }

  private banksChanged(banks: readonly string[], price: boolean): void {
    if (price && this.priceSeenAt === null) this.priceSeenAt = performance.now();
    for (const bank of banks) for (const address of this.index.holdersOf(bank)) this.dirty.add(address);
  }

  /** Values every account at the next pass (interest accrues without any notification). */
  markAll(): void {
    this.everything = true;
  }

  /** The market for a transaction landing now: both banks' interest accrued as the program will before booking. */
  async currentMarket(): Promise<Market> {
    const market = await this.market.market();
    return { ...market, banks: accruedBanks(market.banks, market.now, programFeesOf(market.group)) };
  }

  /**
   * Values the accounts that may have changed standing, records each standing, and returns those that need action
   * (liquidatable or bankrupt), with every such account kept from earlier passes.
   */
  value(market: Market, own: ReadonlySet<string>): Valued[] {
    const targets = this.everything ? [...this.index.all()].map((e) => e.address) : [...this.dirty];
    this.everything = false;
    this.dirty.clear();
    const seenAt = this.priceSeenAt ?? performance.now();
    this.priceSeenAt = null;
    const toRevalue = new Set(targets);
    for (const [address, standing] of this.standings) if (standing !== "healthy") toRevalue.add(address);

    const actionable: Valued[] = [];
    for (const address of toRevalue) {
      const entry = this.index.get(address);
      if (!entry || own.has(address) || (entry.account.accountFlags & AccountFlags.ACCOUNT_DISABLED) !== 0n) {
        this.forget(address);
        continue;
      }
      const risk = accountRisk(entry.account.lendingAccount.balances, market.banks);
      const standing: Standing = isBankrupt(risk) ? "bankrupt" : isLiquidatable(risk) ? "liquidatable" : "healthy";
      if (standing === "liquidatable" && this.standings.get(address) !== "liquidatable") this.liquidatableSince.set(address, seenAt);
      if (standing !== "liquidatable") this.liquidatableSince.delete(address);
      this.standings.set(address, standing);
      if (standing !== "healthy") actionable.push({ entry, risk, standing });
    }
    return actionable;
  }

  private forget(address: string): void {
    this.standings.delete(address);
    this.liquidatableSince.delete(address);
  }

  count(standing: Standing): number {
    let n = 0;
    for (const s of this.standings.values()) if (s === standing) n += 1;
    return n;
  }

  /** The state a liquidation of `entry` is attempted in: its bytes and the prices of the banks it holds. */
  stateOf(entry: IndexedAccount): string {
    return `${entry.digest}|${this.market.priceVersion(entry.banks)}`;
  }

  async resync(): Promise<void> {
    for (const address of await this.index.rescan()) this.dirty.add(address);
  }

  async close(): Promise<void> {
    await Promise.all([this.index.close(), this.market.close()]);
  }
}
