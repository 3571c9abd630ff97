// setAccounts: state written outside any transaction, as solana-test-validator's --account does, for tests and benches.
import { Keypair, SystemProgram, Transaction } from "@solana/web3.js";
import { afterAll, describe, expect, it } from "vitest";
import { Ledger } from "../../src/ledger.js";
import { signFast } from "../support/signing.js";

const ledger = Ledger.open({ dataDir: null, slotMs: 0 });
afterAll(() => ledger.close());

describe("setAccounts", () => {
  it("writes accounts a transaction then uses, and copies them so the caller's buffers stay its own", async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    const written = { lamports: 5_000_000_000n, data: Buffer.from([1, 2, 3]), owner, executable: false, rentEpoch: 0n };
    const data = Keypair.generate();
    const payer = Keypair.generate();
    ledger.setAccounts([
      [data.publicKey.toBase58(), written],
      [payer.publicKey.toBase58(), { ...written, data: Buffer.alloc(0), owner: SystemProgram.programId.toBase58() }],
    ]);
    written.data[0] = 9;
    expect(ledger.getAccount(data.publicKey.toBase58())).toEqual({ ...written, data: Buffer.from([1, 2, 3]) });

    const to = Keypair.generate().publicKey;
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: ledger.latestBlockhash().blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1_000_000_000 }),
    );
    await ledger.sendTransaction(signFast(tx, [payer]), { skipPreflight: false });
    expect(ledger.getAccount(to.toBase58())?.lamports).toBe(1_000_000_000n);
  });

  it("refuses to overwrite a program or sysvar, writing none of the batch", () => {
    const innocent = Keypair.generate().publicKey.toBase58();
    const account = { lamports: 1n, data: Buffer.alloc(0), owner: SystemProgram.programId.toBase58(), executable: false, rentEpoch: 0n };
    expect(() =>
      ledger.setAccounts([
        [innocent, account],
        ["SysvarC1ock11111111111111111111111111111111", account],
      ]),
    ).toThrow("SysvarC1ock11111111111111111111111111111111 is a program or sysvar and cannot be set");
    expect(ledger.getAccount(innocent)).toBeNull();
  });
});
