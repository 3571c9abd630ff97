import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SYSVAR_INSTRUCTIONS_PUBKEY,
  SystemProgram,
  Transaction,
  TransactionInstruction,
} from "@solana/web3.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundedKeypair, rpcCall, startTestNet, type TestNet } from "../support/localnet.js";
import { Probe, probe, probeId, vaultAddress } from "./programs.js";

let t: TestNet;
let payer: Keypair;
beforeAll(async () => {
  t = await startTestNet({ programs: [probe] });
  payer = await fundedKeypair(t.connection, 10);
});
afterAll(async () => {
  await t.close();
});

const PROBE = new PublicKey(probeId);

function probeIx(data: Buffer, keys: { pubkey: PublicKey; isSigner: boolean; isWritable: boolean }[] = []): TransactionInstruction {
  return new TransactionInstruction({ programId: PROBE, keys, data });
}

function burn(units: number): TransactionInstruction {
  const data = Buffer.alloc(5);
  data[0] = Probe.Burn;
  data.writeUInt32LE(units, 1);
  return probeIx(data);
}

async function simulate(...instructions: TransactionInstruction[]) {
  const tx = new Transaction().add(...instructions);
  tx.feePayer = payer.publicKey;
  tx.recentBlockhash = (await t.connection.getLatestBlockhash()).blockhash;
  tx.sign(payer);
  return (await t.connection.simulateTransaction(tx)).value;
}

describe("compute budget", () => {
  it("meters units and fails past the default 200,000 per instruction", async () => {
    const ok = await simulate(burn(150_000));
    expect(ok.err).toBeNull();
    expect(ok.unitsConsumed).toBe(150_100);
    expect(ok.logs).toEqual([
      `Program ${probeId} invoke [1]`,
      `Program ${probeId} consumed 150100 of 200000 compute units`,
      `Program ${probeId} success`,
    ]);

    const over = await simulate(burn(250_000));
    expect(over.err).toEqual({ InstructionError: [0, "ComputationalBudgetExceeded"] });
    expect(over.logs?.at(-1)).toBe(`Program ${probeId} failed: Computational budget exceeded`);
  });

  it("raises the limit with SetComputeUnitLimit and charges the priority fee", async () => {
    const result = await simulate(ComputeBudgetProgram.setComputeUnitLimit({ units: 400_000 }), burn(250_000));
    expect(result.err).toBeNull();
    expect(result.unitsConsumed).toBe(250_250);

    const before = await t.connection.getBalance(payer.publicKey);
    const tx = new Transaction().add(
      ComputeBudgetProgram.setComputeUnitLimit({ units: 300_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 12_345 }),
      burn(1000),
    );
    const signature = await t.connection.sendTransaction(tx, [payer]);
    await t.connection.confirmTransaction({ signature, ...(await t.connection.getLatestBlockhash()) });
    // 5000 per signature + ceil(300,000 × 12,345 / 1,000,000) = 5000 + 3704
    expect(await t.connection.getBalance(payer.publicKey)).toBe(before - 8704);
    const fees = await t.connection.getRecentPrioritizationFees({ lockedWritableAccounts: [payer.publicKey] });
    expect(fees.some((f) => f.prioritizationFee === 12_345)).toBe(true);
  });

  it("refuses a duplicate budget instruction", async () => {
    const result = await simulate(
      ComputeBudgetProgram.setComputeUnitLimit({ units: 1000 }),
      ComputeBudgetProgram.setComputeUnitLimit({ units: 2000 }),
      burn(1),
    );
    expect(result.err).toEqual({ DuplicateInstruction: 1 });
  });
});

