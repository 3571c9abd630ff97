// A scan of a group's margin accounts for liquidators and operators: the accounts below maintenance, each with the
// most profitable classic liquidation (bestLiquidation: the pair, the most one liquidation may repay, the profit net
// of the transaction's cost), most profitable first.
import { NATIVE_SOL_MINT, type PricedBank } from "./priced-bank.js";
import { accountRisk, type AccountRisk, type BalanceLike } from "./health.js";
import { bestLiquidation, isBankrupt, isLiquidatable, maintenanceHealth, type LiquidationCandidate } from "./liquidation.js";
import { isOracleFailure } from "./price.js";
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";

/** The fields of a margin account the scan reads; a MarginAccount from fetchMarginAccounts fits. */
export interface ScannedAccount {
  readonly address: string;
  readonly account: { readonly authority: string; readonly lendingAccount: { readonly balances: readonly BalanceLike[] } };
}

export interface LiquidatableAccount {
  readonly address: string;
  readonly authority: string;
  /** Maintenance assets − liabilities, at or below zero. */
  readonly maintenanceHealth: I80F48;
  /** Equity assets short of its debt with nothing left worth seizing: handle_bankruptcy settles it. */
  readonly bankrupt: boolean;
  /** The most profitable classic liquidation; null when no pair can be liquidated (bankrupt, or only refused pairs). */
  readonly best: LiquidationCandidate | null;
  readonly risk: AccountRisk;
}

export interface LiquidationScanOptions {
  /** SOL's USD price, for the transaction cost (solUsdPrice). */
  readonly solPrice: I80F48;
  /** What one liquidation transaction costs, lamports. */
  readonly txCostLamports: bigint;
}

/** The group's SOL price for transaction costs: its wrapped-SOL bank's real-time price, or 0 (costs left out) without one. */
export function solUsdPrice(banks: ReadonlyMap<string, PricedBank>): I80F48 {
  for (const bank of banks.values()) {
    const leg = bank.price.realTime;
    if (bank.bank.mint === NATIVE_SOL_MINT && !isOracleFailure(leg)) return leg.price;
  }
  return fx.ZERO;
}

/**
 * The liquidatable accounts among `accounts`, each valued for a fresh liquidator (one that holds only the debt it
 * takes over), sorted by profit, highest first; accounts without a liquidation follow, lowest health first.
 */
export function liquidatableAccounts(
  accounts: readonly ScannedAccount[],
  banks: ReadonlyMap<string, PricedBank>,
  options: LiquidationScanOptions,
): LiquidatableAccount[] {
  const found: LiquidatableAccount[] = [];
  for (const { address, account } of accounts) {
    const balances = account.lendingAccount.balances;
    const risk = accountRisk(balances, banks);
    const health = maintenanceHealth(risk);
    if (health === null || !isLiquidatable(risk)) continue;
    const best = bestLiquidation({ balances, banks, risk, solPrice: options.solPrice, txCostLamports: options.txCostLamports });
    found.push({ address, authority: account.authority, maintenanceHealth: health, bankrupt: isBankrupt(risk), best, risk });
  }
  return found.sort((a, b) => {
    if (a.best && b.best) return fx.cmp(b.best.profit, a.best.profit);
    if (a.best || b.best) return a.best ? -1 : 1;
    return fx.cmp(a.maintenanceHealth, b.maintenanceHealth);
  });
}
