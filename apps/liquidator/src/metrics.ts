// What the liquidator exposes to Prometheus: how much it watches, what it found and did, and how fast.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export type LiquidationKind = "classic" | "bankruptcy" | "market" | "rebalance";

export class LiquidatorMetrics {
  readonly registry = new Registry();
  readonly accountsWatched = new Gauge({
    name: "ballast_liquidator_accounts_watched",
    help: "Margin accounts in the index",
    registers: [this.registry],
  });
  readonly accountsLiquidatable = new Gauge({
    name: "ballast_liquidator_accounts_liquidatable",
    help: "Accounts at or below zero Maintenance health at the last valuation",
    registers: [this.registry],
  });
  readonly accountsBankrupt = new Gauge({
    name: "ballast_liquidator_accounts_bankrupt",
    help: "Accounts passing the bankruptcy test at the last valuation",
    registers: [this.registry],
  });
  readonly sent = new Counter({
    name: "ballast_liquidator_liquidations_sent_total",
    help: "Transactions sent after a clean simulation",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });
  readonly landed = new Counter({
    name: "ballast_liquidator_liquidations_landed_total",
    help: "Transactions confirmed on chain",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });
  readonly failed = new Counter({
    name: "ballast_liquidator_liquidations_failed_total",
    help: "Attempts refused in simulation or failed on chain",
    labelNames: ["kind"] as const,
    registers: [this.registry],
  });
  readonly profitUsd = new Counter({
    name: "ballast_liquidator_profit_usd_total",
    help: "Expected profit of landed liquidations, USD, net of transaction cost",
    registers: [this.registry],
  });
  readonly priceToLanded = new Histogram({
    name: "ballast_liquidator_price_change_to_landed_seconds",
    help: "From the oracle change that made an account liquidatable being seen to its liquidation confirmed",
    buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 16, 32],
    registers: [this.registry],
  });
  readonly priceToSent = new Histogram({
    name: "ballast_liquidator_price_change_to_sent_seconds",
    help: "From the oracle change that made an account liquidatable being seen to its liquidation being built and sent",
    buckets: [0.01, 0.025, 0.05, 0.1, 0.2, 0.4, 0.8, 1.6, 3.2],
    registers: [this.registry],
  });
  readonly valued = new Counter({
    name: "ballast_liquidator_accounts_valued_total",
    help: "Account valuations with the SDK's risk math",
    registers: [this.registry],
  });
  readonly passSeconds = new Histogram({
    name: "ballast_liquidator_pass_seconds",
    help: "Valuation time of one pass (urgent and remaining accounts), liquidations excluded",
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: "ballast_liquidator_" });
  }

  record(kind: LiquidationKind, outcome: "sent" | "landed" | "failed"): void {
    this[outcome].inc({ kind });
  }
}
