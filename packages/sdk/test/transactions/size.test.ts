import {
  ComputeBudgetProgram,
  Keypair,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  PublicKey,
} from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import {
  MAX_ACCOUNT_KEYS,
  MAX_TRANSACTION_SIZE,
  accountKeyCount,
  compileInstructionSet,
  encodeTransaction,
  measureInstructions,
  shortVecSize,
  transactionSize,
} from "../../src/transactions/index.js";
import { dataInstruction, key, lookupTable } from "./support/instructions.js";

const payer = key(1);
const recipient = key(2);
const transfer = SystemProgram.transfer({ fromPubkey: payer, toPubkey: recipient, lamports: 1 });

describe("transaction size", () => {
  it("limits are Solana's packet size and the 64-key overflow threshold", () => {
    expect(MAX_TRANSACTION_SIZE).toBe(1232);
    expect(MAX_ACCOUNT_KEYS).toBe(64);
  });

  it("compact-u16 prefixes take 1, 2 or 3 bytes", () => {
    expect([0, 127, 128, 16_383, 16_384].map(shortVecSize)).toEqual([1, 1, 2, 2, 3]);
  });

  it("a SOL transfer is 215 bytes as a legacy transaction and 217 as v0", () => {
    expect(measureInstructions({ payer, instructions: [transfer], version: "legacy" })).toEqual({ bytes: 215, accountKeys: 3 });
    expect(measureInstructions({ payer, instructions: [transfer] })).toEqual({ bytes: 217, accountKeys: 3 });
  });

  it("a lookup table replaces a 32-byte key with a one-byte index plus the table entry (220 bytes)", () => {
    const table = lookupTable([key(50), recipient]);
    const measured = measureInstructions({ payer, instructions: [transfer], lookupTables: [table] });
    expect(measured).toEqual({ bytes: 220, accountKeys: 3 });
    const message = compileInstructionSet({ payer, instructions: [transfer], lookupTables: [table] });
    expect(message.staticAccountKeys).toHaveLength(2);
    expect(accountKeyCount(message)).toBe(3);
  });

  it("matches web3.js's serialization for legacy, v0 and lookup-table transactions, signed or not", () => {
    const signer = Keypair.generate();
    const blockhash = key(3).toBase58();
    const instructions = [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 300_000 }),
      SystemProgram.transfer({ fromPubkey: signer.publicKey, toPubkey: recipient, lamports: 5 }),
      dataInstruction(200, [key(10), key(11), key(12)]),
      dataInstruction(3, [key(13)]),
    ];
    const legacy = new Transaction({ feePayer: signer.publicKey, recentBlockhash: blockhash }).add(...instructions);
    legacy.sign(signer);
    expect(transactionSize(legacy)).toBe(legacy.serialize().length);

    const table = lookupTable([key(10), key(11), key(13), recipient]);
    for (const tables of [[], [table]]) {
      const message = new TransactionMessage({ payerKey: signer.publicKey, recentBlockhash: blockhash, instructions }).compileToV0Message(
        tables,
      );
      const unsigned = new VersionedTransaction(message);
      expect(transactionSize(unsigned)).toBe(unsigned.serialize().length);
      unsigned.sign([signer]);
      expect(transactionSize(unsigned)).toBe(unsigned.serialize().length);
    }
  });

  it("measures a legacy transaction only once it has a fee payer and a blockhash", () => {
    const missing = new Transaction().add(transfer);
    expect(() => transactionSize(missing)).toThrow("Fee payer and blockhash are required");
    missing.feePayer = payer;
    expect(() => transactionSize(missing)).toThrow("Fee payer and blockhash are required");
    missing.recentBlockhash = PublicKey.default.toBase58();
    expect(transactionSize(missing)).toBe(215);
  });

  it("measures transactions too large for web3.js to serialize", () => {
    const set = { payer, instructions: [dataInstruction(1500)] };
    const oversized = new VersionedTransaction(compileInstructionSet(set));
    expect(() => encodeTransaction(oversized)).toThrow("Failed to encode transaction");
    // 65 signature + 103 message overhead + 1,504 for the instruction (program index, no accounts, 2-byte length).
    expect(measureInstructions(set).bytes).toBe(1672);
  });
});
