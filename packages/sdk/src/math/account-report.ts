// An operator's report of one margin account: every position with its native and token amounts, its contribution to
// each health component (Initial, Maintenance, Equity) and its liquidation price, the three components' sums, and the
// account's flags by name. Everything comes from accountRisk, so the sums are the program's health cache.
import { AccountFlags, RiskTier, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { accountRisk, type AccountRisk, type BalanceLike, type Position, type PositionSide, type RequirementHealth } from "./health.js";
import { liquidationPrice } from "./liquidation-price.js";
import { isLiquidatable } from "./liquidation.js";
import { positionUsdValue } from "./positions.js";
import type { OracleFailure } from "./price.js";
import type { PricedBank } from "./priced-bank.js";
import { nativeToUiAmount } from "./units.js";

/** A position's weight and weighted USD value in one health component; assets add to it, liabilities subtract. */
export interface HealthContribution {
  readonly weight: I80F48;
  readonly value: I80F48;
}

export interface PositionReport {
  /** Slot index in the account. */
  readonly index: number;
  readonly bank: string;
  readonly mint: string;
  readonly decimals: number;
  readonly side: PositionSide;
  /** Native units, exact (shares × share value). */
  readonly amount: I80F48;
  /** In tokens. */
  readonly uiAmount: I80F48;
  /** At the unbiased real-time price; null without a price. */
  readonly usdValue: I80F48 | null;
  readonly initial: HealthContribution;
  readonly maintenance: HealthContribution;
  /** Equity values every position at weight 1 (isolated collateral at 0). */
  readonly equity: HealthContribution;
  /** USD per token at which the account would become liquidatable, all else equal; null when none would. */
  readonly liquidationPrice: I80F48 | null;
}

export interface ComponentReport {
  readonly assets: I80F48;
  readonly liabilities: I80F48;
  /** assets − liabilities; null when a price this component needs failed. */
  readonly health: I80F48 | null;
  readonly error: OracleFailure | null;
}

/** The names of MarginfiAccount.account_flags bits. */
export type AccountFlagName = keyof typeof AccountFlags;

export interface AccountReport {
  readonly positions: readonly PositionReport[];
  readonly initial: ComponentReport;
  readonly maintenance: ComponentReport;
  readonly equity: ComponentReport;
  /** Maintenance health at or below zero with debt: liquidators may enter. */
  readonly liquidatable: boolean;
  /** The set flags, in bit order. */
  readonly flags: readonly AccountFlagName[];
  readonly risk: AccountRisk;
}

/** The names of the set bits of an account_flags value, in bit order. */
export function accountFlagNames(flags: bigint): AccountFlagName[] {
  const names: AccountFlagName[] = [];
  for (const [name, bit] of Object.entries(AccountFlags) as [AccountFlagName, bigint][]) {
    if ((flags & bit) !== 0n) names.push(name);
  }
  return names;
}

/** Equity takes every position at full value except isolated collateral, which counts nothing anywhere. */
function equityWeight(p: Position): I80F48 {
  return p.side === "assets" && p.bank.bank.config.riskTier === RiskTier.Isolated ? fx.ZERO : fx.ONE;
}

function component(requirement: RequirementHealth): ComponentReport {
  const health = requirement.error ? null : fx.sub(requirement.assets, requirement.liabilities);
  return { assets: requirement.assets, liabilities: requirement.liabilities, health, error: requirement.error };
}

/** The report of an account with these balances and flags over the group's priced banks. */
export function accountReport(
  balances: readonly BalanceLike[],
  accountFlags: bigint,
  banks: ReadonlyMap<string, PricedBank>,
): AccountReport {
  const risk = accountRisk(balances, banks);
  const positions = risk.positions.map((p): PositionReport => ({
    index: p.index,
    bank: p.bank.address,
    mint: p.bank.bank.mint,
    decimals: p.bank.decimals,
    side: p.side,
    amount: p.amount,
    uiAmount: nativeToUiAmount(p.amount, p.bank.decimals),
    usdValue: positionUsdValue(p),
    initial: { weight: p.initWeight, value: p.initValue },
    maintenance: { weight: p.maintWeight, value: p.maintValue },
    equity: { weight: equityWeight(p), value: p.equityValue },
    liquidationPrice: liquidationPrice(risk, p),
  }));
  return {
    positions,
    initial: component(risk.health.initial),
    maintenance: component(risk.health.maintenance),
    equity: component(risk.health.equity),
    liquidatable: isLiquidatable(risk),
    flags: accountFlagNames(accountFlags),
    risk,
  };
}
