import { AddressLookupTableAccount, PublicKey, TransactionInstruction } from "@solana/web3.js";

/** A deterministic key: 32 bytes of `seed`, offset past well-known program ids. */
export function key(seed: number): PublicKey {
  const bytes = Buffer.alloc(32, seed % 256);
  bytes.writeUInt32LE(seed, 0);
  return new PublicKey(bytes);
}

export const PROGRAM = key(900);

/** An instruction of PROGRAM carrying `dataLength` bytes and the given read-only accounts. */
export function dataInstruction(dataLength: number, accounts: PublicKey[] = [], programId: PublicKey = PROGRAM): TransactionInstruction {
  return new TransactionInstruction({
    programId,
    keys: accounts.map((pubkey) => ({ pubkey, isSigner: false, isWritable: false })),
    data: Buffer.alloc(dataLength, 7),
  });
}

/** A lookup table account held in memory (packing only needs its addresses). */
export function lookupTable(addresses: PublicKey[], address: PublicKey = key(901)): AddressLookupTableAccount {
  return new AddressLookupTableAccount({
    key: address,
    state: { deactivationSlot: BigInt("18446744073709551615"), lastExtendedSlot: 0, lastExtendedSlotStartIndex: 0, addresses },
  });
}
