import { Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction, sendAndConfirmTransaction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundedKeypair, rpcCall, startTestNet, type TestNet } from "../support/localnet.js";

let t: TestNet;
beforeAll(async () => {
  t = await startTestNet();
});
afterAll(async () => {
  await t.close();
});

describe("system transfers over JSON-RPC", () => {
  it("airdrops, transfers and charges exactly 5000 lamports per signature", async () => {
    const alice = await fundedKeypair(t.connection, 2);
    const bob = Keypair.generate();
    expect(await t.connection.getBalance(alice.publicKey)).toBe(2 * LAMPORTS_PER_SOL);

    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1_000_000 }));
    const signature = await sendAndConfirmTransaction(t.connection, tx, [alice]);

    expect(await t.connection.getBalance(bob.publicKey)).toBe(1_000_000);
    expect(await t.connection.getBalance(alice.publicKey)).toBe(2 * LAMPORTS_PER_SOL - 1_000_000 - 5000);

    const landed = await t.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(landed?.meta?.err).toBeNull();
    expect(landed?.meta?.fee).toBe(5000);
    expect(landed?.meta?.preBalances).toEqual([2 * LAMPORTS_PER_SOL, 0, 1]);
    expect(landed?.meta?.postBalances).toEqual([2 * LAMPORTS_PER_SOL - 1_005_000, 1_000_000, 1]);
    expect(landed?.meta?.logMessages).toEqual([
      "Program 11111111111111111111111111111111 invoke [1]",
      "Program 11111111111111111111111111111111 success",
    ]);

    expect(await t.connection.getBlockTime(landed!.slot)).toBe(landed!.blockTime);
    const future = await rpcCall(t.net.rpc.url, { jsonrpc: "2.0", id: 1, method: "getBlockTime", params: [landed!.slot + 1_000_000] });
    expect(future.json.error).toEqual({ code: -32004, message: `Block not available for slot ${landed!.slot + 1_000_000}` });

    const statuses = await t.connection.getSignatureStatuses([signature]);
    expect(statuses.value[0]?.err).toBeNull();
    expect(statuses.value[0]?.confirmationStatus).toBe("finalized");

    const history = await t.connection.getSignaturesForAddress(bob.publicKey);
    expect(history.map((h) => h.signature)).toEqual([signature]);
  });

  it("refuses a transfer to a new account below rent exemption, charging only the fee", async () => {
    const alice = await fundedKeypair(t.connection, 1);
    const bob = Keypair.generate();
    const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1000 }));
    const signature = await t.connection.sendTransaction(tx, [alice], { skipPreflight: true });
    const { blockhash, lastValidBlockHeight } = await t.connection.getLatestBlockhash();
    const result = await t.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight });
    expect(result.value.err).toEqual({ InsufficientFundsForRent: { account_index: 1 } });
    expect(await t.connection.getBalance(bob.publicKey)).toBe(0);
    expect(await t.connection.getBalance(alice.publicKey)).toBe(LAMPORTS_PER_SOL - 5000);
  });

  it("simulates a failing transfer and returns its logs without changing anything", async () => {
    const alice = await fundedKeypair(t.connection, 1);
    const bob = Keypair.generate();
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 5 * LAMPORTS_PER_SOL }),
    );
    tx.feePayer = alice.publicKey;
    tx.recentBlockhash = (await t.connection.getLatestBlockhash()).blockhash;
    tx.sign(alice);
    const simulation = await t.connection.simulateTransaction(tx);
    expect(simulation.value.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(simulation.value.logs).toEqual([
      "Program 11111111111111111111111111111111 invoke [1]",
      `Program log: Transfer: insufficient lamports ${LAMPORTS_PER_SOL - 5000}, need ${5 * LAMPORTS_PER_SOL}`,
      "Program 11111111111111111111111111111111 failed: custom program error: 0x1",
    ]);
    expect(await t.connection.getBalance(alice.publicKey)).toBe(LAMPORTS_PER_SOL);
  });
});
