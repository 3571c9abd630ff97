import {
  Keypair,
  PublicKey,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
  AddressLookupTableAccount,
} from "@solana/web3.js";
import { seededRandom } from "../support/random.js";
import { describe, expect, it } from "vitest";
import { MalformedTransactionError } from "../../src/service.js";
import { verifyTransactionSignatures } from "../../src/tx/verify.js";
import { decodeTransaction } from "../../src/tx/wire.js";

function randomTransaction(random: () => number): VersionedTransaction {
  const signers = Array.from({ length: 1 + Math.floor(random() * 3) }, () => Keypair.generate());
  const pool = Array.from({ length: 2 + Math.floor(random() * 8) }, () => Keypair.generate().publicKey);
  const instructions = Array.from({ length: 1 + Math.floor(random() * 4) }, () => {
    const keys = pool.filter(() => random() < 0.5).map((pubkey) => ({ pubkey, isSigner: false, isWritable: random() < 0.5 }));
    keys.push(...signers.slice(1).map((k) => ({ pubkey: k.publicKey, isSigner: true, isWritable: random() < 0.5 })));
    const data = Buffer.from(Array.from({ length: Math.floor(random() * 60) }, () => Math.floor(random() * 256)));
    return new TransactionInstruction({ programId: Keypair.generate().publicKey, keys, data });
  });
  const message = new TransactionMessage({
    payerKey: signers[0]!.publicKey,
    recentBlockhash: Keypair.generate().publicKey.toBase58(),
    instructions,
  });
  let compiled;
  if (random() < 0.5) {
    compiled = message.compileToLegacyMessage();
  } else {
    const table = new AddressLookupTableAccount({
      key: Keypair.generate().publicKey,
      state: {
        deactivationSlot: 2n ** 64n - 1n,
        lastExtendedSlot: 0,
        lastExtendedSlotStartIndex: 0,
        authority: undefined,
        addresses: pool,
      },
    });
    compiled = message.compileToV0Message([table]);
  }
  const tx = new VersionedTransaction(compiled);
  tx.sign(signers);
  return tx;
}

describe("wire decoding", () => {
  it("agrees with web3.js on random legacy and v0 transactions, and their signatures verify", () => {
    const random = seededRandom(20261122);
    for (let round = 0; round < 200; round++) {
      const tx = randomTransaction(random);
      const wire = Buffer.from(tx.serialize());
      const ours = decodeTransaction(wire);
      const theirs = VersionedTransaction.deserialize(wire);
      expect(ours.version).toBe(theirs.version);
      expect(ours.signatures.map((s) => s.toString("hex"))).toEqual(theirs.signatures.map((s) => Buffer.from(s).toString("hex")));
      expect(ours.header).toEqual(theirs.message.header);
      expect(ours.staticAccountKeys).toEqual(theirs.message.staticAccountKeys.map((k: PublicKey) => k.toBase58()));
      expect(ours.recentBlockhash).toBe(theirs.message.recentBlockhash);
      expect(ours.instructions.map((ix) => ({ programIdIndex: ix.programIdIndex, accounts: ix.accounts, data: [...ix.data] }))).toEqual(
        theirs.message.compiledInstructions.map((ix) => ({
          programIdIndex: ix.programIdIndex,
          accounts: ix.accountKeyIndexes,
          data: [...ix.data],
        })),
      );
      expect(ours.addressTableLookups.map((l) => ({ ...l }))).toEqual(
        theirs.message.addressTableLookups.map((l) => ({
          accountKey: l.accountKey.toBase58(),
          writableIndexes: l.writableIndexes,
          readonlyIndexes: l.readonlyIndexes,
        })),
      );
      expect(ours.message.equals(Buffer.from(theirs.message.serialize()))).toBe(true);
      expect(verifyTransactionSignatures(ours)).toBe(true);
    }
  });

  it("refuses truncated input, trailing bytes, unknown versions and oversized transactions", () => {
    const wire = Buffer.from(randomTransaction(seededRandom(7)).serialize());
    expect(() => decodeTransaction(wire.subarray(0, wire.length - 1))).toThrow(
      new MalformedTransactionError(
        "failed to deserialize solana_sdk::transaction::versioned::VersionedTransaction: io error: failed to fill whole buffer",
      ),
    );
    expect(() => decodeTransaction(Buffer.concat([wire, Buffer.from([0])]))).toThrow(MalformedTransactionError);
    const big = Buffer.alloc(1233);
    expect(() => decodeTransaction(big)).toThrow(
      "decoded solana_sdk::transaction::versioned::VersionedTransaction too large: 1233 bytes (max: 1232 bytes)",
    );
  });

  it("detects a tampered signature", () => {
    const wire = Buffer.from(randomTransaction(seededRandom(11)).serialize());
    wire[5]! ^= 1;
    expect(verifyTransactionSignatures(decodeTransaction(wire))).toBe(false);
  });
});
