import { Keypair, LAMPORTS_PER_SOL, PublicKey, SystemProgram, Transaction } from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundedKeypair, rpcCall, startTestNet, type TestNet } from "../support/localnet.js";

let t: TestNet;
beforeAll(async () => {
  t = await startTestNet();
});
afterAll(async () => {
  await t.close();
});

async function signedTransfer(from: Keypair, to: PublicKey, lamports: number): Promise<string> {
  const tx = new Transaction().add(SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }));
  tx.feePayer = from.publicKey;
  tx.recentBlockhash = (await t.connection.getLatestBlockhash()).blockhash;
  tx.sign(from);
  return tx.serialize().toString("base64");
}

describe("bundles", () => {
  it("lists eight tip accounts", async () => {
    const reply = await rpcCall(`${t.net.rpc.url}/api/v1/bundles`, { jsonrpc: "2.0", id: 1, method: "getTipAccounts", params: [] });
    expect(reply.json.result).toHaveLength(8);
  });

  it("lands a tipped bundle in order, and refuses a bundle whose second transaction fails without landing the first", async () => {
    const tips = (await rpcCall(`${t.net.rpc.url}/api/v1/bundles`, { jsonrpc: "2.0", id: 1, method: "getTipAccounts", params: [] })).json
      .result as string[];
    const alice = await fundedKeypair(t.connection, 1);
    const bob = Keypair.generate();
    const tipAccount = new PublicKey(tips[0]!);
    const tipBefore = await t.connection.getBalance(tipAccount);

    const good = [await signedTransfer(alice, bob.publicKey, LAMPORTS_PER_SOL / 4), await signedTransfer(alice, tipAccount, 1000)];
    const sent = await rpcCall(`${t.net.rpc.url}/api/v1/bundles`, {
      jsonrpc: "2.0",
      id: 2,
      method: "sendBundle",
      params: [good, { encoding: "base64" }],
    });
    expect(typeof sent.json.result).toBe("string");
    expect(await t.connection.getBalance(bob.publicKey)).toBe(LAMPORTS_PER_SOL / 4);
    expect(await t.connection.getBalance(tipAccount)).toBe(tipBefore + 1000);
    const statuses = await rpcCall(`${t.net.rpc.url}/api/v1/bundles`, {
      jsonrpc: "2.0",
      id: 3,
      method: "getBundleStatuses",
      params: [[sent.json.result]],
    });
    expect(statuses.json.result.value[0].bundle_id).toBe(sent.json.result);
    expect(statuses.json.result.value[0].transactions).toHaveLength(2);
    expect(statuses.json.result.value[0].err).toEqual({ Ok: null });

    const carol = Keypair.generate();
    const bad = [
      await signedTransfer(alice, carol.publicKey, LAMPORTS_PER_SOL / 10),
      await signedTransfer(alice, carol.publicKey, 50 * LAMPORTS_PER_SOL),
    ];
    const balanceBefore = await t.connection.getBalance(alice.publicKey);
    const refused = await rpcCall(`${t.net.rpc.url}/api/v1/bundles`, {
      jsonrpc: "2.0",
      id: 4,
      method: "sendBundle",
      params: [bad, { encoding: "base64" }],
    });
    expect(refused.json.error.code).toBe(-32002);
    expect(await t.connection.getBalance(carol.publicKey)).toBe(0);
    expect(await t.connection.getBalance(alice.publicKey)).toBe(balanceBefore);
  });

  it("refuses an untipped bundle and one with more than five transactions", async () => {
    const alice = await fundedKeypair(t.connection, 1);
    const bob = Keypair.generate();
    const untipped = [await signedTransfer(alice, bob.publicKey, LAMPORTS_PER_SOL / 10)];
    const refused = await rpcCall(`${t.net.rpc.url}/api/v1/bundles`, {
      jsonrpc: "2.0",
      id: 1,
      method: "sendBundle",
      params: [untipped, { encoding: "base64" }],
    });
    expect(refused.json.error).toBeDefined();
    expect(await t.connection.getBalance(bob.publicKey)).toBe(0);

    const six = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => signedTransfer(alice, bob.publicKey, 1_000_000 + n)));
    const tooMany = await rpcCall(`${t.net.rpc.url}/api/v1/bundles`, {
      jsonrpc: "2.0",
      id: 2,
      method: "sendBundle",
      params: [six, { encoding: "base64" }],
    });
    expect(tooMany.json.error.code).toBe(-32602);
  });

  it("simulates a bundle with account snapshots before and after each transaction", async () => {
    const alice = await fundedKeypair(t.connection, 1);
    const bob = Keypair.generate();
    const txs = [await signedTransfer(alice, bob.publicKey, 2_000_000), await signedTransfer(alice, bob.publicKey, 3_000_000)];
    const reply = await rpcCall(t.net.rpc.url, {
      jsonrpc: "2.0",
      id: 1,
      method: "simulateBundle",
      params: [
        { encodedTransactions: txs },
        {
          preExecutionAccountsConfigs: [{ addresses: [bob.publicKey.toBase58()], encoding: "base64" }, null],
          postExecutionAccountsConfigs: [null, { addresses: [bob.publicKey.toBase58()], encoding: "base64" }],
          skipSigVerify: false,
          replaceRecentBlockhash: false,
        },
      ],
    });
    const value = reply.json.result.value;
    expect(value.summary).toBe("succeeded");
    expect(value.transactionResults).toHaveLength(2);
    expect(value.transactionResults[0].preExecutionAccounts).toEqual([null]);
    expect(value.transactionResults[1].postExecutionAccounts[0].lamports).toBe(5_000_000);
    expect(await t.connection.getBalance(bob.publicKey)).toBe(0);
  });
});
