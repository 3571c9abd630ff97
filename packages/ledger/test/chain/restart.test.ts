// A ledger on disk, written through its store writer thread, reopened: history, statuses and replay refusal survive,
// and what was just sent is readable at once (before and after the writer has synced it).
import { Keypair, SystemProgram, Transaction } from "@solana/web3.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { Ledger } from "../../src/ledger.js";
import { PreflightFailure } from "../../src/service.js";
import { signFast } from "../support/signing.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function transfer(ledger: Ledger, from: Keypair, lamports: number): Buffer {
  const tx = new Transaction({ feePayer: from.publicKey, recentBlockhash: ledger.latestBlockhash().blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: Keypair.generate().publicKey, lamports }),
  );
  return signFast(tx, [from]);
}

it("keeps history across a restart and still refuses a replay of a landed transaction", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "ballast-restart-"));
  dirs.push(dataDir);
  const payer = Keypair.generate();
  const first = Ledger.open({ dataDir, slotMs: 0 });
  await first.requestAirdrop(payer.publicKey.toBase58(), 10_000_000_000n);
  const wires = [transfer(first, payer, 1_000_000), transfer(first, payer, 2_000_000), transfer(first, payer, 3_000_000)];
  const signatures: string[] = [];
  for (const wire of wires) signatures.push(await first.sendTransaction(wire, { skipPreflight: false }));
  // Durable, so read from the store the writer thread wrote.
  expect(first.getTransaction(signatures[1]!)?.meta.fee).toBe(5000n);
  const history = first.signaturesForAddress(payer.publicKey.toBase58(), { before: null, until: null, limit: 10 });
  // Newest first: the three transfers, then the airdrop that funded the payer.
  expect(history.map((r) => r.signature).slice(0, 3)).toEqual([...signatures].reverse());
  expect(history).toHaveLength(4);
  const slot = first.slot();
  const blockTime = first.blockTime(slot);
  await first.close();

  const second = Ledger.open({ dataDir, slotMs: 0 });
  try {
    expect(second.getAccount(payer.publicKey.toBase58())?.lamports).toBe(10_000_000_000n - 6_000_000n - 3n * 5000n);
    expect(second.getTransaction(signatures[2]!)?.slot).toBe(slot);
    expect(second.blockTime(slot)).toBe(blockTime);
    expect(second.signatureStatus(signatures[0]!, false)).toEqual({
      slot,
      confirmations: null,
      err: null,
      confirmationStatus: "finalized",
    });
    const replay = second.sendTransaction(wires[0]!, { skipPreflight: true });
    await expect(replay).rejects.toBeInstanceOf(PreflightFailure);
    await expect(replay).rejects.toMatchObject({ simulation: { err: "AlreadyProcessed" } });
    expect(second.getAccount(payer.publicKey.toBase58())?.lamports).toBe(10_000_000_000n - 6_000_000n - 3n * 5000n);
    // A new transfer lands and is found by address straight away.
    const fourth = await second.sendTransaction(transfer(second, payer, 4_000_000), { skipPreflight: false });
    expect(second.signaturesForAddress(payer.publicKey.toBase58(), { before: null, until: null, limit: 1 })[0]?.signature).toBe(fourth);
  } finally {
    await second.close();
  }
});
