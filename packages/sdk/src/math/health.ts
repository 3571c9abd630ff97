// Health components of a margin account (risk-engine.ts): every active balance valued for Initial (EMA prices, init
// weights with e-mode and the init-limit discount), Maintenance (spot prices, maint weights) and Equity (EMA prices,
// weight 1), in the program's operation order so the sums equal the health cache bit for bit.
import {
  BankOperationalState,
  EMPTY_BALANCE_THRESHOLD,
  RiskTier,
  assetAmount,
  calcValue,
  i80f48 as fx,
  liabilityAmount,
  type HealthCache,
  type I80F48,
  type ReconciledEmode,
} from "@ballast/protocol";
import { boostedWeight, emodeEntryFor, reconcileEmode } from "./emode.js";
import { isOracleFailure, type OracleFailure } from "./price.js";
import type { PricedBank } from "./priced-bank.js";
import { BallastSdkError } from "../errors.js";

/** The fields of a balance slot the math reads; a decoded Balance fits. */
export interface BalanceLike {
  readonly active: number | boolean;
  readonly bankPk: string;
  readonly assetShares: I80F48;
  readonly liabilityShares: I80F48;
}

export type PositionSide = "assets" | "liabilities";

/** An active balance with a side (at least one share), valued under the account's e-mode. */
export interface Position {
  /** Slot index in the account. */
  readonly index: number;
  readonly bank: PricedBank;
  readonly side: PositionSide;
  /** Native token amount: shares × share value. */
  readonly amount: I80F48;
  /** Asset side: the effective Initial and Maintenance asset weights; liability side: the bank's liability weights. */
  readonly initWeight: I80F48;
  readonly maintWeight: I80F48;
  /** This position's share of the Initial and Maintenance components (0 where its price failed). */
  readonly initValue: I80F48;
  readonly maintValue: I80F48;
  /** This position's share of the Equity component: unweighted at the biased EMA price (0 where it failed or is isolated collateral). */
  readonly equityValue: I80F48;
}

/** Positions are created once and filled in by the valuation, which saves an allocation per balance. */
type ValuedPosition = { -readonly [K in keyof Position]: Position[K] };

export interface RequirementHealth {
  readonly assets: I80F48;
  readonly liabilities: I80F48;
  /** The program error that aborts this requirement's pass; the cache then holds zeros, and so do these values. */
  readonly error: OracleFailure | null;
}

export interface AccountHealth {
  readonly initial: RequirementHealth;
  readonly maintenance: RequirementHealth;
  readonly equity: RequirementHealth;
}

export interface AccountRisk {
  readonly positions: readonly Position[];
  /** The reconciled e-mode config of the borrowed banks. */
  readonly emode: ReconciledEmode;
  readonly health: AccountHealth;
}

/** Liabilities from one share up, else assets from one share up, else no side (balances.ts balanceSide). */
function sideOf(balance: BalanceLike): PositionSide | null {
  if (balance.liabilityShares >= EMPTY_BALANCE_THRESHOLD) {
    if (balance.assetShares >= EMPTY_BALANCE_THRESHOLD) throw new BallastSdkError("BALANCE_ON_BOTH_SIDES", { bank: balance.bankPk });
    return "liabilities";
  }
  return balance.assetShares >= EMPTY_BALANCE_THRESHOLD ? "assets" : null;
}

function findBank(banks: ReadonlyMap<string, PricedBank>, address: string): PricedBank {
  const bank = banks.get(address);
  if (bank === undefined) throw new BallastSdkError("BANK_NOT_FOUND", { bank: address });
  return bank;
}

/** The active balances with a side, in slot order, not valued yet. */
function accountPositions(balances: readonly BalanceLike[], banks: ReadonlyMap<string, PricedBank>): ValuedPosition[] {
  const positions: ValuedPosition[] = [];
  for (const [i, balance] of balances.entries()) {
    if (!balance.active) continue;
    const side = sideOf(balance);
    if (side === null) continue;
    const bank = findBank(banks, balance.bankPk);
    const amount =
      side === "assets"
        ? assetAmount(balance.assetShares, bank.assetShareValue)
        : liabilityAmount(balance.liabilityShares, bank.bank.liabilityShareValue);
    positions.push({
      index: i,
      bank,
      side,
      amount,
      initWeight: fx.ZERO,
      maintWeight: fx.ZERO,
      initValue: fx.ZERO,
      maintValue: fx.ZERO,
      equityValue: fx.ZERO,
    });
  }
  return positions;
}

/** The e-mode config the borrowed banks among `positions` give (plus `extraBorrow`, for a borrow being sized). */
export function positionsEmode(positions: readonly Position[], extraBorrow?: PricedBank): ReconciledEmode {
  const entries = [];
  for (const p of positions) if (p.side === "liabilities" && p.bank !== extraBorrow) entries.push(p.bank.emodeEntries);
  if (extraBorrow) entries.push(extraBorrow.emodeEntries);
  return reconcileEmode(entries);
}

