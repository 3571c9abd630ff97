// A reserve's farms as klend drives them (reference SML §3.4): which farm a side names, and the stake an obligation
// holds in it: its collateral in cTokens for the collateral farm, its debt floored to whole liquidity units for the
// debt farm, nothing once the position or the obligation is gone.
import { ZERO_PUBKEY } from "../program-ids.js";
import { fail } from "../errors.js";
import { toFloor } from "../math/fraction.js";
import type { Obligation } from "../state/obligation.js";
import type { Reserve } from "../state/reserve.js";

/** klend's ReserveFarmKind, the `mode` byte of its farm instructions. */
export const ReserveFarmKind = { Collateral: 0, Debt: 1 } as const;
export type ReserveFarmKind = (typeof ReserveFarmKind)[keyof typeof ReserveFarmKind];

export function reserveFarmKind(mode: number): ReserveFarmKind {
  if (mode !== ReserveFarmKind.Collateral && mode !== ReserveFarmKind.Debt) return fail("InvalidConfig");
  return mode;
}

/** The reserve's farm for that side, or null. */
export function reserveFarm(reserve: Reserve, kind: ReserveFarmKind): string | null {
  const farm = kind === ReserveFarmKind.Collateral ? reserve.farmCollateral : reserve.farmDebt;
  return farm === ZERO_PUBKEY ? null : farm;
}

export function setReserveFarm(reserve: Reserve, kind: ReserveFarmKind, farm: string): void {
  if (kind === ReserveFarmKind.Collateral) reserve.farmCollateral = farm;
  else reserve.farmDebt = farm;
}

/** The obligation's stake in `reserve`'s farm of that side; an obligation that no longer exists stakes nothing. */
export function obligationFarmStake(obligation: Obligation | null, reserve: string, kind: ReserveFarmKind): bigint {
  if (obligation === null) return 0n;
  if (kind === ReserveFarmKind.Collateral) return obligation.deposits.find((d) => d.depositReserve === reserve)?.depositedAmount ?? 0n;
  const debt = obligation.borrows.find((b) => b.borrowReserve === reserve)?.borrowedAmountSf ?? 0n;
  return toFloor(debt);
}
