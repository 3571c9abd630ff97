import {
  ComputeBudgetInstruction,
  ComputeBudgetProgram,
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionMessage,
  VersionedTransaction,
  type TransactionInstruction,
} from "@solana/web3.js";
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createMint,
  createTransferCheckedInstruction,
  getAccount,
  getAssociatedTokenAddressSync,
  getOrCreateAssociatedTokenAccount,
  mintTo,
} from "@solana/spl-token";
import { MARGINFI_PROGRAM_ID } from "@ballast/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ProcessTransactionError,
  TIP_ACCOUNTS,
  keypairWallet,
  packInstructions,
  processTransactions,
  simulateComputeUnits,
  type ProcessTransactionsOptions,
} from "../../src/transactions/index.js";
import { startTestLedger, type TestLedger } from "./support/ledger.js";

const programs = { lendingProgramId: new PublicKey(MARGINFI_PROGRAM_ID) };
const LAMPORTS = 1_000_000;

let ledger: TestLedger;
beforeAll(async () => {
  ledger = await startTestLedger();
});
afterAll(() => ledger.close());

async function landedBudget(signature: string): Promise<{ limit: number; price: bigint; instructions: TransactionInstruction[] }> {
  const landed = await ledger.connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 });
  const { instructions } = TransactionMessage.decompile(landed!.transaction.message);
  const budget = instructions.filter((ix) => ix.programId.equals(ComputeBudgetProgram.programId));
  return {
    limit: ComputeBudgetInstruction.decodeSetComputeUnitLimit(budget[0]!).units,
    price: ComputeBudgetInstruction.decodeSetComputeUnitPrice(budget[1]!).microLamports as bigint,
    instructions,
  };
}

function send(payer: Keypair, instructionGroups: TransactionInstruction[][], extra: Partial<ProcessTransactionsOptions> = {}) {
  return processTransactions({
    connection: ledger.connection,
    wallet: keypairWallet(payer),
    drafts: instructionGroups.map((instructions) => ({ instructions })),
    programs,
    blockEngineUrl: ledger.blockEngineUrl,
    ...extra,
  });
}

describe("processTransactions over RPC", () => {
  it("packs 30 SOL transfers into two transactions and lands them with measured compute units and the priority fee", async () => {
    const payer = await ledger.fund();
    const recipients = Array.from({ length: 30 }, () => Keypair.generate().publicKey);
    const transfers = recipients.map((toPubkey) => SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey, lamports: LAMPORTS }));
    const groups = packInstructions(transfers, { payer: payer.publicKey, reserve: { computeBudget: true } });
    expect(groups.map((g) => g.length)).toEqual([20, 10]);

    const { blockhash } = await ledger.connection.getLatestBlockhash();
    const unsigned = groups.map(
      (instructions) =>
        new VersionedTransaction(
          new TransactionMessage({ payerKey: payer.publicKey, recentBlockhash: blockhash, instructions }).compileToV0Message(),
        ),
    );
    const [simulated] = await simulateComputeUnits(ledger.connection, [unsigned[0]!]);
    expect(simulated).toBeGreaterThan(0);

    const result = await send(payer, groups, { settings: { priorityFeeMicroLamports: 5_000 } });
    expect(result.method).toBe("RPC_BUNDLE");
    expect(result.failedAttempts).toEqual([]);
    expect(result.signatures).toHaveLength(2);
    for (const recipient of recipients) expect(await ledger.balance(recipient)).toBe(LAMPORTS);
    const budget = await landedBudget(result.signatures[0]!);
    expect(budget.limit).toBe(simulated! + 50_000);
    expect(budget.price).toBe(5_000n);
    expect(budget.instructions).toHaveLength(22);
  });

  it("ignores a priority fee above 0.1 SOL for the transaction: the default 1 µlamport is paid instead", async () => {
    const payer = await ledger.fund();
    const before = await ledger.balance(payer.publicKey);
    const result = await send(
      payer,
      [[SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS })]],
      {
        settings: { priorityFeeMicroLamports: 1e12 },
      },
    );
    const { limit, price } = await landedBudget(result.signatures[0]!);
    expect(price).toBe(1n);
    const fee = before - LAMPORTS - (await ledger.balance(payer.publicKey));
    expect(fee).toBe(5_000 + Math.ceil(limit / 1_000_000));
  });

  it("resolves a program error from the logs: SPL Token's insufficient funds (kind 1)", async () => {
    const payer = await ledger.fund();
    const mint = await createMint(ledger.connection, payer, payer.publicKey, null, 6);
    const source = await getOrCreateAssociatedTokenAccount(ledger.connection, payer, mint, payer.publicKey);
    const destination = await getOrCreateAssociatedTokenAccount(ledger.connection, payer, mint, Keypair.generate().publicKey);
    const overdraw = createTransferCheckedInstruction(source.address, mint, destination.address, payer.publicKey, 5n, 6);
    const error = (await send(payer, [[overdraw]]).catch((e: unknown) => e)) as ProcessTransactionError;
    expect(error).toBeInstanceOf(ProcessTransactionError);
    expect(error.message).toBe("Insufficient funds");
    expect(error.kind).toBe(1);
    expect(error.code).toBe(1);
    expect(error.programId).toBe("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
  });

  it("with requireSimulation, a failing transaction is refused at simulation and never sent", async () => {
    const payer = await ledger.fund();
    const mint = await createMint(ledger.connection, payer, payer.publicKey, null, 6);
    const source = await getOrCreateAssociatedTokenAccount(ledger.connection, payer, mint, payer.publicKey);
    const destination = await getOrCreateAssociatedTokenAccount(ledger.connection, payer, mint, Keypair.generate().publicKey);
    const sentBefore = await ledger.connection.getSignaturesForAddress(payer.publicKey, undefined, "confirmed");
    const overdraw = createTransferCheckedInstruction(source.address, mint, destination.address, payer.publicKey, 5n, 6);
    const error = (await send(payer, [[overdraw]], { requireSimulation: true }).catch((e: unknown) => e)) as ProcessTransactionError;
    expect(error).toBeInstanceOf(ProcessTransactionError);
    expect(error.message).toBe("Insufficient funds");
    expect(error.type).toBe("SimulationError");
    expect(error.code).toBe(1);
    const sentAfter = await ledger.connection.getSignaturesForAddress(payer.publicKey, undefined, "confirmed");
    expect(sentAfter.map((s) => s.signature)).toEqual(sentBefore.map((s) => s.signature));

    const unreachable = { connection: new Connection(ledger.connection.rpcEndpoint), bundleSimulationUrl: "http://127.0.0.1:1" };
    const transfer = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS });
    const landed = await send(payer, [[transfer]], { requireSimulation: true, ...unreachable });
    expect(landed.signatures).toHaveLength(1);
    const two = [
      [transfer],
      [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: LAMPORTS })],
    ];
    const unsimulated = (await send(payer, two, { requireSimulation: true, ...unreachable }).catch(
      (e: unknown) => e,
    )) as ProcessTransactionError;
    expect(unsimulated.message).toBe("The transaction could not be simulated, so it was not sent");
  });

  it("fails with kind 0 when the latest blockhash cannot be fetched", async () => {
    const payer = Keypair.generate();
    const error = (await send(payer, [[SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: payer.publicKey, lamports: 1 })]], {
      connection: new Connection("http://127.0.0.1:1"),
    }).catch((e: unknown) => e)) as ProcessTransactionError;
    expect(error.message).toBe("Failed to get latest blockhash and context.");
    expect(error.kind).toBe(0);
    expect(error.type).toBe("TransactionBuildingError");
  });
});

