import { createMint } from "@solana/spl-token";
import bs58 from "bs58";
import { Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction, TransactionInstruction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Program } from "../../src/runtime/program.js";
import { fundedKeypair, rpcCall, startTestNet, type TestNet } from "../support/localnet.js";

/** A deliberately misbehaving program: flips a byte of whatever account it is given. */
const meddler: Program = {
  id: Keypair.generate().publicKey.toBase58(),
  builtin: false,
  execute(ctx) {
    ctx.consume(100);
    ctx.accounts[0]!.account.data[0]! ^= 1;
  },
};

let t: TestNet;
beforeAll(async () => {
  t = await startTestNet({ slotMs: 0, programs: [meddler] });
});
afterAll(async () => {
  await t.close();
});

async function signed(from: Keypair, ix: TransactionInstruction, blockhash?: string): Promise<Transaction> {
  const tx = new Transaction().add(ix);
  tx.feePayer = from.publicKey;
  tx.recentBlockhash = blockhash ?? (await t.connection.getLatestBlockhash()).blockhash;
  tx.sign(from);
  return tx;
}

async function send(tx: Buffer | string): Promise<any> {
  const encoded = typeof tx === "string" ? tx : tx.toString("base64");
  return (await rpcCall(t.net.rpc.url, { jsonrpc: "2.0", id: 1, method: "sendTransaction", params: [encoded, { encoding: "base64" }] }))
    .json;
}

async function stillServing(): Promise<void> {
  expect((await rpcCall(t.net.rpc.url, { jsonrpc: "2.0", id: 9, method: "getHealth" })).json.result).toBe("ok");
}

