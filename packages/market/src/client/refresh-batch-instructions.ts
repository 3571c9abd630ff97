// Builders for refresh_reserves_batch: one instruction refreshing many reserves, each as a group of remaining accounts
// [reserve, market] plus its four oracle slots unless prices are skipped.
import type { AccountMeta, TransactionInstruction } from "@solana/web3.js";
import { accountMeta, buildInstruction, type Key } from "@ballast/codec";
import { type RefreshReserveParams, refreshReserveInstructionFor, reserveOracleAccounts } from "./admin-instructions.js";
import { type ProgramOption, programIdOf } from "./coder.js";
import { KLEND_INSTRUCTIONS } from "./instructions.js";
import type { LoadedReserve } from "./position-instructions.js";

export interface RefreshReservesBatchParams extends ProgramOption {
  /** Each reserve with its market and (unless prices are skipped) its oracle accounts. */
  reserves: readonly Omit<RefreshReserveParams, "programId">[];
  /** Accrue interest only: no oracle slots are passed and no price is read. */
  skipPriceUpdates?: boolean;
}

export function refreshReservesBatchInstruction(p: RefreshReservesBatchParams): TransactionInstruction {
  const programId = programIdOf(p);
  const skipPriceUpdates = p.skipPriceUpdates ?? false;
  const slot = (key: Key | null | undefined): AccountMeta => accountMeta(key ?? programId);
  return buildInstruction(programId, KLEND_INSTRUCTIONS, "refresh_reserves_batch", {
    accounts: {},
    args: { skipPriceUpdates },
    remainingAccounts: p.reserves.flatMap((r) => [
      accountMeta(r.reserve, { writable: true }),
      accountMeta(r.lendingMarket),
      ...(skipPriceUpdates ? [] : [slot(r.pythOracle), slot(r.switchboardPriceOracle), slot(r.switchboardTwapOracle), slot(r.scopePrices)]),
    ]),
  });
}

/** refresh_reserves_batch of decoded reserves, with the oracle accounts their configs name. */
export function refreshReservesBatchInstructionFor(
  reserves: readonly LoadedReserve[],
  options: ProgramOption & { skipPriceUpdates?: boolean } = {},
): TransactionInstruction {
  return refreshReservesBatchInstruction({
    ...options,
    reserves: reserves.map((r) => ({ reserve: r.address, lendingMarket: r.state.lendingMarket, ...reserveOracleAccounts(r.state) })),
  });
}

/** The bytes an instruction takes in a transaction beyond its account keys (which both forms share). */
function compiledSize(ix: TransactionInstruction): number {
  const compactLength = (n: number) => (n < 0x80 ? 1 : n < 0x4000 ? 2 : 3);
  return 1 + compactLength(ix.keys.length) + ix.keys.length + compactLength(ix.data.length) + ix.data.length;
}

/**
 * Refreshes of `reserves` for one transaction: a single refresh_reserves_batch, or one refresh_reserve each when
 * that is no larger (a single reserve). Both leave the reserves in the same state.
 */
export function reserveRefreshInstructions(reserves: readonly LoadedReserve[], options: ProgramOption = {}): TransactionInstruction[] {
  const individual = reserves.map((r) => refreshReserveInstructionFor(r.address, r.state, options));
  if (reserves.length < 2) return individual;
  const batch = refreshReservesBatchInstructionFor(reserves, options);
  const individualSize = individual.reduce((sum, ix) => sum + compiledSize(ix), 0);
  return compiledSize(batch) < individualSize ? [batch] : individual;
}
