/**
 * End-to-end transaction throughput (decode, verify signatures, execute, commit) for system and token
 * transfers: our ledger in-process and over HTTP, each printed as a ratio against litesvm (the native Solana
 * VM) doing the same transactions in the same run with signature verification on.
 */
import {
  TOKEN_PROGRAM_ID,
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createMintToInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
} from "@solana/spl-token";
import { Keypair, PublicKey, SystemProgram, Transaction, type TransactionInstruction } from "@solana/web3.js";
import { address, getTransactionDecoder, lamports } from "@solana/kit";
import { LiteSVM } from "litesvm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ledger } from "../src/ledger.js";
import { signFast } from "./signing.js";
import { exited, freePortPair, spawnLocalnet, waitForRpc } from "../test/support/process.js";

const SENDERS = 64;
const SYSTEM_TRANSFERS = Number(process.env.BENCH_SYSTEM ?? 20_000);
const TOKEN_TRANSFERS = Number(process.env.BENCH_TOKEN ?? 10_000);
const HTTP_CONCURRENCY = 256;

interface Chain {
  blockhash(): string;
  /** Lands a setup transaction or throws. */
  land(wire: Buffer): Promise<void>;
  fund(to: PublicKey, lamports: bigint): Promise<void>;
}

function sign(instructions: TransactionInstruction[], payer: Keypair, blockhash: string, extra: Keypair[] = []): Buffer {
  return signFast(new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(...instructions), [payer, ...extra]);
}

interface Workload {
  system: Buffer[];
  token: Buffer[];
}

/** Funds senders, makes a mint and token accounts, then pre-signs every transfer (signing is not measured). */
async function prepare(chain: Chain): Promise<Workload> {
  const senders = Array.from({ length: SENDERS }, () => Keypair.generate());
  const recipients = Array.from({ length: SENDERS }, () => Keypair.generate().publicKey);
  for (const k of senders) await chain.fund(k.publicKey, 1_000_000_000_000n);
  for (const r of recipients) await chain.fund(r, 1_000_000_000n);

  const mint = Keypair.generate();
  const authority = senders[0];
  await chain.land(
    sign(
      [
        SystemProgram.createAccount({ fromPubkey: authority.publicKey, newAccountPubkey: mint.publicKey, lamports: 1_461_600, space: MINT_SIZE, programId: TOKEN_PROGRAM_ID }),
        createInitializeMint2Instruction(mint.publicKey, 6, authority.publicKey, null),
      ],
      authority,
      chain.blockhash(),
      [mint],
    ),
  );
  for (const owner of [...senders.map((s) => s.publicKey), ...recipients]) {
    const ata = getAssociatedTokenAddressSync(mint.publicKey, owner);
    const ixs: TransactionInstruction[] = [createAssociatedTokenAccountIdempotentInstruction(authority.publicKey, ata, owner, mint.publicKey)];
    if (senders.some((s) => s.publicKey.equals(owner))) ixs.push(createMintToInstruction(mint.publicKey, ata, authority.publicKey, 1_000_000_000_000n));
    await chain.land(sign(ixs, authority, chain.blockhash()));
  }

  const blockhash = chain.blockhash();
  const system: Buffer[] = [];
  for (let i = 0; i < SYSTEM_TRANSFERS; i++) {
    const from = senders[i % SENDERS];
    system.push(sign([SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: recipients[(i * 7) % SENDERS], lamports: 1 + Math.floor(i / SENDERS) })], from, blockhash));
  }
  const token: Buffer[] = [];
  for (let i = 0; i < TOKEN_TRANSFERS; i++) {
    const from = senders[i % SENDERS];
    const to = recipients[(i * 7) % SENDERS];
    token.push(
      sign(
        [createTransferCheckedInstruction(getAssociatedTokenAddressSync(mint.publicKey, from.publicKey), mint.publicKey, getAssociatedTokenAddressSync(mint.publicKey, to), from.publicKey, BigInt(1 + Math.floor(i / SENDERS)), 6)],
        from,
        blockhash,
      ),
    );
  }
  return { system, token };
}

function rate(count: number, ms: number): number {
  return (count * 1000) / ms;
}

