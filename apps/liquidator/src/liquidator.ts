// The liquidator: watches its groups, values what changed with the SDK's math, and liquidates the most profitable
// accounts first, each after a clean simulation and never twice in the same state; settles bankruptcies it may
// settle; and sells seized collateral back into its quote bank when a swap venue exists.
import { i80f48 as fx } from "@ballast/protocol";
import { startPeriodic, type PeriodicJob } from "@ballast/scheduler";
import {
  SwapClient,
  bestLiquidation,
  chainTime,
  fetchKaminoReserves,
  fractionToDecimal,
  handleBankruptcyAction,
  kaminoLiquidateAction,
  kaminoLiquidationProfit,
  isOracleFailure,
  keypairWallet,
  liquidateAction,
  NATIVE_SOL_MINT,
  associatedTokenAddress,
  toNumber,
  walletSwapAction,
  type ActionContext,
  type LiquidationCandidate,
  type Market,
} from "@ballast/sdk";
import { Connection, PublicKey, type AddressLookupTableAccount } from "@solana/web3.js";
import pino, { type Logger } from "pino";
import type { LiquidatorConfig } from "./config.js";
import { GroupWatch, type Valued } from "./group-watch.js";
import { KaminoWatch, type KaminoCandidate } from "./kamino-watch.js";
import { LiquidatorMetrics } from "./metrics.js";
import { startStatusServer, type StatusServer } from "./http.js";
import { canSettleBankruptcy, ensureBacking, rebalance, reloadOwn, type OwnAccount } from "./inventory.js";
import { ChainSubscriptions } from "./subscriptions.js";

/**
 * What one liquidation transaction is expected to cost, lamports: the signature fee and a priority fee at the
 * default tiers; the ranking nets it from each candidate's profit.
 */
export const LIQUIDATION_TX_COST_LAMPORTS = 10_000n;
/** A full rescan of the accounts: a closed account leaves the subscription's filters without a notification. */
const RESYNC_INTERVAL_MS = 5 * 60_000;

export interface StartLiquidatorOptions {
  /** Where JSON logs go; default pino to stdout at the configured level. */
  readonly logger?: Logger;
}

export interface PassReport {
  readonly liquidatable: number;
  readonly bankrupt: number;
  readonly landed: number;
  readonly failed: number;
}

export interface RunningLiquidator {
  readonly wallet: PublicKey;
  readonly metrics: LiquidatorMetrics;
  /** The status server's URL, or null without one. */
  readonly statusUrl: string | null;
  /** The liquidator's own margin account per group (null where it has none). */
  ownAccount(group: string): PublicKey | null;
  /** Runs a pass now (or waits for the one in flight and runs another) and reports it. */
  passNow(): Promise<PassReport>;
  /** Stops subscriptions and timers, waits for the pass in flight, closes the status server. */
  close(): Promise<void>;
}

interface Group {
  readonly watch: GroupWatch;
  own: OwnAccount | null;
}

