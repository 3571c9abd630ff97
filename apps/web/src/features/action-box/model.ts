// Everything the action box shows about one bank and one account, from the SDK's math on the market snapshot: the
// MAX per tab, whether the amount closes the position (withdraw-all / repay-all), the before → after preview and the
// e-mode impact. Nothing here re-derives a formula; it picks SDK results and turns them into display numbers.
import {
  accountNetApy,
  accountRisk,
  balancesAfterAction,
  ceilNative,
  emodeImpacts,
  emodeWeightChanges,
  floorNative,
  freeCollateral,
  healthBand,
  healthBar,
  healthFactor,
  isLiquidationRisk,
  liquidationPrice,
  maxBorrow,
  maxDeposit,
  maxRepay,
  maxWithdraw,
  nativeToUiAmount,
  toNumber,
  type AccountRisk,
  type BalanceLike,
  type BankApy,
  type EmodeAction,
  type EmodeImpactStatus,
  type HealthBand,
  type Market,
  type Position,
  type PricedBank,
  type WalletFunds,
} from "@ballast/sdk";
import { DEFAULT_PUBKEY, MAX_LENDING_ACCOUNT_BALANCES, i80f48 as fx } from "@ballast/protocol";
import { apyView, type ApyView } from "../markets/bank-rows.js";
import type { ActionType } from "./context.js";

const EMPTY_WALLET: WalletFunds = { token: 0n, nativeSol: 0n };

/** A new account's slots: all inactive. */
export function emptyBalances(): BalanceLike[] {
  return Array.from({ length: MAX_LENDING_ACCOUNT_BALANCES }, () => ({
    active: false,
    bankPk: DEFAULT_PUBKEY,
    assetShares: fx.ZERO,
    liabilityShares: fx.ZERO,
  }));
}

/** The account's positions and health under the market snapshot; no account reads as an empty one. */
export function accountOf(market: Market, balances: readonly BalanceLike[] | null): AccountRisk {
  return accountRisk(balances ?? [], market.banks);
}

export function positionIn(account: AccountRisk, bank: PricedBank): Position | undefined {
  return account.positions.find((p) => p.bank.address === bank.address);
}

/** The SDK's max amount for the tab, in native units. */
export function maxAmountFor(account: AccountRisk, bank: PricedBank, wallet: WalletFunds | null, action: ActionType): bigint {
  switch (action) {
    case "deposit":
      return maxDeposit(bank, wallet ?? EMPTY_WALLET);
    case "withdraw":
      return maxWithdraw(account, bank);
    case "borrow":
      return maxBorrow(account, bank);
    case "repay":
      return maxRepay(account, bank, wallet ?? EMPTY_WALLET);
  }
}

/**
 * Whether the amount takes the whole position: at least the deposit rounded down (withdraw-all) or the debt rounded
 * up (repay-all). The program then closes the balance instead of leaving dust.
 */
export function closesPosition(position: Position | undefined, action: ActionType, amount: bigint): boolean {
  if (!position || amount <= 0n) return false;
  if (action === "withdraw") return position.side === "assets" && amount >= floorNative(position.amount);
  if (action === "repay") return position.side === "liabilities" && amount >= ceilNative(position.amount);
  return false;
}

/** One side of the preview, as display numbers. */
export interface PreviewStats {
  /** The position in this bank in whole tokens, fractions of a native unit kept (display only). */
  readonly position: number;
  readonly side: Position["side"] | null;
  /** Health factor (fraction) and its bar value, capped at 100 %. */
  readonly health: number;
  readonly healthBar: number;
  readonly band: HealthBand;
  /** Spec §4's liquidation-risk flag on the (projected) account. */
  readonly liquidationRisk: boolean;
  /** USD per token that would make the account liquidatable through this position; null when none. */
  readonly liquidationPrice: number | null;
  /** The account's net APY over the same bank APYs as the markets table and portfolio (netApyParts.total). */
  readonly netApy: number;
  readonly netApyParts: ApyView;
  /** USD. */
  readonly freeCollateral: number;
}

/** `apyOf` gives each bank's APY: the market's, as every screen uses it (apysOf). */
export function previewStats(account: AccountRisk, bank: PricedBank, apyOf: (bank: PricedBank) => BankApy): PreviewStats {
  const position = positionIn(account, bank);
  const net = apyView("net", accountNetApy(account, apyOf));
  const factor = healthFactor(account.health.maintenance);
  const liquidation = position ? liquidationPrice(account, position) : null;
  return {
    position: position ? toNumber(nativeToUiAmount(position.amount, bank.decimals)) : 0,
    side: position?.side ?? null,
    health: toNumber(factor),
    healthBar: toNumber(healthBar(factor)) / 100,
    band: healthBand(factor),
    liquidationRisk: isLiquidationRisk(account),
    liquidationPrice: liquidation === null ? null : toNumber(liquidation),
    netApy: net.total,
    netApyParts: net,
    freeCollateral: toNumber(freeCollateral(account.health.initial)),
  };
}

export interface ActionPreview {
  readonly before: PreviewStats;
  readonly after: PreviewStats;
}

/** Before and after `amount` of `action` on `bank`; throws the SDK's projection error (e.g. "No inactive balance found"). */
export function actionPreview(
  market: Market,
  balances: readonly BalanceLike[] | null,
  bank: PricedBank,
  action: ActionType,
  amount: bigint,
  apyOf: (bank: PricedBank) => BankApy,
): ActionPreview {
  const before = accountOf(market, balances);
  const all = closesPosition(positionIn(before, bank), action, amount);
  const after = accountRisk(balancesAfterAction(balances ?? emptyBalances(), bank, { kind: action, amount, all }), market.banks);
  return { before: previewStats(before, bank, apyOf), after: previewStats(after, bank, apyOf) };
}

/** The e-mode impact of the action when the SDK rates one: supply, borrow, and repay-all / withdraw-all. */
export function emodeImpactOf(account: AccountRisk, bank: PricedBank, action: ActionType, all: boolean): EmodeImpactStatus | null {
  const impact = emodeImpacts(account, [bank]).get(bank.address);
  if (!impact) return null;
  switch (action) {
    case "deposit":
      return impact.supply ?? null;
    case "borrow":
      return impact.borrow ?? null;
    case "repay":
      return all ? (impact.repayAll ?? null) : null;
    case "withdraw":
      return all ? (impact.withdrawAll ?? null) : null;
  }
}

/** The e-mode action a tab's amount stands for: supply, borrow, and repay-all / withdraw-all; null otherwise. */
function emodeActionOf(action: ActionType, all: boolean): EmodeAction | null {
  switch (action) {
    case "deposit":
      return "supply";
    case "borrow":
      return "borrow";
    case "repay":
      return all ? "repayAll" : null;
    case "withdraw":
      return all ? "withdrawAll" : null;
  }
}

/** One collateral's Initial weight before → after the action, as fractions. */
export interface EmodeWeightView {
  readonly symbol: string;
  readonly before: number;
  readonly after: number;
}

/** The collateral weights the action changes by entering, changing or leaving e-mode. */
export function emodeWeightsOf(
  account: AccountRisk,
  bank: PricedBank,
  action: ActionType,
  all: boolean,
  symbolOf: (bank: PricedBank) => string,
): EmodeWeightView[] {
  const emodeAction = emodeActionOf(action, all);
  if (!emodeAction) return [];
  return emodeWeightChanges(account, bank, emodeAction).map((change) => ({
    symbol: symbolOf(change.bank),
    before: toNumber(change.before),
    after: toNumber(change.after),
  }));
}
