// Looping one bank against another: the leverage at which the Initial requirement is exactly met, and the checks on
// a requested target.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { boostedWeight } from "./emode.js";
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