export async function startLiquidator(config: LiquidatorConfig, options: StartLiquidatorOptions = {}): Promise<RunningLiquidator> {
  const log = options.logger ?? pino({ level: config.logLevel, base: { service: "ballast-liquidator" } });
  const connection = new Connection(config.rpcUrl, { commitment: "confirmed" });
  const subscriptions = new ChainSubscriptions(config.wsUrl, {
    onDropped: (error, subscription) => log.warn({ err: error, subscription }, "subscription dropped; subscribing again"),
    onRestored: (subscription, attempts) => log.info({ subscription, attempts }, "subscription restored; reading its accounts again"),
    onHandlerError: (error, subscription) => log.error({ err: error, subscription }, "a notification could not be handled"),
  });
  const metrics = new LiquidatorMetrics();
  const lookupTables = await loadLookupTables(connection, config.lookupTables);
  const context: ActionContext = {
    connection,
    wallet: keypairWallet(config.wallet),
    programId: new PublicKey(config.programId),
    lookupTables,
    broadcast: { priorityTier: config.priorityTier },
    requireSimulation: true,
  };
  const swap = config.swapApiUrl === null ? null : new SwapClient(config.swapApiUrl);
  const walletKey = config.wallet.publicKey;

  let closing = false;
  let inFlight: Promise<PassReport> | null = null;
  let again = false;
  /** The state each account was last attempted in: the same state is never sent twice. */
  const attempted = new Map<string, string>();

  const groups: Group[] = [];
  /** The third-party lending markets the groups' Kamino banks supply: their obligations are liquidated too. */
  const kaminos: KaminoWatch[] = [];
  const kick = () => {
    if (!closing) void runPasses().catch((error: unknown) => log.error({ err: error }, "pass failed"));
  };
  try {
    for (const group of config.groups) {
      const watch = await GroupWatch.open({
        connection,
        subscriptions,
        programId: config.programId,
        group,
        commitment: "confirmed",
        onChange: kick,
        onError: (error, account) => log.warn({ err: error, account }, "an account could not be decoded"),
      });
      groups.push({ watch, own: null });
    }
    for (const g of groups) {
      g.own = await ensureBacking({ context, config, group: g.watch.group, market: await g.watch.currentMarket(), log });
      log.info(
        { group: g.watch.group, accounts: g.watch.index.size, banks: g.watch.market.bankCount, own: g.own?.address.toBase58() ?? null },
        "watching",
      );
    }
    for (const lendingMarket of await lendingMarketsBehind(connection, groups)) {
      const watch = await KaminoWatch.open({
        connection,
        subscriptions,
        lendingMarket,
        commitment: "confirmed",
        onChange: kick,
        onError: (error, account) => log.warn({ err: error, account }, "a market account could not be decoded"),
      });
      kaminos.push(watch);
      log.info({ lendingMarket, obligations: watch.obligationCount }, "watching market obligations");
    }
  } catch (error) {
    // A start that fails leaves no subscription behind.
    closing = true;
    if (inFlight) await inFlight.catch(() => undefined);
    subscriptions.close();
    throw error;
  }

  async function refreshOwn(g: Group): Promise<void> {
    if (g.own) g.own = await reloadOwn(context, g.own.address);
  }

  /** SOL's price for the transaction cost: the group's SOL bank, or nothing (the cost is then left out). */
  function solPrice(market: Market) {
    for (const bank of market.banks.values()) {
      const leg = bank.price.realTime;
      if (bank.bank.mint === NATIVE_SOL_MINT && !isOracleFailure(leg)) return leg.price;
    }
    return fx.ZERO;
  }

  async function liquidate(g: Group, market: Market, target: Valued, candidate: LiquidationCandidate): Promise<boolean> {
    const own = g.own!;
    const { entry } = target;
    const assetBank = candidate.outcome.assetBank;
    const liabilityBank = candidate.outcome.liabilityBank;
    const fields = {
      account: entry.address,
      assetBank,
      liabilityBank,
      assetAmount: String(candidate.max.assetAmount),
      profitUsd: toNumber(candidate.profit),
    };
    try {
      metrics.record("classic", "sent");
      const since = g.watch.liquidatableSince.get(entry.address);
      if (since !== undefined) metrics.priceToSent.observe((performance.now() - since) / 1000);
      const result = await liquidateAction({
        ...context,
        market,
        liquidatorAccount: own.address,
        liquidator: own.account,
        liquidateeAccount: new PublicKey(entry.address),
        liquidatee: entry.account,
        assetBank,
        liabilityBank,
        assetAmount: candidate.max.assetAmount,
      });
      metrics.record("classic", "landed");
      metrics.profitUsd.inc(Math.max(0, toNumber(candidate.profit)));
      if (since !== undefined) {
        metrics.priceToLanded.observe((performance.now() - since) / 1000);
        g.watch.liquidatableSince.delete(entry.address);
      }
      log.info({ ...fields, signature: result.signatures.at(-1) }, "liquidated");
      return true;
    } catch (error) {
      metrics.record("classic", "failed");
      log.warn({ ...fields, err: error }, "liquidation not sent or failed");
      return false;
    }
  }

  async function settle(g: Group, market: Market, target: Valued): Promise<boolean> {
    const { entry } = target;
    if (!canSettleBankruptcy(walletKey, market, target.risk)) return false;
    try {
      metrics.record("bankruptcy", "sent");
      const result = await handleBankruptcyAction({
        ...context,
        market,
        marginfiAccount: new PublicKey(entry.address),
        account: entry.account,
      });
      metrics.record("bankruptcy", "landed");
      log.info({ account: entry.address, signature: result.signatures.at(-1) }, "bankruptcy settled");
      return true;
    } catch (error) {
      metrics.record("bankruptcy", "failed");
      log.warn({ account: entry.address, err: error }, "bankruptcy not settled");
      return false;
    }
  }

  /** Liquidates the liquidatable (most profitable first) and settles the bankrupt among `actionable`. */
  async function act(g: Group, market: Market, actionable: readonly Valued[]): Promise<{ landed: number; failed: number }> {
    let landed = 0;
    let failed = 0;
    const fresh = (target: Valued) => {
      const state = g.watch.stateOf(target.entry);
      if (attempted.get(target.entry.address) === state) return false;
      attempted.set(target.entry.address, state);
      return true;
    };
    const sol = solPrice(market);
    const best = (target: Valued) => {
      const candidate = bestLiquidation({
        balances: target.entry.account.lendingAccount.balances,
        banks: market.banks,
        liquidatorBalances: g.own!.account.lendingAccount.balances,
        solPrice: sol,
        txCostLamports: LIQUIDATION_TX_COST_LAMPORTS,
        risk: target.risk,
      });
      return candidate && toNumber(candidate.profit) >= config.minProfitUsd ? candidate : null;
    };

    const ranked: { target: Valued; candidate: LiquidationCandidate }[] = [];
    if (g.own) {
      for (const target of actionable) {
        if (target.standing !== "liquidatable") continue;
        const candidate = best(target);
        if (candidate) ranked.push({ target, candidate });
      }
      ranked.sort((a, b) => fx.cmp(b.candidate.profit, a.candidate.profit));
    }
    for (const [i, { target, candidate: ranking }] of ranked.entries()) {
      if (closing || !fresh(target)) continue;
      // After the first, the best pair again against the liquidator's balances now: earlier ones used its backing.
      const candidate = i === 0 ? ranking : best(target);
      if (!candidate) continue;
      if (await liquidate(g, market, target, candidate)) {
        landed += 1;
        await refreshOwn(g);
      } else failed += 1;
    }
    for (const target of actionable) {
      if (closing || target.standing !== "bankrupt" || !canSettleBankruptcy(walletKey, market, target.risk) || !fresh(target)) continue;
      if (await settle(g, market, target)) landed += 1;
      else failed += 1;
    }
    return { landed, failed };
  }

  async function passGroup(g: Group): Promise<PassReport> {
    const market = await g.watch.currentMarket();
    const own = new Set(g.own ? [g.own.address.toBase58()] : []);
    const valuedBefore = g.watch.valued;
    let began = performance.now();
    const urgent = g.watch.value(market, own, "urgent");
    let valuing = performance.now() - began;
    const first = await act(g, market, urgent);
    began = performance.now();
    const rest = g.watch.value(market, own, "rest");
    valuing += performance.now() - began;
    metrics.valued.inc(g.watch.valued - valuedBefore);
    metrics.passSeconds.observe(valuing / 1000);
    const second = rest.length > 0 ? await act(g, market, rest) : { landed: 0, failed: 0 };
    const landed = first.landed + second.landed;
    if (landed > 0 && swap && g.own && !closing) {
      await refreshOwn(g);
      await rebalance({ context, config, swap, market: await g.watch.currentMarket(), own: g.own, metrics, log });
      await refreshOwn(g);
    }
    return {
      liquidatable: g.watch.count("liquidatable"),
      bankrupt: g.watch.count("bankrupt"),
      landed,
      failed: first.failed + second.failed,
    };
  }

  /** The wallet's balance of a mint, native units (0 without a token account). */
  async function held(mint: PublicKey): Promise<bigint> {
    const account = associatedTokenAddress(mint, walletKey);
    const info = await connection.getAccountInfo(account, "confirmed");
    if (!info) return 0n;
    return BigInt((await connection.getTokenAccountBalance(account, "confirmed")).value.amount);
  }

  /**
   * Collateral market liquidations left in the wallet, by mint: the amount and the token it is sold into. A sale that
   * fails (a quote gone stale as the pool moved) is tried again on the next pass.
   */
  const unsold = new Map<string, { amount: bigint; into: string }>();

  async function sellUnsold(): Promise<void> {
    if (!swap) return;
    for (const [mint, { amount, into }] of unsold) {
      if (closing) return;
      try {
        metrics.record("rebalance", "sent");
        const result = await walletSwapAction({
          ...context,
          swap,
          inputMint: mint,
          outputMint: into,
          amount,
          slippageBps: config.slippageBps,
        });
        metrics.record("rebalance", "landed");
        unsold.delete(mint);
        log.info({ sold: String(amount), mint, into, signature: result.signatures.at(-1) }, "seized collateral sold");
      } catch (error) {
        metrics.record("rebalance", "failed");
        log.warn({ err: error, mint, amount: String(amount) }, "seized collateral not sold");
      }
    }
  }

  async function liquidateObligation(candidate: KaminoCandidate): Promise<boolean> {
    const withdrawReserve = candidate.target.reserves.get(candidate.plan.withdrawReserve);
    if (!withdrawReserve) return false;
    const collateralMint = new PublicKey(withdrawReserve.liquidity.mintPubkey);
    const fields = {
      obligation: candidate.address,
      repayReserve: candidate.plan.repayReserve,
      withdrawReserve: candidate.plan.withdrawReserve,
    };
    try {
      metrics.record("market", "sent");
      const before = await held(collateralMint);
      // With a venue, capital-free: the debt's reserve lends the repayment and the seized collateral buys it back.
      const flashLoan = swap ? { swap, slippageBps: config.slippageBps, maxAccounts: config.maxAccountsPerTransaction } : undefined;
      const result = await kaminoLiquidateAction({ ...context, target: candidate.target, flashLoan });
      metrics.record("market", "landed");
      const received = (await held(collateralMint)) - before;
      log.info(
        {
          ...fields,
          repaid: String(result.repayAmount),
          flashLoan: result.swapSpend !== null,
          received: String(received),
          signature: result.signatures.at(-1),
        },
        "market obligation liquidated",
      );
      const repayReserve = candidate.target.reserves.get(candidate.plan.repayReserve);
      if (received > 0n && repayReserve) {
        const mint = withdrawReserve.liquidity.mintPubkey;
        unsold.set(mint, { amount: (unsold.get(mint)?.amount ?? 0n) + received, into: repayReserve.liquidity.mintPubkey });
      }
      return true;
    } catch (error) {
      metrics.record("market", "failed");
      log.warn({ ...fields, err: error }, "market liquidation not sent or failed");
      return false;
    }
  }

  /** Liquidates the market obligations liquidatable now, the most profitable first, each once per state. */
  async function passKamino(watch: KaminoWatch): Promise<{ liquidatable: number; landed: number; failed: number }> {
    const [slot, now] = await Promise.all([connection.getSlot("confirmed"), chainTime(connection)]);
    const candidates = watch.liquidatable(BigInt(slot), now);
    const profitUsd = (c: KaminoCandidate) =>
      Number(fractionToDecimal(kaminoLiquidationProfit(c.plan, c.plan.maxRepay, c.target.reserves, c.target.prices)));
    const ranked = candidates
      .map((candidate) => ({ candidate, profit: profitUsd(candidate) }))
      .filter(({ profit }) => profit >= config.minProfitUsd)
      .sort((a, b) => b.profit - a.profit);
    let landed = 0;
    let failed = 0;
    for (const { candidate } of ranked) {
      if (closing || attempted.get(candidate.address) === candidate.state) continue;
      attempted.set(candidate.address, candidate.state);
      if (await liquidateObligation(candidate)) landed += 1;
      else failed += 1;
    }
    await sellUnsold();
    return { liquidatable: candidates.length, landed, failed };
  }

  async function pass(): Promise<PassReport> {
    const total = { liquidatable: 0, bankrupt: 0, landed: 0, failed: 0 };
    for (const g of groups) {
      if (closing) break;
      const report = await passGroup(g);
      total.liquidatable += report.liquidatable;
      total.bankrupt += report.bankrupt;
      total.landed += report.landed;
      total.failed += report.failed;
    }
    for (const watch of kaminos) {
      if (closing) break;
      const report = await passKamino(watch);
      total.liquidatable += report.liquidatable;
      total.landed += report.landed;
      total.failed += report.failed;
    }
    metrics.accountsWatched.set(groups.reduce((n, g) => n + g.watch.index.size, 0) + kaminos.reduce((n, k) => n + k.obligationCount, 0));
    metrics.accountsLiquidatable.set(total.liquidatable);
    metrics.accountsBankrupt.set(total.bankrupt);
    return total;
  }

  /** Runs passes until nothing changed during the last one; concurrent requests join the passes in flight. */
  function runPasses(): Promise<PassReport> {
    if (inFlight) {
      again = true;
      return inFlight;
    }
    inFlight = (async () => {
      let report: PassReport;
      do {
        again = false;
        report = await pass();
      } while (again && !closing);
      return report;
    })().finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  const jobs: PeriodicJob[] = [
    startPeriodic({
      intervalMs: config.intervalMs,
      immediate: true,
      run: () => {
        for (const g of groups) g.watch.markAll();
        return runPasses();
      },
      onError: (error) => log.error({ err: error }, "pass failed"),
    }),
    startPeriodic({
      intervalMs: RESYNC_INTERVAL_MS,
      run: async () => {
        for (const g of groups) await g.watch.resync();
        for (const watch of kaminos) await watch.resync();
        kick();
      },
      onError: (error) => log.warn({ err: error }, "resync failed"),
    }),
  ];

  let status: StatusServer | null = null;
  if (config.metricsPort !== null) {
    status = await startStatusServer(
      metrics.registry,
      () => ({
        wallet: walletKey.toBase58(),
        groups: groups.map((g) => ({ group: g.watch.group, accounts: g.watch.index.size, liquidatable: g.watch.count("liquidatable") })),
        lendingMarkets: kaminos.map((k) => ({ lendingMarket: k.lendingMarket, obligations: k.obligationCount })),
      }),
      config.metricsPort,
      config.metricsHost,
    );
    log.info({ url: status.url }, "metrics at /metrics");
  }

  return {
    wallet: walletKey,
    metrics,
    statusUrl: status?.url ?? null,
    ownAccount: (group) => groups.find((g) => g.watch.group === group)?.own?.address ?? null,
    async passNow() {
      for (const g of groups) g.watch.markAll();
      if (inFlight) await inFlight.catch(() => undefined);
      return runPasses();
    },
    async close() {
      if (closing) return;
      closing = true;
      await Promise.all(jobs.map((job) => job.stop()));
      if (inFlight) await inFlight.catch(() => undefined);
      subscriptions.close();
      await status?.close();
      log.info("stopped");
    },
  };
}

/** The lending markets of the reserves behind the groups' Kamino banks. */
async function lendingMarketsBehind(connection: Connection, groups: readonly Group[]): Promise<string[]> {
  const markets = new Set<string>();
  for (const g of groups) {
    const banks = [...(await g.watch.currentMarket()).banks.values()].map((b) => b.bank);
    for (const reserve of (await fetchKaminoReserves(connection, banks)).values()) markets.add(reserve.lendingMarket);
  }
  return [...markets];
}

async function loadLookupTables(connection: Connection, addresses: readonly string[]): Promise<AddressLookupTableAccount[]> {
  const tables = await Promise.all(addresses.map((a) => connection.getAddressLookupTable(new PublicKey(a))));
  return tables.map((t, i) => {
    if (!t.value) throw new Error(`Address lookup table ${addresses[i]} not found`);
    return t.value;
  });
}