async function benchLiteSvm(): Promise<{ system: number; token: number }> {
  const svm = new LiteSVM().withSigverify(true);
  const decoder = getTransactionDecoder();
  const chain: Chain = {
    blockhash: () => svm.latestBlockhash(),
    async land(wire) {
      const result = svm.sendTransaction(decoder.decode(wire));
      if ("err" in result && typeof result.err === "function") throw new Error(`litesvm setup failed: ${result.toString()}`);
    },
    async fund(to, amount) {
      svm.airdrop(address(to.toBase58()), lamports(amount));
    },
  };
  const work = await prepare(chain);
  const run = (wires: Buffer[]) => {
    const decoded = wires.map((w) => decoder.decode(w));
    const start = performance.now();
    let failed = 0;
    for (const tx of decoded) {
      const result = svm.sendTransaction(tx);
      if ("err" in result && typeof result.err === "function") failed++;
    }
    const ms = performance.now() - start;
    if (failed > 0) throw new Error(`litesvm: ${failed} transfers failed`);
    return rate(wires.length, ms);
  };
  return { system: run(work.system), token: run(work.token) };
}

async function benchInProcess(): Promise<{ system: number; token: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), "ballast-bench-"));
  const ledger = Ledger.open({ dataDir, slotMs: 0 });
  try {
    const chain: Chain = {
      blockhash: () => ledger.latestBlockhash().blockhash,
      async land(wire) {
        await ledger.sendTransaction(wire, { skipPreflight: false });
      },
      async fund(to, amount) {
        await ledger.requestAirdrop(to.toBase58(), amount);
      },
    };
    const work = await prepare(chain);
    const run = async (wires: Buffer[]) => {
      const start = performance.now();
      for (let i = 0; i < wires.length; i += 512) {
        await Promise.all(wires.slice(i, i + 512).map((w) => ledger.sendTransaction(w, { skipPreflight: false })));
      }
      return rate(wires.length, performance.now() - start);
    };
    return { system: await run(work.system), token: await run(work.token) };
  } finally {
    await ledger.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function rpc(url: string, method: string, params: unknown[]): Promise<any> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) });
  const body = await response.json();
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

async function benchHttp(): Promise<{ system: number; token: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), "ballast-bench-http-"));
  const port = await freePortPair();
  const url = `http://127.0.0.1:${port}`;
  const child = spawnLocalnet({ RPC_PORT: String(port), DATA_DIR: dataDir, SLOT_MS: "400" });
  try {
    await waitForRpc(url);
    let blockhash = (await rpc(url, "getLatestBlockhash", [])).value.blockhash as string;
    const chain: Chain = {
      blockhash: () => blockhash,
      async land(wire) {
        await rpc(url, "sendTransaction", [wire.toString("base64"), { encoding: "base64" }]);
        blockhash = (await rpc(url, "getLatestBlockhash", [])).value.blockhash;
      },
      async fund(to, amount) {
        await rpc(url, "requestAirdrop", [to.toBase58(), Number(amount)]);
      },
    };
    const work = await prepare(chain);
    const run = async (wires: Buffer[]) => {
      const bodies = wires.map((w, i) => JSON.stringify({ jsonrpc: "2.0", id: i, method: "sendTransaction", params: [w.toString("base64"), { encoding: "base64" }] }));
      let next = 0;
      let failed = 0;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: HTTP_CONCURRENCY }, async () => {
          while (next < bodies.length) {
            const body = bodies[next++];
            const reply = await (await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body })).json();
            if (reply.error) failed++;
          }
        }),
      );
      const ms = performance.now() - start;
      if (failed > 0) throw new Error(`HTTP: ${failed} transfers failed`);
      return rate(wires.length, ms);
    };
    return { system: await run(work.system), token: await run(work.token) };
  } finally {
    child.kill("SIGTERM");
    await exited(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const reference = await benchLiteSvm();
const ours = await benchInProcess();
const http = await benchHttp();
console.log(`transactions per second, signature verification on (${SYSTEM_TRANSFERS} system, ${TOKEN_TRANSFERS} token transfers)`);
console.log(`litesvm (reference)      system ${fmt(reference.system)}  token ${fmt(reference.token)}`);
console.log(`ledger in-process        system ${fmt(ours.system)} (${(ours.system / reference.system).toFixed(2)}x)  token ${fmt(ours.token)} (${(ours.token / reference.token).toFixed(2)}x)   target >= 0.50x`);
console.log(`ledger HTTP sendTransaction  system ${fmt(http.system)} (${(http.system / reference.system).toFixed(2)}x)  token ${fmt(http.token)} (${(http.token / reference.token).toFixed(2)}x)   target >= 4,000 tx/s`);
