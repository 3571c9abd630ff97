// What a loop's plan says about the account afterwards, as display numbers: the SDK's preview (positions, leverage,
// health, liquidation price, net APY) picked for the pair, nothing recomputed.
import { healthBand, healthBar, nativeToUiAmount, toNumber, type HealthBand, type PricedBank, type SwapFlowPreview } from "@ballast/sdk";
import { apyView, type ApyView } from "../markets/bank-rows.js";

export interface LoopPreviewView {
  /** Whole tokens of each side after the loop (fractions of a native unit kept, display only). */
  readonly deposited: number;
  readonly borrowed: number;
  readonly leverage: number | null;
  /** Maintenance health factor as its bar fraction (0–1, capped). */
  readonly health: number;
  readonly band: HealthBand;
  /** USD per collateral token at which the account becomes liquidatable; null when none. */
  readonly liquidationPrice: number | null;
  readonly netApy: ApyView | null;
}

export function loopPreviewView(preview: SwapFlowPreview, collateral: PricedBank, liability: PricedBank): LoopPreviewView {
  const amountIn = (bank: PricedBank, side: "assets" | "liabilities") => {
    const position = preview.risk.positions.find((p) => p.bank.address === bank.address && p.side === side);
    return position ? toNumber(nativeToUiAmount(position.amount, bank.decimals)) : 0;
  };
  return {
    deposited: amountIn(collateral, "assets"),
    borrowed: amountIn(liability, "liabilities"),
    leverage: preview.leverage === null ? null : toNumber(preview.leverage),
    health: toNumber(healthBar(preview.healthFactor)) / 100,
    band: healthBand(preview.healthFactor),
    liquidationPrice: preview.liquidationPrice === null ? null : toNumber(preview.liquidationPrice),
    netApy: preview.netApy === null ? null : apyView("net", preview.netApy),
  };
}
