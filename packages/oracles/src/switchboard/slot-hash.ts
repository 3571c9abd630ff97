// The newest entry of the SlotHashes sysvar: the slot and hash a Switchboard oracle signs its values over.
import { type Commitment, type Connection, SYSVAR_SLOT_HASHES_PUBKEY } from "@solana/web3.js";

export interface SlotHashEntry {
  readonly slot: bigint;
  readonly hash: Uint8Array;
}

/** bincode Vec<(u64 slot, [u8; 32] hash)>, newest first: the count, then the first entry. */
export async function latestSlotHash(connection: Connection, commitment: Commitment = "confirmed"): Promise<SlotHashEntry> {
  const info = await connection.getAccountInfo(SYSVAR_SLOT_HASHES_PUBKEY, commitment);
  if (info === null || info.data.length < 48 || info.data.readBigUInt64LE(0) === 0n) throw new Error("the SlotHashes sysvar holds no slot");
  return { slot: info.data.readBigUInt64LE(8), hash: Uint8Array.from(info.data.subarray(16, 48)) };
}
