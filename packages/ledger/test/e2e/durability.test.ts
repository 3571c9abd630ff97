import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from "@solana/web3.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { exited, freePortPair, spawnLocalnet, waitForRpc } from "../support/process.js";

const dataDir = mkdtempSync(join(tmpdir(), "ballast-durability-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("durability", () => {
  it("keeps every confirmed transaction across kill -9 and continues slots and the clock", async () => {
    const port = await freePortPair();
    const url = `http://127.0.0.1:${port}`;
    const env = { RPC_PORT: String(port), DATA_DIR: dataDir, SLOT_MS: "100" };
    let child = spawnLocalnet(env);
    await waitForRpc(url);
    const connection = new Connection(url, "confirmed");

    const senders: Keypair[] = [];
    for (let i = 0; i < 4; i++) {
      const k = Keypair.generate();
      const signature = await connection.requestAirdrop(k.publicKey, 100 * LAMPORTS_PER_SOL);
      const latest = await connection.getLatestBlockhash();
      await connection.confirmTransaction({ signature, ...latest });
      senders.push(k);
    }

    // Load: each sender streams transfers to fresh recipients; a transfer counts once the RPC has returned its signature.
    const confirmed: { signature: string; recipient: string; lamports: number }[] = [];
    let stop = false;
    let n = 0;
    const workers = senders.map(async (sender) => {
      while (!stop) {
        const recipient = Keypair.generate().publicKey;
        const lamports = 1_000_000 + n++;
        const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: recipient, lamports }));
        try {
          const signature = await connection.sendTransaction(tx, [sender], { skipPreflight: true });
          const status = (await connection.getSignatureStatuses([signature])).value[0];
          if (status && status.err === null && status.confirmationStatus !== "processed")
            confirmed.push({ signature, recipient: recipient.toBase58(), lamports });
        } catch {
          return; // the node died under us
        }
      }
    });
    await new Promise((r) => setTimeout(r, 2500));
    const slotBefore = await connection.getSlot();
    child.kill("SIGKILL");
    stop = true;
    await exited(child);
    await Promise.all(workers);
    expect(confirmed.length).toBeGreaterThan(20);

    child = spawnLocalnet(env);
    try {
      await waitForRpc(url);
      const after = new Connection(url, "confirmed");
      expect(await after.getSlot()).toBeGreaterThan(slotBefore);
      for (let i = 0; i < confirmed.length; i += 100) {
        const chunk = confirmed.slice(i, i + 100);
        const statuses = await after.getSignatureStatuses(
          chunk.map((c) => c.signature),
          { searchTransactionHistory: true },
        );
        statuses.value.forEach((s) => expect(s?.err).toBeNull());
        const accounts = await after.getMultipleAccountsInfo(chunk.map((c) => new PublicKey(c.recipient)));
        accounts.forEach((a, j) => expect(a?.lamports).toBe(chunk[j]!.lamports));
      }
      // The node keeps working after recovery.
      const k = Keypair.generate();
      const sig = await after.requestAirdrop(k.publicKey, LAMPORTS_PER_SOL);
      await after.confirmTransaction({ signature: sig, ...(await after.getLatestBlockhash()) });
      expect(await after.getBalance(k.publicKey)).toBe(LAMPORTS_PER_SOL);
    } finally {
      child.kill("SIGTERM");
      expect(await exited(child)).toBe(0);
    }
  }, 120_000);
});