describe("bad input gets Solana's error, changes nothing and leaves the server up", () => {
  let alice: Keypair;
  const bob = Keypair.generate();
  beforeAll(async () => {
    alice = Keypair.generate();
    await t.net.ledger.requestAirdrop(alice.publicKey.toBase58(), BigInt(LAMPORTS_PER_SOL));
  });

  it("malformed JSON", async () => {
    const reply = await rpcCall(t.net.rpc.url, "{not json");
    expect(reply.json).toEqual({ jsonrpc: "2.0", error: { code: -32700, message: "Parse error" }, id: null });
    await stillServing();
  });

  it("unknown method", async () => {
    const reply = await rpcCall(t.net.rpc.url, { jsonrpc: "2.0", id: 7, method: "getEverything", params: [] });
    expect(reply.json).toEqual({ jsonrpc: "2.0", error: { code: -32601, message: "Method not found" }, id: 7 });
  });

  it("bad base64", async () => {
    const reply = await send("@@@not-base64@@@");
    expect(reply.error.code).toBe(-32602);
    expect(reply.error.message).toMatch(/^invalid base64 encoding/);
    await stillServing();
  });

  it("wrong signature", async () => {
    const tx = await signed(alice, SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1_000_000 }));
    const wire = tx.serialize();
    wire[10]! ^= 0xff;
    const reply = await send(wire);
    expect(reply.error).toEqual({ code: -32003, message: "Transaction signature verification failure" });
    expect(await t.connection.getBalance(bob.publicKey)).toBe(0);
    expect(await t.connection.getBalance(alice.publicKey)).toBe(LAMPORTS_PER_SOL);
  });

  it("oversized transaction", async () => {
    const ix = new TransactionInstruction({
      programId: new PublicKey("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr"),
      keys: [],
      data: Buffer.alloc(1200, 97),
    });
    const tx = new Transaction().add(ix);
    tx.feePayer = alice.publicKey;
    tx.recentBlockhash = (await t.connection.getLatestBlockhash()).blockhash;
    // web3.js refuses to serialize an oversized transaction, so assemble the wire form by hand.
    const message = tx.serializeMessage();
    const wire = Buffer.concat([Buffer.from([1]), alice.secretKey.subarray(0, 64), message]);
    expect(wire.length).toBeGreaterThan(1232);
    const reply = await send(wire);
    expect(reply.error.code).toBe(-32602);
    expect(reply.error.message).toBe(
      `decoded solana_sdk::transaction::versioned::VersionedTransaction too large: ${wire.length} bytes (max: 1232 bytes)`,
    );
  });

  it("the same account listed twice", async () => {
    const tx = await signed(alice, SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1_000_000 }));
    const wire = tx.serialize();
    // Legacy layout: 1 signature (65 bytes), 3 header bytes, key count, then keys: [alice, bob, system]. Make bob alice.
    const keysAt = 65 + 3 + 1;
    alice.publicKey.toBuffer().copy(wire, keysAt + 32);
    const reply = await send(wire);
    expect(reply.error).toEqual({ code: -32602, message: "invalid transaction: Account loaded twice" });
    expect(await t.connection.getBalance(alice.publicKey)).toBe(LAMPORTS_PER_SOL);
  });

  it("expired blockhash", async () => {
    const old = (await t.connection.getLatestBlockhash()).blockhash;
    t.net.ledger.warp(151);
    const tx = await signed(
      alice,
      SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1_000_000 }),
      old,
    );
    const reply = await send(tx.serialize());
    expect(reply.error.code).toBe(-32002);
    expect(reply.error.message).toBe("Transaction simulation failed: Blockhash not found");
    expect(reply.error.data.err).toBe("BlockhashNotFound");
    expect(await t.connection.getBalance(alice.publicKey)).toBe(LAMPORTS_PER_SOL);
  });

  it("duplicate signature", async () => {
    const tx = await signed(alice, SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: bob.publicKey, lamports: 1_000_000 }));
    const first = await send(tx.serialize());
    expect(first.result).toBe(bs58.encode(tx.signature!));
    const again = await send(tx.serialize());
    expect(again.error.code).toBe(-32002);
    expect(again.error.message).toBe("Transaction simulation failed: This transaction has already been processed");
    expect(again.error.data.err).toBe("AlreadyProcessed");
    expect(await t.connection.getBalance(bob.publicKey)).toBe(1_000_000);
    expect(await t.connection.getBalance(alice.publicKey)).toBe(LAMPORTS_PER_SOL - 1_000_000 - 5000);
  });

  it("instruction touching a read-only account", async () => {
    const before = await t.connection.getBalance(alice.publicKey);
    const carol = Keypair.generate().publicKey;
    await t.net.ledger.requestAirdrop(carol.toBase58(), 2_000_000n);
    const ix = SystemProgram.transfer({ fromPubkey: alice.publicKey, toPubkey: carol, lamports: 1_000_000 });
    ix.keys[1]!.isWritable = false;
    const reply = await send((await signed(alice, ix)).serialize());
    expect(reply.error.code).toBe(-32002);
    expect(reply.error.message).toBe(
      "Transaction simulation failed: Error processing Instruction 0: instruction changed the balance of a read-only account",
    );
    expect(reply.error.data.err).toEqual({ InstructionError: [0, "ReadonlyLamportChange"] });
    expect(await t.connection.getBalance(carol)).toBe(2_000_000);
    expect(await t.connection.getBalance(alice.publicKey)).toBe(before);
  });

  it("program writing an account it does not own", async () => {
    const payer = await fundedKeypair(t.connection, 1);
    const mint = await createMint(t.connection, payer, payer.publicKey, null, 6);
    const before = (await t.connection.getAccountInfo(mint))!.data;
    const ix = new TransactionInstruction({
      programId: new PublicKey(meddler.id),
      keys: [{ pubkey: mint, isSigner: false, isWritable: true }],
      data: Buffer.alloc(0),
    });
    const reply = await send((await signed(payer, ix)).serialize());
    expect(reply.error.code).toBe(-32002);
    expect(reply.error.data.err).toEqual({ InstructionError: [0, "ExternalAccountDataModified"] });
    expect(reply.error.data.logs).toEqual([
      `Program ${meddler.id} invoke [1]`,
      `Program ${meddler.id} consumed 100 of 200000 compute units`,
      `Program ${meddler.id} failed: instruction modified data of an account it does not own`,
    ]);
    expect((await t.connection.getAccountInfo(mint))!.data.equals(before)).toBe(true);
    await stillServing();
  });
});