describe("processTransactions as a bundle", () => {
  it("lands SPL token transfers in a tipped bundle through the block engine, after a refusing first method", async () => {
    const payer = await ledger.fund();
    const mint = await createMint(ledger.connection, payer, payer.publicKey, null, 6);
    const source = await getOrCreateAssociatedTokenAccount(ledger.connection, payer, mint, payer.publicKey);
    await mintTo(ledger.connection, payer, mint, source.address, payer, 1_000_000n);
    const owners = Array.from({ length: 12 }, () => Keypair.generate().publicKey);
    const instructions = owners.flatMap((owner, i) => {
      const ata = getAssociatedTokenAddressSync(mint, owner);
      return [
        createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, ata, owner, mint),
        createTransferCheckedInstruction(source.address, mint, ata, payer.publicKey, BigInt(1_000 * (i + 1)), 6),
      ];
    });
    const groups = packInstructions(instructions, { payer: payer.publicKey, reserve: { computeBudget: true, tip: true } });
    expect(groups.length).toBeGreaterThan(1);
    expect(groups.length).toBeLessThanOrEqual(5);

    const tipAccount = TIP_ACCOUNTS[6]!;
    const tipBefore = await ledger.balance(tipAccount);
    const result = await send(payer, groups, {
      settings: { broadcastType: "BUNDLE", bundleTipLamports: 30_000, priorityFeeMicroLamports: 40_000 },
      serverUrl: "http://127.0.0.1:1",
      tipAccounts: [tipAccount],
    });
    expect(result.method).toBe("API_BUNDLE");
    expect(result.failedAttempts.map((a) => [a.method, (a.error as Error).message])).toEqual([
      ["GRPC_BUNDLE", "GRPC bundle failed: fetch failed"],
    ]);
    expect(result.signatures).toHaveLength(groups.length);
    expect(await ledger.balance(tipAccount)).toBe(tipBefore + 30_000);
    for (const [i, owner] of owners.entries()) {
      expect((await getAccount(ledger.connection, getAssociatedTokenAddressSync(mint, owner))).amount).toBe(BigInt(1_000 * (i + 1)));
    }
    // Bundled transactions carry the placeholder price; the tip pays for inclusion.
    expect((await landedBudget(result.signatures[0]!)).price).toBe(1n);
  });

  it("refuses a bundled broadcast without a tip before touching the network", async () => {
    const payer = Keypair.generate();
    const error = (await send(payer, [[SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: payer.publicKey, lamports: 1 })]], {
      connection: new Connection("http://127.0.0.1:1"),
      settings: { broadcastType: "BUNDLE", bundleTipLamports: 0 },
    }).catch((e: unknown) => e)) as ProcessTransactionError;
    expect(error.message).toBe("A bundle tip is required for a bundled transactions");
    expect(error.type).toBe("TransactionBuildingError");
  });
});
