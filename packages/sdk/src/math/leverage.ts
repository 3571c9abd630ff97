// Looping one bank against another: the leverage at which the Initial requirement is exactly met, the checks on a
// requested target, the borrow that reaches it, and an account's leverage as users read it.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { boostedWeight } from "./emode.js";
import type { AccountRisk, Position } from "./health.js";
import { positionUsdValue } from "./positions.js";
import { midPrice } from "./price.js";
import type { PricedBank } from "./priced-bank.js";
import { BallastSdkError } from "../errors.js";

/**
 * 1 / (1 − collateral Initial asset weight / liability Initial liability weight), the collateral weight raised by the
 * borrowed bank's e-mode entry for the collateral's tag. Null when the ratio reaches 1 (no bound).
 */
export function maxLeverage(collateral: PricedBank, liability: PricedBank): I80F48 | null {
  const entry = liability.emodeEntries.get(collateral.bank.emode.emodeTag);
  const assetWeight = boostedWeight(collateral.bank.config.assetWeightInit, entry?.assetWeightInit);
  const ratio = fx.div(assetWeight, liability.bank.config.liabilityWeightInit);
  if (fx.cmp(ratio, fx.ONE) >= 0) return null;
  return fx.div(fx.ONE, fx.sub(fx.ONE, ratio));
}

/** Throws the spec's messages when the target leverage is not above 1 or above the pair's maximum. */
export function checkTargetLeverage(target: I80F48, collateral: PricedBank, liability: PricedBank): void {
  const shown = fx.toDecimal(target);
  if (fx.cmp(target, fx.ONE) <= 0) throw new BallastSdkError("LEVERAGE_NOT_ABOVE_ONE", { leverage: shown });
  const max = maxLeverage(collateral, liability);
  if (max !== null && fx.cmp(target, max) > 0) {
    throw new BallastSdkError("LEVERAGE_ABOVE_MAX", {
      leverage: shown,
      collateralBank: collateral.address,
      liabilityBank: liability.address,
    });
  }
}

/**
 * The account's leverage as users read it: deposits over net worth, assets / (assets − liabilities), unweighted at
 * real-time prices. Null without debt (no leverage) or when the debt meets or exceeds the deposits.
 */
export function accountLeverage(risk: AccountRisk): I80F48 | null {
  let assets = fx.ZERO;
  let liabilities = fx.ZERO;
  for (const position of risk.positions) {
    const value = positionUsdValue(position);
    if (value === null) continue;
    if (position.side === "assets") assets = fx.add(assets, value);
    else liabilities = fx.add(liabilities, value);
  }
  if (liabilities === fx.ZERO || fx.cmp(assets, liabilities) <= 0) return null;
  return fx.div(assets, fx.sub(assets, liabilities));
}

/** A loop's shape: one deposit carried by one debt. */
export interface LeveragedPosition {
  readonly collateral: Position;
  readonly debt: Position;
  readonly leverage: I80F48;
}

/**
 * The account as a leveraged position when it holds exactly one deposit and one debt (what a loop leaves), which
 * closing unwinds in one transaction; null otherwise.
 */
export function leveragedPosition(risk: AccountRisk): LeveragedPosition | null {
  const collateral = risk.positions.filter((p) => p.side === "assets");
  const debt = risk.positions.filter((p) => p.side === "liabilities");
  const [onlyCollateral] = collateral;
  const [onlyDebt] = debt;
  if (collateral.length !== 1 || debt.length !== 1 || !onlyCollateral || !onlyDebt) return null;
  const leverage = accountLeverage(risk);
  return leverage === null ? null : { collateral: onlyCollateral, debt: onlyDebt, leverage };
}

/**
 * Native units of the borrowed token to borrow so that `principal` of collateral, plus what the borrow buys at
 * `rate` (collateral native units received per borrowed native unit, slippage included), is levered `target` times
 * by value: (P + B·r)·Pc·(L − 1) = L·B·Pl, so B = P·Pc·(L − 1) / (L·Pl − r·Pc·(L − 1)), at real-time prices per
 * native unit. Null when a price is missing or no borrow reaches the target.
 */
export function loopBorrowAmount(p: {
  collateral: PricedBank;
  liability: PricedBank;
  principal: bigint;
  target: I80F48;
  rate: I80F48;
}): bigint | null {
  const pc = midPrice(p.collateral.price);
  const pl = midPrice(p.liability.price);
  if (pc === null || pl === null) return null;
  // Per-native prices are UI prices over 10^decimals: multiplying both sides by 10^(dc + dl) keeps every term an
  // integer of I80F48 bits (scale 2^96 after the products), with no precision lost to tiny per-native values.
  const lMinusOne = fx.sub(p.target, fx.ONE);
  const numerator = p.principal * pc * lMinusOne * p.liability.tenPow;
  const denominator = p.target * pl * p.collateral.tenPow - (p.rate * pc * lMinusOne * p.liability.tenPow) / fx.ONE;
  if (denominator <= 0n) return null;
  return numerator / denominator;
}
