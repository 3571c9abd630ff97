// The market refreshes that must share a transaction with the action reading them: the market refuses a reserve or
// obligation not refreshed in the current slot, and the lending program prices a Kamino position only from a reserve
// refreshed in this slot (6206 otherwise).
import {
  type LoadedReserve,
  refreshObligationInstruction,
  refreshReserveInstructionFor,
  reserveRefreshInstructions,
} from "@ballast/market";
import { PublicKey, type Connection, type TransactionInstruction } from "@solana/web3.js";
import type { Bank, MarginfiAccount } from "@ballast/protocol";
import { fetchKaminoReserves, isKaminoBank, type KaminoReserveLookup } from "../state/kamino-reserves.js";
import type { KaminoReserve } from "../state/kamino.js";
import type { PackItem } from "../transactions/packing.js";
import { kaminoBankKeys } from "./kamino.js";
import { activeBankKeys, type BankLookup } from "./risk-accounts.js";
import { BallastSdkError } from "../errors.js";

function reserveOf(reserves: KaminoReserveLookup, key: PublicKey): KaminoReserve {
  const reserve = reserves.get(key.toBase58());
  if (reserve === undefined) throw new BallastSdkError("KAMINO_RESERVE_NOT_LOADED", { reserve: key.toBase58() });
  return reserve;
}

export interface ReserveRefreshOptions {
  /**
   * false: one refresh_reserve per reserve even where one refresh_reserves_batch is smaller, for transactions that
   * admit only refresh_reserve (a receivership's instructions before its start).
   */
  batch?: boolean;
}

/**
 * A refresh of every reserve behind a Kamino bank among `banks`, once per reserve, in order: one
 * refresh_reserves_batch where that is smaller than a refresh_reserve each, which it leaves the reserves equal to.
 */
export function kaminoReserveRefreshes(
  banks: readonly Bank[],
  reserves: KaminoReserveLookup,
  options: ReserveRefreshOptions = {},
): TransactionInstruction[] {
  const seen = new Set<string>();
  const loaded: LoadedReserve[] = [];
  for (const bank of banks.filter(isKaminoBank)) {
    const { reserve } = kaminoBankKeys(bank);
    if (seen.has(reserve.toBase58())) continue;
    seen.add(reserve.toBase58());
    loaded.push({ address: reserve, state: reserveOf(reserves, reserve) });
  }
  if (options.batch === false) return loaded.map((r) => refreshReserveInstructionFor(r.address, r.state));
  return reserveRefreshInstructions(loaded);
}

/**
 * What a health check of `account` alone (a simulated pulse-health) needs before it in its transaction: refresh_reserve
 * for each reserve behind its Kamino positions, read from the chain; none for an account without any.
 */
export async function accountHealthRefreshes(
  connection: Connection,
  account: MarginfiAccount,
  banks: BankLookup,
): Promise<TransactionInstruction[]> {
  const held = activeBankKeys(account).map((key) => {
    const bank = banks.get(key.toBase58());
    if (bank === undefined) throw new BallastSdkError("BANK_NOT_FOUND", { bank: key.toBase58() });
    return bank;
  });
  if (!held.some(isKaminoBank)) return [];
  return kaminoReserveRefreshes(held, await fetchKaminoReserves(connection, held));
}

/** refresh_obligation for the bank's obligation, whose one deposit is the bank's reserve (refresh that reserve first). */
export function kaminoObligationRefresh(bank: Bank, reserves: KaminoReserveLookup): TransactionInstruction {
  const { reserve, obligation } = kaminoBankKeys(bank);
  return refreshObligationInstruction({
    lendingMarket: reserveOf(reserves, reserve).lendingMarket,
    obligation,
    depositReserves: [reserve],
    borrowReserves: [],
  });
}

/**
 * The flow with `refreshes` bound to its last instruction of the lending program (the action), so packing keeps
 * them in the action's transaction; the flow unchanged when there are none.
 */
export function withRefreshes(
  flow: readonly TransactionInstruction[],
  refreshes: readonly TransactionInstruction[],
  lendingProgram: PublicKey,
): PackItem[] {
  if (refreshes.length === 0) return [...flow];
  let action: { index: number; ix: TransactionInstruction } | undefined;
  for (const [index, ix] of flow.entries()) if (ix.programId.equals(lendingProgram)) action = { index, ix };
  if (action === undefined) throw new BallastSdkError("NO_INSTRUCTION_TO_REFRESH_FOR");
  return [...flow.slice(0, action.index), [...refreshes, action.ix], ...flow.slice(action.index + 1)];
}