/** The effective Initial asset weight of collateral: 0 in isolated and reduce-only banks, else the e-mode-boosted weight × discount. */
export function initialAssetWeight(bank: PricedBank, emode: ReconciledEmode): I80F48 {
  const { config } = bank.bank;
  const entry = emodeEntryFor(emode, bank.bank.emode.emodeTag);
  if (!entry || config.riskTier === RiskTier.Isolated || config.operationalState === BankOperationalState.ReduceOnly) {
    return bank.initialAssetWeight;
  }
  const weight = boostedWeight(config.assetWeightInit, entry.assetWeightInit);
  return bank.initLimitDiscount === fx.ONE ? weight : fx.mul(weight, bank.initLimitDiscount);
}

function maintenanceAssetWeight(bank: PricedBank, emode: ReconciledEmode): I80F48 {
  const config = bank.bank.config;
  if (config.riskTier === RiskTier.Isolated) return fx.ZERO;
  return boostedWeight(config.assetWeightMaint, emodeEntryFor(emode, bank.bank.emode.emodeTag)?.assetWeightMaint);
}

function requirement(assets: I80F48, liabilities: I80F48, error: OracleFailure | null): RequirementHealth {
  return error ? { assets: fx.ZERO, liabilities: fx.ZERO, error } : { assets, liabilities, error: null };
}

/**
 * Values every position under `emode` and sums the three requirement types. A failed price leg aborts its pass as
 * the program raises (the first failure in slot order is kept); later positions no longer count for that pass.
 */
function valuePositions(positions: readonly ValuedPosition[], emode: ReconciledEmode): AccountHealth {
  let initAssets = fx.ZERO;
  let initLiabilities = fx.ZERO;
  let maintAssets = fx.ZERO;
  let maintLiabilities = fx.ZERO;
  let equityAssets = fx.ZERO;
  let equityLiabilities = fx.ZERO;
  let initError: OracleFailure | null = null;
  let maintError: OracleFailure | null = null;
  let equityError: OracleFailure | null = null;
  for (const p of positions) {
    const bank = p.bank;
    const { timeWeighted, realTime } = bank.price;
    const config = bank.bank.config;
    if (p.side === "liabilities") {
      p.initWeight = config.liabilityWeightInit;
      p.maintWeight = config.liabilityWeightMaint;
      if (isOracleFailure(timeWeighted)) {
        initError ??= timeWeighted;
        equityError ??= timeWeighted;
      } else {
        p.initValue = calcValue(p.amount, timeWeighted.high, bank.decimals, p.initWeight);
        initLiabilities = fx.add(initLiabilities, p.initValue);
        p.equityValue = calcValue(p.amount, timeWeighted.high, bank.decimals);
        equityLiabilities = fx.add(equityLiabilities, p.equityValue);
      }
      if (isOracleFailure(realTime)) maintError ??= realTime;
      else {
        p.maintValue = calcValue(p.amount, realTime.high, bank.decimals, p.maintWeight);
        maintLiabilities = fx.add(maintLiabilities, p.maintValue);
      }
      continue;
    }
    // Isolated collateral is worth nothing in every pass, and its oracle is not even consulted.
    if (config.riskTier === RiskTier.Isolated) continue;
    p.initWeight = initialAssetWeight(bank, emode);
    p.maintWeight = maintenanceAssetWeight(bank, emode);
    if (isOracleFailure(timeWeighted)) {
      // Initial tolerates an asset feed that failed to load (the asset counts 0), not one refused by the gate.
      if (timeWeighted.stage === "load") p.initWeight = fx.ZERO;
      else if (config.operationalState !== BankOperationalState.ReduceOnly) initError ??= timeWeighted;
      equityError ??= timeWeighted;
    } else {
      if (config.operationalState !== BankOperationalState.ReduceOnly) {
        p.initValue = calcValue(p.amount, timeWeighted.low, bank.decimals, p.initWeight);
        initAssets = fx.add(initAssets, p.initValue);
      }
      p.equityValue = calcValue(p.amount, timeWeighted.low, bank.decimals);
      equityAssets = fx.add(equityAssets, p.equityValue);
    }
    if (isOracleFailure(realTime)) maintError ??= realTime;
    else {
      p.maintValue = calcValue(p.amount, realTime.low, bank.decimals, p.maintWeight);
      maintAssets = fx.add(maintAssets, p.maintValue);
    }
  }
  return {
    initial: requirement(initAssets, initLiabilities, initError),
    maintenance: requirement(maintAssets, maintLiabilities, maintError),
    equity: requirement(equityAssets, equityLiabilities, equityError),
  };
}

/** An account's positions, e-mode and health components, computed once for all the formulas that follow. */
export function accountRisk(balances: readonly BalanceLike[], banks: ReadonlyMap<string, PricedBank>): AccountRisk {
  const positions = accountPositions(balances, banks);
  const emode = positionsEmode(positions);
  return { positions, emode, health: valuePositions(positions, emode) };
}

/** The six values the program left in the account's health cache, in the same shape. */
export function healthFromCache(cache: HealthCache): AccountHealth {
  return {
    initial: { assets: cache.assetValue, liabilities: cache.liabilityValue, error: null },
    maintenance: { assets: cache.assetValueMaint, liabilities: cache.liabilityValueMaint, error: null },
    equity: { assets: cache.assetValueEquity, liabilities: cache.liabilityValueEquity, error: null },
  };
}
