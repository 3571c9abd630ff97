// Which balance slots an account will have active after a series of actions (e.g. inside a flash loan, whose end
// instruction needs the risk accounts of the projected balances): a deposit or borrow in a bank without a slot takes
// the first inactive one, repay-all and withdraw-all free it, and every action re-sorts the slots as the program does.
import { DEFAULT_PUBKEY } from "@ballast/protocol";
import bs58 from "bs58";
import { BallastSdkError } from "../errors.js";

export interface SlotState {
  readonly active: boolean;
  readonly bankPk: string;
}

/** Partial repays and withdrawals leave the slots alone, so only these actions matter. */
export interface SlotAction {
  readonly kind: "deposit" | "borrow" | "repayAll" | "withdrawAll";
  readonly bank: string;
}

/** The slot fields the projection reads; a decoded Balance fits. */
export interface SlotLike {
  readonly active: number | boolean;
  readonly bankPk: string;
}

/** Active slots first, then by bank key bytes descending (balances.ts sortBalances). */
function sortSlots(slots: SlotState[]): SlotState[] {
  const keyed = slots.map((s) => ({ s, key: Buffer.from(bs58.decode(s.bankPk)) }));
  keyed.sort((a, b) => Number(b.s.active) - Number(a.s.active) || Buffer.compare(b.key, a.key));
  return keyed.map((k) => k.s);
}

/** The slots after the actions, in the order the program leaves them. */
export function projectBalances(balances: readonly SlotLike[], actions: readonly SlotAction[]): SlotState[] {
  let slots: SlotState[] = balances.map((b) => ({ active: Boolean(b.active), bankPk: b.bankPk }));
  for (const action of actions) {
    const index = slots.findIndex((s) => s.active && s.bankPk === action.bank);
    if (action.kind === "deposit" || action.kind === "borrow") {
      if (index !== -1) continue;
      const free = slots.findIndex((s) => !s.active);
      if (free === -1) throw new BallastSdkError("NO_INACTIVE_BALANCE");
      slots[free] = { active: true, bankPk: action.bank };
    } else {
      if (index === -1) throw new BallastSdkError("BALANCE_NOT_ACTIVE");
      slots[index] = { active: false, bankPk: DEFAULT_PUBKEY };
    }
    slots = sortSlots(slots);
  }
  return slots;
}

/** The projected active banks, in risk-account order. */
export function projectActiveBanks(balances: readonly SlotLike[], actions: readonly SlotAction[]): string[] {
  return projectBalances(balances, actions)
    .filter((s) => s.active)
    .map((s) => s.bankPk);
}
