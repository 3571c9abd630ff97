import { TransactionInstruction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import type { Address } from "../../src/account.js";
import { MEMO_PROGRAM_ID, MEMO_V1_PROGRAM_ID } from "../../src/programs/memo.js";
import { ProgramHarness, publicKey, testAddress } from "../support/program-harness.js";

const ALICE = testAddress(4);
const BOB = testAddress(5);

function memo(programId: Address, data: Buffer | string, signers: { key: Address; signed: boolean }[] = []): TransactionInstruction {
  return new TransactionInstruction({
    programId: publicKey(programId),
    keys: signers.map((s) => ({ pubkey: publicKey(s.key), isSigner: s.signed, isWritable: false })),
    data: Buffer.from(data),
  });
}

const run = (ix: TransactionInstruction) => new ProgramHarness().process(ix);

describe("memo v2", () => {
  it("logs each signer and the memo with its byte length", () => {
    const out = run(memo(MEMO_PROGRAM_ID, "hello", [{ key: ALICE, signed: true }]));
    expect(out.err).toBeNull();
    expect(out.logs).toEqual([
      `Program ${MEMO_PROGRAM_ID} invoke [1]`,
      `Program log: Signed by ${ALICE}`,
      'Program log: Memo (len 5): "hello"',
      `Program ${MEMO_PROGRAM_ID} consumed ${1400 + 352 * 5 + 13_500} of 200000 compute units`,
      `Program ${MEMO_PROGRAM_ID} success`,
    ]);
  });

  it("quotes and escapes the memo as Rust's Debug does", () => {
    const out = run(memo(MEMO_PROGRAM_ID, 'say "hi"\n\t\\ é 🐆 e\u0301\u0000'));
    expect(out.logs[1]).toBe('Program log: Memo (len 24): "say \\"hi\\"\\n\\t\\\\ é 🐆 e\\u{301}\\u{0}"');
  });

  it("fails when any account passed did not sign", () => {
    const out = run(
      memo(MEMO_PROGRAM_ID, "x", [
        { key: ALICE, signed: true },
        { key: BOB, signed: false },
      ]),
    );
    expect(out.err).toEqual({ InstructionError: [0, "MissingRequiredSignature"] });
    expect(out.logs.slice(1)).toEqual([
      `Program log: Signed by ${ALICE}`,
      `Program ${MEMO_PROGRAM_ID} consumed ${1400 + 352 + 13_500} of 200000 compute units`,
      `Program ${MEMO_PROGRAM_ID} failed: missing required signature for instruction`,
    ]);
  });

  it("refuses invalid UTF-8, saying where it stops being valid", () => {
    const out = run(memo(MEMO_PROGRAM_ID, Buffer.from([0x61, 0x62, 0x63, 0xf0, 0x9f, 0x90, 0xff])));
    expect(out.err).toEqual({ InstructionError: [0, "InvalidInstructionData"] });
    expect(out.logs[1]).toBe("Program log: Invalid UTF-8, from byte 3");
    // Overlong encodings and surrogates are invalid too.
    expect(run(memo(MEMO_PROGRAM_ID, Buffer.from([0xc0, 0xaf]))).err).toEqual({ InstructionError: [0, "InvalidInstructionData"] });
    expect(run(memo(MEMO_PROGRAM_ID, Buffer.from([0xed, 0xa0, 0x80]))).err).toEqual({ InstructionError: [0, "InvalidInstructionData"] });
  });
});

describe("memo v1", () => {
  it("is deployed at SPL Memo v1's mainnet id", () => {
    expect(MEMO_V1_PROGRAM_ID).toBe("Memo1UhkJRfHyvLMcVucJwxXeuD728EqVDDwQDxFMNo");
    expect(MEMO_PROGRAM_ID).toBe("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");
  });

  it("accepts any UTF-8 silently, signed or not", () => {
    const out = run(memo(MEMO_V1_PROGRAM_ID, "hello", [{ key: ALICE, signed: false }]));
    expect(out.err).toBeNull();
    expect(out.logs).toEqual([
      `Program ${MEMO_V1_PROGRAM_ID} invoke [1]`,
      `Program ${MEMO_V1_PROGRAM_ID} consumed ${600 + 12 * 5} of 200000 compute units`,
      `Program ${MEMO_V1_PROGRAM_ID} success`,
    ]);
  });

  it("refuses invalid UTF-8", () => {
    expect(run(memo(MEMO_V1_PROGRAM_ID, Buffer.from([0xff]))).err).toEqual({ InstructionError: [0, "InvalidInstructionData"] });
  });
});
