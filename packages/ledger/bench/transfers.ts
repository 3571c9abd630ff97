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
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ledger } from "../src/ledger.js";
import { signFast } from "../test/support/signing.js";
import { exited, freePortPair, spawnLocalnet, waitForRpc } from "../test/support/process.js";

const SENDERS = 64;
const SYSTEM_TRANSFERS = Number(process.env.BENCH_SYSTEM ?? 20_000);
const TOKEN_TRANSFERS = Number(process.env.BENCH_TOKEN ?? 10_000);
const HTTP_CONCURRENCY = 64;
const BATCH_SIZE = 64;
const IN_PROCESS_WINDOW = 1024;

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
/** items[i mod length]: the workload cycles through its fixed sets of senders and recipients. */
function cyclic<T>(items: readonly T[], i: number): T {
  const item = items[i % items.length];
  if (item === undefined) throw new Error("nothing to cycle through");
  return item;
}

async function prepare(chain: Chain): Promise<Workload> {
  const senders = Array.from({ length: SENDERS }, () => Keypair.generate());
  const recipients = Array.from({ length: SENDERS }, () => Keypair.generate().publicKey);
  for (const k of senders) await chain.fund(k.publicKey, 1_000_000_000_000n);
  for (const r of recipients) await chain.fund(r, 1_000_000_000n);

  const mint = Keypair.generate();
  const authority = cyclic(senders, 0);
  await chain.land(
    sign(
      [
        SystemProgram.createAccount({
          fromPubkey: authority.publicKey,
          newAccountPubkey: mint.publicKey,
          lamports: 1_461_600,
          space: MINT_SIZE,
          programId: TOKEN_PROGRAM_ID,
        }),
        createInitializeMint2Instruction(mint.publicKey, 6, authority.publicKey, null),
      ],
      authority,
      chain.blockhash(),
      [mint],
    ),
  );
  for (const owner of [...senders.map((s) => s.publicKey), ...recipients]) {
    const ata = getAssociatedTokenAddressSync(mint.publicKey, owner);
    const ixs: TransactionInstruction[] = [
      createAssociatedTokenAccountIdempotentInstruction(authority.publicKey, ata, owner, mint.publicKey),
    ];
    if (senders.some((s) => s.publicKey.equals(owner)))
      ixs.push(createMintToInstruction(mint.publicKey, ata, authority.publicKey, 1_000_000_000_000n));
    await chain.land(sign(ixs, authority, chain.blockhash()));
  }

  const blockhash = chain.blockhash();
  const system: Buffer[] = [];
  for (let i = 0; i < SYSTEM_TRANSFERS; i++) {
    const from = cyclic(senders, i);
    system.push(
      sign(
        [
          SystemProgram.transfer({
            fromPubkey: from.publicKey,
            toPubkey: cyclic(recipients, i * 7),
            lamports: 1 + Math.floor(i / SENDERS),
          }),
        ],
        from,
        blockhash,
      ),
    );
  }
  const token: Buffer[] = [];
  for (let i = 0; i < TOKEN_TRANSFERS; i++) {
    const from = cyclic(senders, i);
    const to = cyclic(recipients, i * 7);
    token.push(
      sign(
        [
          createTransferCheckedInstruction(
            getAssociatedTokenAddressSync(mint.publicKey, from.publicKey),
            mint.publicKey,
            getAssociatedTokenAddressSync(mint.publicKey, to),
            from.publicKey,
            BigInt(1 + Math.floor(i / SENDERS)),
            6,
          ),
        ],
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
    // A steady window of transactions in flight, as a busy RPC front end would keep: verification on the
    // worker threads overlaps execution and commit on the main thread.
    const run = async (wires: Buffer[]) => {
      // One iterator shared by the window: each sender takes the next transaction when its previous one lands.
      const queue = wires.values();
      const start = performance.now();
      await Promise.all(
        Array.from({ length: IN_PROCESS_WINDOW }, async () => {
          for (const wire of queue) await ledger.sendTransaction(wire, { skipPreflight: false });
        }),
      );
      return rate(wires.length, performance.now() - start);
    };
    return { system: await run(work.system), token: await run(work.token) };
  } finally {
    await ledger.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Keep-alive JSON-RPC client on node:http: the lightest client Node has (global fetch costs ~3x more per request). */
function jsonRpcClient(port: number, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const post = (body: string): Promise<any> =>
    new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/",
          agent,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => resolve(JSON.parse(text)));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  return {
    post,
    async call(method: string, params: unknown[]): Promise<any> {
      const reply = await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }));
      if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
      return reply.result;
    },
    close: () => agent.destroy(),
  };
}

