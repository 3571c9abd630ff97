// What the flows on an existing account share: its positions in the two banks, validated as the plain actions
// validate them, the market refreshes its health check needs, and the emissions to pay out before a balance closes.
import { PublicKey, type TransactionInstruction } from "@solana/web3.js";
import { i80f48 as fx, type MarginfiAccount } from "@ballast/protocol";
import { accountRisk, type AccountRisk, type BalanceLike, type Position } from "../../math/health.js";
import type { PricedBank } from "../../math/priced-bank.js";
import type { KaminoReserveLookup } from "../../state/kamino-reserves.js";
import { isKaminoBank } from "../../state/kamino-reserves.js";
import { validateRepay, validateWithdraw, type ActionRefusal } from "../../validation/index.js";
import { emissionsSettlement } from "../lending.js";
import { KAMINO_SWAP_WITHDRAW_SCALE, marketRefreshes } from "./legs.js";
import { pricedBank, type FlowAccount, type SwapFlowContext } from "./plan.js";
import { BallastSdkError } from "../../errors.js";

export function refuse(refusal: ActionRefusal | null): void {
  if (refusal) throw new BallastSdkError("ACTION_REFUSED", { refusal });
}

/** A repay-all buys one basis point more than the debt (at least one unit): interest accrues until it lands. */
export function repayAllPurchase(owed: bigint): bigint {
  const buffer = owed / 10_000n;
  return owed + (buffer > 0n ? buffer : 1n);
}

/**
 * How much of a deposit a swap may sell when it is all withdrawn: everything, or for a Kamino bank 1 / 1.0001 of it,
 * the market's redemption rounding down.
 */
export function sellableDeposit(position: Position): bigint {
  const whole = fx.toIntFloor(position.amount);
  if (!isKaminoBank(position.bank.bank)) return whole;
  return (whole * KAMINO_SWAP_WITHDRAW_SCALE.denominator) / KAMINO_SWAP_WITHDRAW_SCALE.numerator;
}

export interface AccountFlow {
  readonly balances: readonly BalanceLike[];
  readonly risk: AccountRisk;
  /** The banks of the account's active balances. */
  readonly held: readonly string[];
}

export function accountFlow(p: SwapFlowContext, account: MarginfiAccount): AccountFlow {
  const balances = account.lendingAccount.balances;
  return {
    balances,
    risk: accountRisk(balances, p.market.banks),
    held: balances.filter((b) => b.active !== 0).map((b) => b.bankPk),
  };
}

/** The account's deposit in the bank, refused as a withdraw is when there is none. */
export function depositPosition(p: SwapFlowContext, flow: AccountFlow, bank: PricedBank): Position {
  refuse(validateWithdraw({ bank, account: flow }));
  const position = flow.risk.positions.find((q) => q.side === "assets" && q.bank.address === bank.address);
  if (!position) throw new BallastSdkError("ACTION_REFUSED", { refusal: { code: "NO_DEPOSIT", action: "withdraw", bank } });
  return position;
}

/** The account's debt in the bank, refused as a repay is when there is none. */
export function debtPosition(p: SwapFlowContext, flow: AccountFlow, bank: PricedBank): Position {
  refuse(validateRepay({ bank, account: flow }));
  const position = flow.risk.positions.find((q) => q.side === "liabilities" && q.bank.address === bank.address);
  if (!position) throw new BallastSdkError("ACTION_REFUSED", { refusal: { code: "NO_DEBT", action: "repay", bank } });
  return position;
}

export interface Preparation {
  readonly reserves: KaminoReserveLookup;
  /** Refreshes, then the emissions payouts of the balances closing. */
  readonly before: TransactionInstruction[];
}

/**
 * The instructions that precede the flow's own: the wallet's emissions token accounts and the payouts of every
 * closing balance's emissions (the program refuses to close one holding a unit of them), then the market refreshes.
 */
export async function prepare(
  p: SwapFlowContext & FlowAccount,
  flow: AccountFlow,
  acted: readonly string[],
  closing: readonly string[],
): Promise<Preparation> {
  const { reserves, refreshes } = await marketRefreshes(p, [...flow.held], acted);
  const settlements = await Promise.all(closing.map((bank) => emissionsSettlement({ ...p, bank, marginfiAccount: p.marginfiAccount })));
  return {
    reserves,
    before: [...settlements.flatMap((s) => [...s.tokenAccount, ...s.payout]), ...refreshes],
  };
}

export function bankOf(p: SwapFlowContext, address: string): PricedBank {
  return pricedBank(p.market, address);
}

export const bankKey = (address: string) => new PublicKey(address);
