// One group as the liquidator sees it: its accounts (the index), its market (the watch), which accounts need valuing
// again, and each account's standing at its last valuation. Pure bookkeeping over the SDK's math; no transactions.
import { AccountFlags, programFeesOf } from "@ballast/protocol";
import {
  accountRisk,
  accruedBanks,
  isBankrupt,
  isLiquidatable,
  liquidationPrice,
  midPrice,
  toNumber,
  type AccountRisk,
  type Market,
} from "@ballast/sdk";
import type { Connection } from "@solana/web3.js";
import type { Commitment } from "@solana/kit";
import { AccountIndex, type IndexedAccount } from "./account-index.js";
import { MarketWatch } from "./market-watch.js";
import type { ChainSubscriptions } from "./subscriptions.js";

export type Standing = "healthy" | "liquidatable" | "bankrupt";

/**
 * How close a repriced bank must come to an account's trigger price for the account to be valued before the pass
 * acts: interest and the other banks' prices move the trigger a little between valuations.
 */
export const TRIGGER_MARGIN = 0.02;

interface Trigger {
  readonly side: "assets" | "liabilities";
  readonly price: number;
}

/** The trigger of every priced position of the account (its liquidation price, all else equal). */
function triggersOf(risk: AccountRisk): Map<string, Trigger> {
  const triggers = new Map<string, Trigger>();
  for (const position of risk.positions) {
    const price = liquidationPrice(risk, position);
    if (price !== null) triggers.set(position.bank.address, { side: position.side, price: toNumber(price) });
  }
  return triggers;
}

export interface Valued {
  readonly entry: IndexedAccount;
  readonly risk: AccountRisk;
  readonly standing: Standing;
}

export interface GroupWatchOptions {
  readonly connection: Connection;
  readonly subscriptions: ChainSubscriptions;
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
  /** Accounts to value before acting: changed, or near a trigger of a repriced bank. */
  private readonly dirty = new Set<string>();
  /** Accounts to value after acting: touched, but far from liquidation at their last valuation. */
  private readonly later = new Set<string>();
  /** Banks whose price changed since the last pass. */
  private readonly repriced = new Set<string>();
  /** Per account and bank, the price that would make it liquidatable, all else equal. */
  private readonly triggers = new Map<string, Map<string, Trigger>>();
  private everything = true;
  /** Accounts valued so far (a counter for metrics). */
  valued = 0;
  /** The first price change not yet looked at by a pass. */
  private priceSeenAt: number | null = null;

  private constructor(
    readonly group: string,
    readonly index: AccountIndex,
    readonly market: MarketWatch,
  ) {}

  static async open(options: GroupWatchOptions): Promise<GroupWatch> {
    const { connection, subscriptions, programId, group, commitment, onError } = options;
    // Changes may arrive before both halves exist: they are remembered and the first pass values everything anyway.
    let watch: GroupWatch | null = null;
    const early: (() => void)[] = [];
    const later = (f: () => void) => (watch ? f() : early.push(f));
    const market = await MarketWatch.open({
      connection,
      subscriptions,
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
    let index: AccountIndex;
    try {
      index = await AccountIndex.open({
        connection,
        subscriptions,
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
    } catch (error) {
      market.close();
      throw error;
    }
    watch = new GroupWatch(group, index, market);
    for (const f of early) f();
    return watch;
  }

  private banksChanged(banks: readonly string[], price: boolean): void {
    if (!price) {
      for (const bank of banks) for (const address of this.index.holdersOf(bank)) this.later.add(address);
      return;
    }
    if (this.priceSeenAt === null) this.priceSeenAt = performance.now();
    for (const bank of banks) this.repriced.add(bank);
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
   * Sorts what a price change touched: a holder whose trigger for the repriced bank is within TRIGGER_MARGIN of the
   * new price (or that has none yet) is valued first; the rest after the pass has acted.
   */
  private triage(market: Market): void {
    for (const bank of this.repriced) {
      const priced = market.banks.get(bank);
      const mid = priced ? midPrice(priced.price) : null;
      const price = mid === null ? null : toNumber(mid);
      for (const address of this.index.holdersOf(bank)) {
        // Never valued: near. Valued without a trigger for this bank: no price of it liquidates the account.
        const triggers = this.triggers.get(address);
        const trigger = triggers?.get(bank);
        const near =
          price === null ||
          triggers === undefined ||
          (trigger !== undefined &&
            (trigger.side === "assets" ? price <= trigger.price * (1 + TRIGGER_MARGIN) : price >= trigger.price * (1 - TRIGGER_MARGIN)));
        (near ? this.dirty : this.later).add(address);
      }
    }
    this.repriced.clear();
  }

  /**
   * Values the accounts that may have changed standing, records each standing and its price triggers, and returns
   * those that need action (liquidatable or bankrupt). "urgent": accounts that changed, those near a trigger of a
   * repriced bank, and every account not healthy at its last valuation; "rest": everything else that was touched
   * (or every account after markAll), valued once the urgent ones were acted on.
   */
  value(market: Market, own: ReadonlySet<string>, batch: "urgent" | "rest"): Valued[] {
    let targets: Set<string>;
    if (batch === "urgent") {
      this.triage(market);
      targets = new Set(this.dirty);
      this.dirty.clear();
      for (const [address, standing] of this.standings) if (standing !== "healthy") targets.add(address);
    } else if (this.everything) {
      this.everything = false;
      this.later.clear();
      targets = new Set([...this.index.all()].map((e) => e.address));
    } else {
      targets = new Set(this.later);
      this.later.clear();
    }
    const seenAt = this.priceSeenAt ?? performance.now();
    if (batch === "rest") this.priceSeenAt = null;

    const actionable: Valued[] = [];
    for (const address of targets) {
      const entry = this.index.get(address);
      if (!entry || own.has(address) || (entry.account.accountFlags & AccountFlags.ACCOUNT_DISABLED) !== 0n) {
        this.forget(address);
        continue;
      }
      const risk = accountRisk(entry.account.lendingAccount.balances, market.banks);
      this.valued += 1;
      const standing: Standing = isBankrupt(risk) ? "bankrupt" : isLiquidatable(risk) ? "liquidatable" : "healthy";
      if (standing === "liquidatable" && this.standings.get(address) !== "liquidatable") this.liquidatableSince.set(address, seenAt);
      if (standing !== "liquidatable") this.liquidatableSince.delete(address);
      this.standings.set(address, standing);
      this.triggers.set(address, triggersOf(risk));
      if (standing !== "healthy") actionable.push({ entry, risk, standing });
    }
    return actionable;
  }

  private forget(address: string): void {
    this.standings.delete(address);
    this.liquidatableSince.delete(address);
    this.triggers.delete(address);
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
}
