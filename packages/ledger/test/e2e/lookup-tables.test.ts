import {
  AddressLookupTableProgram,
  Keypair,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  sendAndConfirmTransaction,
} from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundedKeypair, startTestNet, type TestNet } from "../support/localnet.js";

let t: TestNet;
beforeAll(async () => {
  t = await startTestNet();
});
afterAll(async () => {
  await t.close();
});

describe("v0 transactions with address lookup tables", () => {
  it("creates and extends a table, then sends a v0 transfer that loads its recipients from it", async () => {
    const payer = await fundedKeypair(t.connection, 5);
    const recipients = [Keypair.generate(), Keypair.generate(), Keypair.generate()].map((k) => k.publicKey);
    const slot = await t.connection.getSlot();
    const [createIx, table] = AddressLookupTableProgram.createLookupTable({
      authority: payer.publicKey,
      payer: payer.publicKey,
      recentSlot: slot,
    });
    const extendIx = AddressLookupTableProgram.extendLookupTable({
      lookupTable: table,
      authority: payer.publicKey,
      payer: payer.publicKey,
      addresses: recipients,
    });
    await sendAndConfirmTransaction(t.connection, new Transaction().add(createIx, extendIx), [payer]);

    // Addresses appended in a slot are usable from the next slot on.
    const extendedAt = await t.connection.getSlot();
    while ((await t.connection.getSlot()) <= extendedAt) await new Promise((r) => setTimeout(r, 20));

    const lookup = (await t.connection.getAddressLookupTable(table)).value!;
    expect(lookup.state.addresses.map((a) => a.toBase58())).toEqual(recipients.map((r) => r.toBase58()));
    expect(lookup.state.authority?.toBase58()).toBe(payer.publicKey.toBase58());

    const { blockhash, lastValidBlockHeight } = await t.connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: recipients.map((to, i) =>
        SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1_000_000 * (i + 1) }),
      ),
    }).compileToV0Message([lookup]);
    expect(message.addressTableLookups).toHaveLength(1);
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const signature = await t.connection.sendTransaction(tx);
    const confirmation = await t.connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight });
    expect(confirmation.value.err).toBeNull();

    expect(await Promise.all(recipients.map((r) => t.connection.getBalance(r)))).toEqual([1_000_000, 2_000_000, 3_000_000]);
    const landed = await t.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(landed?.version).toBe(0);
    expect(landed?.meta?.loadedAddresses?.writable.map((a) => a.toBase58())).toEqual(recipients.map((r) => r.toBase58()));
    expect(landed?.meta?.loadedAddresses?.readonly).toEqual([]);
  });

  it("refuses a transaction that locks more than 64 accounts", async () => {
    const payer = await fundedKeypair(t.connection, 5);
    const extra = Array.from({ length: 70 }, () => Keypair.generate().publicKey);
    const slot = await t.connection.getSlot();
    const [createIx, table] = AddressLookupTableProgram.createLookupTable({
      authority: payer.publicKey,
      payer: payer.publicKey,
      recentSlot: slot,
    });
    await sendAndConfirmTransaction(t.connection, new Transaction().add(createIx), [payer]);
    for (let i = 0; i < extra.length; i += 25) {
      const extendIx = AddressLookupTableProgram.extendLookupTable({
        lookupTable: table,
        authority: payer.publicKey,
        payer: payer.publicKey,
        addresses: extra.slice(i, i + 25),
      });
      await sendAndConfirmTransaction(t.connection, new Transaction().add(extendIx), [payer]);
    }
    const extendedAt = await t.connection.getSlot();
    while ((await t.connection.getSlot()) <= extendedAt) await new Promise((r) => setTimeout(r, 20));
    const lookup = (await t.connection.getAddressLookupTable(table)).value!;
    expect(lookup.state.addresses).toHaveLength(70);

    const transfer = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: extra[0]!, lamports: 1_000_000 });
    transfer.keys.push(...extra.slice(1, 66).map((pubkey) => ({ pubkey, isSigner: false, isWritable: false })));
    const { blockhash } = await t.connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [transfer],
    }).compileToV0Message([lookup]);
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const simulation = await t.connection.simulateTransaction(tx);
    expect(simulation.value.err).toBe("TooManyAccountLocks");
    const before = await t.connection.getBalance(payer.publicKey);
    await expect(t.connection.sendTransaction(tx)).rejects.toThrow("Transaction simulation failed: Transaction locked too many accounts");
    expect(await t.connection.getBalance(payer.publicKey)).toBe(before);
  });
});