describe("cross-program invocation", () => {
  it("lets a program sign for its PDA with seeds, and refuses without them", async () => {
    const vault = vaultAddress();
    const recipient = Keypair.generate().publicKey;
    const fund = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: new PublicKey(vault.address), lamports: 5_000_000 }),
    );
    await t.connection.confirmTransaction({
      signature: await t.connection.sendTransaction(fund, [payer]),
      ...(await t.connection.getLatestBlockhash()),
    });

    const pay = (sign: boolean) => {
      const data = Buffer.alloc(10);
      data[0] = Probe.PayFromVault;
      data.writeBigUInt64LE(1_000_000n, 1);
      data[9] = sign ? 1 : 0;
      return probeIx(data, [
        { pubkey: new PublicKey(vault.address), isSigner: false, isWritable: true },
        { pubkey: recipient, isSigner: false, isWritable: true },
        { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
      ]);
    };
    const refused = await simulate(pay(false));
    expect(refused.err).toEqual({ InstructionError: [0, "PrivilegeEscalation"] });
    expect(refused.logs).toContain(`${vault.address}'s signer privilege escalated`);

    const tx = new Transaction().add(pay(true));
    const signature = await t.connection.sendTransaction(tx, [payer]);
    await t.connection.confirmTransaction({ signature, ...(await t.connection.getLatestBlockhash()) });
    expect(await t.connection.getBalance(recipient)).toBe(1_000_000);
    expect(await t.connection.getBalance(new PublicKey(vault.address))).toBe(4_000_000);
    const landed = await t.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
    expect(landed?.meta?.logMessages).toEqual([
      `Program ${probeId} invoke [1]`,
      "Program 11111111111111111111111111111111 invoke [2]",
      "Program 11111111111111111111111111111111 success",
      `Program ${probeId} consumed 1250 of 200000 compute units`,
      `Program ${probeId} success`,
    ]);
    expect(landed?.meta?.innerInstructions?.[0]?.index).toBe(0);
    expect(landed?.meta?.innerInstructions?.[0]?.instructions).toHaveLength(1);
  });

  it("stops nested invocations at stack height 5", async () => {
    const result = await simulate(probeIx(Buffer.from([Probe.Recurse]), [{ pubkey: PROBE, isSigner: false, isWritable: false }]));
    expect(result.err).toEqual({ InstructionError: [0, "CallDepth"] });
    expect(result.logs?.filter((l) => l.startsWith("Program log: depth"))).toEqual([1, 2, 3, 4, 5].map((d) => `Program log: depth ${d}`));
  });
});

describe("program output and introspection", () => {
  it("returns data and writes events in Anchor's Program data form", async () => {
    const result = await simulate(probeIx(Buffer.from([Probe.ReturnAndEvent])));
    expect(result.err).toBeNull();
    expect(result.returnData).toEqual({ programId: probeId, data: [Buffer.from([42, 43]).toString("base64"), "base64"] });
    expect(result.logs).toContain(`Program data: ${Buffer.from("event").toString("base64")} AQID`);
    expect(result.logs).toContain(`Program return: ${probeId} Kis=`);
  });

  it("exposes the transaction through the Instructions sysvar", async () => {
    const introspect = probeIx(Buffer.from([Probe.Introspect]), [
      { pubkey: SYSVAR_INSTRUCTIONS_PUBKEY, isSigner: false, isWritable: false },
    ]);
    const result = await simulate(burn(1), introspect);
    expect(result.err).toBeNull();
    expect(result.logs).toContain(`Program log: instruction 1 of 2, program ${probeId}`);
  });

  it("refuses an instruction that creates lamports", async () => {
    const owned = Keypair.generate();
    const create = SystemProgram.createAccount({
      fromPubkey: payer.publicKey,
      newAccountPubkey: owned.publicKey,
      lamports: 10_000_000,
      space: 8,
      programId: PROBE,
    });
    const tx = new Transaction().add(
      create,
      probeIx(Buffer.from([Probe.Counterfeit]), [{ pubkey: owned.publicKey, isSigner: false, isWritable: true }]),
    );
    tx.feePayer = payer.publicKey;
    tx.recentBlockhash = (await t.connection.getLatestBlockhash()).blockhash;
    tx.sign(payer, owned);
    const result = (await t.connection.simulateTransaction(tx)).value;
    expect(result.err).toEqual({ InstructionError: [1, "UnbalancedInstruction"] });
  });
});

describe("misc RPC against the real ledger", () => {
  it("answers fee, rent, epoch and blockhash queries", async () => {
    expect(await t.connection.getMinimumBalanceForRentExemption(165)).toBe(2_039_280);
    const { blockhash } = await t.connection.getLatestBlockhash();
    const message = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash })
      .add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: PROBE, lamports: 1 }))
      .compileMessage();
    expect((await t.connection.getFeeForMessage(message)).value).toBe(5000);
    expect(await t.connection.isBlockhashValid(blockhash).then((r) => r.value)).toBe(true);
    const epoch = await t.connection.getEpochInfo();
    expect(epoch.slotsInEpoch).toBe(432_000);
    expect(epoch.absoluteSlot).toBe(epoch.slotIndex);
    const version = await rpcCall(t.net.rpc.url, { jsonrpc: "2.0", id: 1, method: "getGenesisHash" });
    expect(version.json.result).toBe(t.net.ledger.genesisHash);
  });
});
