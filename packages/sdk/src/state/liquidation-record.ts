// An account's liquidation record (PDA ["liq_record", account]) as a user reads it: the program keeps the last four
// receivership liquidations and deleverages of the account, oldest first, with never-used slots all zero.
import { decodeLiquidationRecord, type LiquidationRecord } from "@ballast/protocol";
import { PublicKey, type Connection } from "@solana/web3.js";
import { liquidationRecordAddress } from "../instructions/pda.js";

/** One liquidation of the account as its record keeps it. */
export interface LiquidationRecordEntry {
  /** USD value of the collateral taken, in equity terms (weight 1). */
  readonly assetSeizedUsd: number;
  /** USD value of the debt repaid. */
  readonly liabilityRepaidUsd: number;
  /** Unix seconds. */
  readonly timestamp: number;
}

/** The record's used entries, newest first. */
export function liquidationRecordEntries(record: LiquidationRecord): LiquidationRecordEntry[] {
  return record.entries
    .filter((entry) => entry.assetAmountSeized !== 0 || entry.liabAmountRepaid !== 0 || entry.timestamp !== 0n)
    .map((entry) => ({
      assetSeizedUsd: entry.assetAmountSeized,
      liabilityRepaidUsd: entry.liabAmountRepaid,
      timestamp: Number(entry.timestamp),
    }))
    .reverse();
}

/** The account's recorded liquidations, newest first; none when the account has no record. */
export async function fetchLiquidationRecordEntries(
  connection: Connection,
  marginfiAccount: string,
  programId: string,
): Promise<LiquidationRecordEntry[]> {
  const address = liquidationRecordAddress(new PublicKey(marginfiAccount), new PublicKey(programId));
  const info = await connection.getAccountInfo(address);
  // Only the program can have written its PDA; anything else there (a transfer of lamports) is no record.
  if (info === null || !info.owner.equals(new PublicKey(programId))) return [];
  return liquidationRecordEntries(decodeLiquidationRecord(info.data));
}