interface HttpRates {
  single: number;
  batched: number;
}

/**
 * Over HTTP against `npm run localnet` in its own process: one sendTransaction per request, and JSON-RPC batches
 * of BATCH_SIZE sendTransaction calls per request (as the marginfi SDK batches its calls).
 */
async function benchHttp(): Promise<{ system: HttpRates; token: HttpRates }> {
  const dataDir = mkdtempSync(join(tmpdir(), "ballast-bench-http-"));
  const port = await freePortPair();
  const child = spawnLocalnet({ RPC_PORT: String(port), DATA_DIR: dataDir, SLOT_MS: "400" });
  const client = jsonRpcClient(port, HTTP_CONCURRENCY);
  try {
    await waitForRpc(`http://127.0.0.1:${port}`);
    let blockhash = (await client.call("getLatestBlockhash", [])).value.blockhash as string;
    const chain: Chain = {
      blockhash: () => blockhash,
      async land(wire) {
        await client.call("sendTransaction", [wire.toString("base64"), { encoding: "base64" }]);
        blockhash = (await client.call("getLatestBlockhash", [])).value.blockhash;
      },
      async fund(to, amount) {
        await client.call("requestAirdrop", [to.toBase58(), Number(amount)]);
      },
    };
    const work = await prepare(chain);
    const send = (wire: Buffer, id: number) => ({
      jsonrpc: "2.0",
      id,
      method: "sendTransaction",
      params: [wire.toString("base64"), { encoding: "base64" }],
    });
    const run = async (bodies: string[], transactions: number) => {
      const queue = bodies.values();
      let failed = 0;
      const start = performance.now();
      await Promise.all(
        Array.from({ length: HTTP_CONCURRENCY }, async () => {
          for (const body of queue) {
            const reply = await client.post(body);
            for (const r of Array.isArray(reply) ? reply : [reply]) if (r.error) failed++;
          }
        }),
      );
      const ms = performance.now() - start;
      if (failed > 0) throw new Error(`HTTP: ${failed} transfers failed`);
      return rate(transactions, ms);
    };
    const measure = async (wires: Buffer[]): Promise<HttpRates> => {
      const half = Math.floor(wires.length / 2);
      const single = wires.slice(0, half).map((w, i) => JSON.stringify(send(w, i)));
      const batched: string[] = [];
      const rest = wires.slice(half);
      for (let i = 0; i < rest.length; i += BATCH_SIZE)
        batched.push(JSON.stringify(rest.slice(i, i + BATCH_SIZE).map((w, j) => send(w, j))));
      return { single: await run(single, half), batched: await run(batched, rest.length) };
    };
    return { system: await measure(work.system), token: await measure(work.token) };
  } finally {
    client.close();
    child.kill("SIGTERM");
    await exited(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const ratio = (n: number, reference: number) => `${(n / reference).toFixed(2)}x`;
const reference = await benchLiteSvm();
const ours = await benchInProcess();
const http_ = await benchHttp();
console.log(`transactions per second, signature verification on (${SYSTEM_TRANSFERS} system, ${TOKEN_TRANSFERS} token transfers)`);
console.log(`litesvm (reference, in-process)      system ${fmt(reference.system)}   token ${fmt(reference.token)}`);
console.log(
  `ledger in-process                    system ${fmt(ours.system)} (${ratio(ours.system, reference.system)})   token ${fmt(ours.token)} (${ratio(ours.token, reference.token)})   target >= 0.50x`,
);
console.log(
  `ledger HTTP, one tx per request      system ${fmt(http_.system.single)} (${ratio(http_.system.single, reference.system)})   token ${fmt(http_.token.single)} (${ratio(http_.token.single, reference.token)})`,
);
console.log(
  `ledger HTTP, batches of ${BATCH_SIZE}           system ${fmt(http_.system.batched)} (${ratio(http_.system.batched, reference.system)})   token ${fmt(http_.token.batched)} (${ratio(http_.token.batched, reference.token)})   target >= 4,000 tx/s`,
);
