import { Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundedKeypair, startTestNet, type TestNet } from "../support/localnet.js";

let t: TestNet;
beforeAll(async () => {
  t = await startTestNet();
});
afterAll(async () => {
  await t.close();
});

describe("websocket subscriptions", () => {
  it("confirms a transaction by signatureSubscribe and reports the account change and logs", async () => {
    const alice = await fundedKeypair(t.connection, 1);
    const bob = Keypair.generate();

    const accountChange = new Promise<number>((resolve) => {
      const id = t.connection.onAccountChange(bob.publicKey, (info) => {
        void t.connection.removeAccountChangeListener(id);
        resolve(info.lamports);
      });
    });
    const logs = new Promise<string[]>((resolve) => {
      const id = t.connection.onLogs(bob.publicKey, (entry) => {
        void t.connection.removeOnLogsListener(id);
        resolve(entry.logs);
      });
    });
    // Give the subscriptions time to be registered on the server before anything happens.
    await new Promise((r) => setTimeout(r, 200));

    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: LAMPORTS_PER_SOL / 2 }),
    );
    const signature = await t.connection.sendTransaction(tx, [alice]);
    const signatureResult = await new Promise<unknown>((resolve) =>
      t.connection.onSignature(signature, (result) => resolve(result.err), "confirmed"),
    );
    expect(signatureResult).toBeNull();
    expect(await accountChange).toBe(LAMPORTS_PER_SOL / 2);
    expect(await logs).toEqual(["Program 11111111111111111111111111111111 invoke [1]", "Program 11111111111111111111111111111111 success"]);
  });

  it("notifies new slots", async () => {
    const slots: number[] = [];
    await new Promise<void>((resolve) => {
      const id = t.connection.onSlotChange((info) => {
        slots.push(info.slot);
        if (slots.length === 3) {
          void t.connection.removeSlotChangeListener(id);
          resolve();
        }
      });
    });
    expect(slots[1]).toBe(slots[0]! + 1);
    expect(slots[2]).toBe(slots[1]! + 1);
  });
});
