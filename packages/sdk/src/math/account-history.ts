// An account's value over time from stored history: its shares in each bank at a moment, valued with the bank's
// share values and price of that moment; and the interest it earned between two moments, net of what the owner moved
// in or out. All in I80F48; the caller turns results into display numbers.
import { calcValue, i80f48 as fx, type I80F48 } from "@ballast/protocol";

/** A balance's shares (I80F48) at some moment. */
export interface HistoricShares {
  readonly assetShares: I80F48;
  readonly liabilityShares: I80F48;
}

/** What values a bank's shares at some moment: native tokens per share, the mint's decimals, the USD price. */
export interface HistoricBankValue {
  readonly assetShareValue: I80F48;
  readonly liabilityShareValue: I80F48;
  readonly decimals: number;
  readonly usdPrice: I80F48;
}

/** USD. */
export interface AccountValue {
  readonly deposits: I80F48;
  readonly debt: I80F48;
  /** Deposits minus debt. */
  readonly value: I80F48;
}

/** Native amounts the owner moved through a bank over a period (activity records). */
export interface BankFlows {
  readonly deposited: bigint;
  readonly withdrawn: bigint;
  readonly borrowed: bigint;
  readonly repaid: bigint;
}

export const NO_FLOWS: BankFlows = { deposited: 0n, withdrawn: 0n, borrowed: 0n, repaid: 0n };

const holds = (shares: HistoricShares | undefined): shares is HistoricShares =>
  shares !== undefined && (shares.assetShares !== fx.ZERO || shares.liabilityShares !== fx.ZERO);

/** Native tokens (I80F48) the shares stand for on each side. */
function amounts(shares: HistoricShares, bank: HistoricBankValue): { assets: I80F48; liabilities: I80F48 } {
  return {
    assets: fx.mul(shares.assetShares, bank.assetShareValue),
    liabilities: fx.mul(shares.liabilityShares, bank.liabilityShareValue),
  };
}

/**
 * The account's deposits, debt and value in USD, its balances (by bank) valued with `banks`; null when a bank it
 * holds has no value at that moment (no point, or no price).
 */
export function historicAccountValue(
  balances: ReadonlyMap<string, HistoricShares>,
  banks: ReadonlyMap<string, HistoricBankValue>,
): AccountValue | null {
  let deposits = fx.ZERO;
  let debt = fx.ZERO;
  for (const [address, shares] of balances) {
    if (!holds(shares)) continue;
    const bank = banks.get(address);
    if (bank === undefined) return null;
    const { assets, liabilities } = amounts(shares, bank);
    deposits = fx.add(deposits, calcValue(assets, bank.usdPrice, bank.decimals));
    debt = fx.add(debt, calcValue(liabilities, bank.usdPrice, bank.decimals));
  }
  return { deposits, debt, value: fx.sub(deposits, debt) };
}

/**
 * Interest earned from `start` to `end`, in USD: per bank, the growth of the deposit less what was deposited and plus
 * what was withdrawn, minus the growth of the debt less what was borrowed and plus what was repaid, in tokens, valued
 * at the end's price (so price moves are not counted as interest). Null when a bank involved has no value at the
 * moment it is needed.
 */
export function interestEarned(
  start: { readonly balances: ReadonlyMap<string, HistoricShares>; readonly banks: ReadonlyMap<string, HistoricBankValue> },
  end: { readonly balances: ReadonlyMap<string, HistoricShares>; readonly banks: ReadonlyMap<string, HistoricBankValue> },
  flows: ReadonlyMap<string, BankFlows>,
): I80F48 | null {
  let earned = fx.ZERO;
  for (const address of new Set([...start.balances.keys(), ...end.balances.keys(), ...flows.keys()])) {
    const before = start.balances.get(address);
    const after = end.balances.get(address);
    const moved = flows.get(address) ?? NO_FLOWS;
    const startBank = start.banks.get(address);
    const endBank = end.banks.get(address);
    if (holds(before) && startBank === undefined) return null;
    if (endBank === undefined) {
      if (holds(after) || moved !== NO_FLOWS) return null;
      continue;
    }
    const was = holds(before) ? amounts(before, startBank!) : { assets: fx.ZERO, liabilities: fx.ZERO };
    const is = holds(after) ? amounts(after, endBank) : { assets: fx.ZERO, liabilities: fx.ZERO };
    const depositGrowth = fx.add(fx.sub(fx.sub(is.assets, was.assets), fx.fromInt(moved.deposited)), fx.fromInt(moved.withdrawn));
    const debtGrowth = fx.add(fx.sub(fx.sub(is.liabilities, was.liabilities), fx.fromInt(moved.borrowed)), fx.fromInt(moved.repaid));
    earned = fx.add(earned, calcValue(fx.sub(depositGrowth, debtGrowth), endBank.usdPrice, endBank.decimals));
  }
  return earned;
}

/** At most `limit` of `items`, evenly spread, always keeping the first and the last. */
export function downsample<T>(items: readonly T[], limit: number): T[] {
  if (items.length <= limit) return [...items];
  if (limit <= 1) return items.slice(-1);
  const picked: T[] = [];
  for (let i = 0; i < limit; i++) picked.push(items[Math.round((i * (items.length - 1)) / (limit - 1))]!);
  return picked;
}
