// A position as users see it: amount, USD value at the unbiased real-time price, side, dust and liquidation price.
import { calcValue, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import type { AccountRisk, Position } from "./health.js";
import { liquidationPrice } from "./liquidation-price.js";
import { midPrice } from "./price.js";
import { nativeToUiAmount } from "./units.js";

/** Dust: nothing left once the amount is cut to whole native units. */
export function isDust(amount: I80F48): boolean {
  return fx.toIntFloor(amount) === 0n;
}

/** Amount × unbiased real-time price, unweighted; null without a price. */
export function positionUsdValue(position: Position): I80F48 | null {
  const price = midPrice(position.bank.price);
  return price === null ? null : calcValue(position.amount, price, position.bank.decimals);
}

export interface UserPosition {
  readonly bank: string;
  /** In tokens (UI units). */
  readonly amount: I80F48;
  readonly usdValue: I80F48 | null;
  readonly isLending: boolean;
  readonly isDust: boolean;
  readonly liquidationPrice: I80F48 | null;
}

export function userPositions(account: AccountRisk): UserPosition[] {
  return account.positions.map((p) => ({
    bank: p.bank.address,
    amount: nativeToUiAmount(p.amount, p.bank.decimals),
    usdValue: positionUsdValue(p),
    isLending: p.side === "assets",
    isDust: isDust(p.amount),
    liquidationPrice: liquidationPrice(account, p),
  }));
}
