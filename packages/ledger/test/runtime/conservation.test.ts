import { seededRandom } from "../support/random.js";
import { Keypair, SystemProgram, Transaction } from "@solana/web3.js";
import { afterAll, describe, expect, it } from "vitest";
import { Ledger } from "../../src/ledger.js";
import { PreflightFailure } from "../../src/service.js";
import { signFast } from "../support/signing.js";

const ledger = Ledger.open({ dataDir: null, slotMs: 0 });
afterAll(() => ledger.close());

describe("lamport conservation (property)", () => {
  it("keeps the sum of balances plus fees constant over random transfers, landed or failed", async () => {
    const random = seededRandom(424242);
    const wallets = Array.from({ length: 8 }, () => Keypair.generate());
    for (const w of wallets) await ledger.requestAirdrop(w.publicKey.toBase58(), BigInt(1 + Math.floor(random() * 5)) * 1_000_000_000n);
    const balance = (w: Keypair) => ledger.getAccount(w.publicKey.toBase58())?.lamports ?? 0n;
    const total = () => wallets.reduce((sum, w) => sum + balance(w), 0n);
    const start = total();
    let fees = 0n;
    let landed = 0;
    let refused = 0;

    for (let round = 0; round < 300; round++) {
      const from = wallets[Math.floor(random() * wallets.length)]!;
      const to = wallets[Math.floor(random() * wallets.length)]!;
      // Amounts sometimes exceed the balance, so some transfers fail inside the program.
      const lamports = BigInt(Math.floor(random() * 3_000_000_000));
      const before = balance(from);
      const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: ledger.latestBlockhash().blockhash }).add(
        SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to.publicKey, lamports }),
      );
      try {
        const signature = await ledger.sendTransaction(signFast(tx, [from]), { skipPreflight: random() < 0.5 });
        const record = ledger.getTransaction(signature)!;
        fees += record.meta.fee;
        landed++;
        if (record.meta.err === null) expect(before - balance(from)).toBe(from === to ? 5000n : lamports + 5000n);
        else expect(before - balance(from)).toBe(5000n);
      } catch (e) {
        expect(e).toBeInstanceOf(PreflightFailure);
        expect(balance(from)).toBe(before);
        refused++;
      }
      expect(total() + fees).toBe(start);
      for (const w of wallets) expect(balance(w) >= 0n).toBe(true);
    }
    expect(landed).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(10);
  });
});
