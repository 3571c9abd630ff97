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
});
