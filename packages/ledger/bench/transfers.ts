/**
 * End-to-end transaction throughput (decode, verify signatures, execute, commit) for system and token
 * transfers, measured in interleaved rounds (scripts/bench-rounds.ts):
 * - in-process: litesvm (the native Solana VM, signature verification on) against our ledger, each round a fresh
 *   slice of transfers signed just before it, so no round replays landed signatures, after one uncounted warm-up round;
 * - over HTTP: one sendTransaction per request and JSON-RPC batches, against `npm run localnet` in its own
 *   process, interleaved with the same client against a bare node:http process answering a canned reply, which
 *   shows how far the client itself could go.
 *
 * Knobs: BENCH_ROUNDS (5), BENCH_SYSTEM / BENCH_TOKEN (in-process transfers per round, 5,000 / 3,000),
 * BENCH_HTTP_SYSTEM / BENCH_HTTP_TOKEN (HTTP transfers per round and mode, 3,000 / 2,000), BENCH_PARTS (which
 * halves run: "in-process,http"), BENCH_HTTP_CONNECTIONS (sockets of the raw client, 64; the 64 requests in flight
 * are pipelined over them), BENCH_LEDGER_PROFILE (a directory: the HTTP ledger writes a CPU profile there on exit),
 * BENCH_BASELINE (another checkout's root: its ledger runs interleaved with ours over HTTP, for before/after ratios
 * of rates and of the server's CPU per transaction).
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
import { address, getTransactionDecoder, lamports, type Transaction as KitTransaction } from "@solana/kit";
import { LiteSVM } from "litesvm";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Ledger } from "../src/ledger.js";
import { signFast } from "../test/support/signing.js";
import { exited, freePortPair, spawnLocalnet, waitForRpc } from "../test/support/process.js";
import { rawHttpClient } from "./raw-http-client.js";
import {
  atLeast,
  count,
  describe,
  interleaved,
  ratios,
  summarize,
  table,
  times,
  verdict,
  type Summary,
  type Target,
} from "../../../scripts/bench-rounds.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const SYSTEM_PER_ROUND = Number(process.env.BENCH_SYSTEM ?? 5_000);
const TOKEN_PER_ROUND = Number(process.env.BENCH_TOKEN ?? 3_000);
const HTTP_SYSTEM_PER_ROUND = Number(process.env.BENCH_HTTP_SYSTEM ?? 3_000);
const HTTP_TOKEN_PER_ROUND = Number(process.env.BENCH_HTTP_TOKEN ?? 2_000);
const PARTS = new Set((process.env.BENCH_PARTS ?? "in-process,http").split(","));
const HTTP_CONNECTIONS = Number(process.env.BENCH_HTTP_CONNECTIONS ?? 64);
const LEDGER_PROFILE = process.env.BENCH_LEDGER_PROFILE;
const BASELINE = process.env.BENCH_BASELINE;
const SENDERS = 64;
const HTTP_CONCURRENCY = 64;
const BATCH_SIZE = 64;
const IN_PROCESS_WINDOW = 1024;

type Kind = "system" | "token";

interface Chain {
  blockhash(): Promise<string>;
  /** Lands a setup transaction or throws. */
  land(wire: Buffer): Promise<void>;
  fund(to: PublicKey, lamports: bigint): Promise<void>;
}

function sign(instructions: TransactionInstruction[], payer: Keypair, blockhash: string, extra: Keypair[] = []): Buffer {
  return signFast(new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(...instructions), [payer, ...extra]);
}

/** items[i mod length]: the workload cycles through its fixed sets of senders and recipients. */
function cyclic<T>(items: readonly T[], i: number): T {
  const item = items[i % items.length];
  if (item === undefined) throw new Error("nothing to cycle through");
  return item;
}

/** Funded senders, recipients and token accounts on one chain; signs fresh transfers on demand. */
class Workload {
  /** Every transfer signed so far, across kinds and rounds: its amount makes each signature new. */
  private signed = 0;

  private constructor(
    private readonly chain: Chain,
    private readonly senders: Keypair[],
    private readonly recipients: PublicKey[],
    private readonly mint: PublicKey,
  ) {}

  static async prepare(chain: Chain): Promise<Workload> {
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
        await chain.blockhash(),
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
      await chain.land(sign(ixs, authority, await chain.blockhash()));
    }
    return new Workload(chain, senders, recipients, mint.publicKey);
  }

  /** `n` transfers of `kind` under the chain's current blockhash, none signed before. */
  async slice(kind: Kind, n: number): Promise<Buffer[]> {
    const blockhash = await this.chain.blockhash();
    const wires: Buffer[] = [];
    for (let k = 0; k < n; k++) {
      const i = this.signed++;
      const from = cyclic(this.senders, i);
      const to = cyclic(this.recipients, i * 7);
      const amount = 1 + Math.floor(i / SENDERS);
      const instruction =
        kind === "system"
          ? SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports: amount })
          : createTransferCheckedInstruction(
              getAssociatedTokenAddressSync(this.mint, from.publicKey),
              this.mint,
              getAssociatedTokenAddressSync(this.mint, to),
              from.publicKey,
              BigInt(amount),
              6,
            );
      wires.push(sign([instruction], from, blockhash));
    }
    return wires;
  }
}

function rate(transactions: number, ms: number): number {
  return (transactions * 1000) / ms;
}

/**
 * CPU time per transfer of each in-process round, every thread of the process counted (the ledger's verification
 * workers and store writer included): unlike rates, it holds still when other processes compete for the cores.
 */
const cpuPerTransfer = new Map<string, number[]>();

async function measured(side: "litesvm" | "ledger", kind: Kind, n: number, run: () => Promise<void>): Promise<number> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  await run();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  const key = `${side} ${kind}`;
  cpuPerTransfer.set(key, [...(cpuPerTransfer.get(key) ?? []), (used.user + used.system) / n]);
  return rate(n, ms);
}

async function liteSvmRunner(): Promise<(kind: Kind, n: number) => Promise<number>> {
  const svm = new LiteSVM().withSigverify(true).withBlockhashCheck(true);
  const decoder = getTransactionDecoder();
  const failed = (result: ReturnType<LiteSVM["sendTransaction"]>) => "err" in result && typeof result.err === "function";
  const work = await Workload.prepare({
    blockhash: async () => svm.latestBlockhash(),
    async land(wire) {
      const result = svm.sendTransaction(decoder.decode(wire));
      if (failed(result)) throw new Error(`litesvm setup failed: ${result.toString()}`);
    },
    async fund(to, amount) {
      svm.airdrop(address(to.toBase58()), lamports(amount));
    },
  });
  return async (kind, n) => {
    // litesvm takes kit transactions: decoding is its client's work, not measured.
    const decoded: KitTransaction[] = (await work.slice(kind, n)).map((w) => decoder.decode(w));
    let failures = 0;
    const perSecond = await measured("litesvm", kind, n, async () => {
      for (const tx of decoded) if (failed(svm.sendTransaction(tx))) failures++;
    });
    if (failures > 0) throw new Error(`litesvm: ${failures} ${kind} transfers failed`);
    return perSecond;
  };
}

async function ledgerRunner(): Promise<{ run: (kind: Kind, n: number) => Promise<number>; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), "ballast-bench-"));
  const ledger = Ledger.open({ dataDir, slotMs: 0 });
  const work = await Workload.prepare({
    blockhash: async () => ledger.latestBlockhash().blockhash,
    async land(wire) {
      await ledger.sendTransaction(wire, { skipPreflight: false });
    },
    async fund(to, amount) {
      await ledger.requestAirdrop(to.toBase58(), amount);
    },
  });
  return {
    // A steady window of transactions in flight, as a busy RPC front end would keep: verification on the worker
    // threads overlaps execution and commit on the main thread.
    async run(kind, n) {
      const queue = (await work.slice(kind, n)).values();
      return measured("ledger", kind, n, async () => {
        await Promise.all(
          Array.from({ length: IN_PROCESS_WINDOW }, async () => {
            for (const wire of queue) await ledger.sendTransaction(wire, { skipPreflight: false });
          }),
        );
      });
    },
    async close() {
      await ledger.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface JsonRpcReply {
  result?: unknown;
  error?: { message: string };
}

/** Keep-alive JSON-RPC client on node:http: the lightest client Node has (global fetch costs ~3× more per request). */
function jsonRpcClient(port: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: HTTP_CONCURRENCY });
  const post = (body: string): Promise<string> =>
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
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve(text));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  return {
    post,
    async call(method: string, params: unknown[]): Promise<unknown> {
      const reply = JSON.parse(await post(JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }))) as JsonRpcReply;
      if (reply.error) throw new Error(`${method}: ${reply.error.message}`);
      return reply.result;
    },
    close: () => agent.destroy(),
  };
}

const sendBody = (wire: Buffer, id: number) => ({
  jsonrpc: "2.0",
  id,
  method: "sendTransaction",
  params: [wire.toString("base64"), { encoding: "base64" }],
});

/** One request per transaction, or batches of BATCH_SIZE. */
function requestBodies(wires: Buffer[], batched: boolean): string[] {
  if (!batched) return wires.map((w, i) => JSON.stringify(sendBody(w, i)));
  const bodies: string[] = [];
  for (let i = 0; i < wires.length; i += BATCH_SIZE)
    bodies.push(JSON.stringify(wires.slice(i, i + BATCH_SIZE).map((w, j) => sendBody(w, j))));
  return bodies;
}

/** Posts every body with HTTP_CONCURRENCY requests in flight; tx/s over the whole run. Any error reply throws. */
async function drive(post: (body: string) => Promise<string>, bodies: string[], transactions: number): Promise<number> {
  const queue = bodies.values();
  let failed = 0;
  let firstError = "";
  const start = performance.now();
  await Promise.all(
    Array.from({ length: HTTP_CONCURRENCY }, async () => {
      for (const body of queue) {
        const reply = JSON.parse(await post(body)) as JsonRpcReply | JsonRpcReply[];
        for (const r of Array.isArray(reply) ? reply : [reply])
          if (r.error) {
            failed++;
            firstError ||= r.error.message;
          }
      }
    }),
  );
  const ms = performance.now() - start;
  if (failed > 0) throw new Error(`HTTP: ${failed} transfers failed (${firstError})`);
  return rate(transactions, ms);
}

/**
 * CPU time a process has used so far, all its threads, in milliseconds (Linux's /proc, in clock ticks of 10 ms): on
 * a busy machine the server's CPU per transaction says more than its rate, which waits on everything else running.
 */
function processCpuMs(pid: number): number {
  let ticks = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${thread}/stat`, "utf8");
    // utime and stime: the 14th and 15th fields, counted from the one after the parenthesised command name.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks * 10;
}

/** `npm run localnet` of a checkout (ours by default) in its own process, with the workload prepared over its JSON-RPC. */
async function httpLedger(root?: string, profileDir?: string) {
  const dataDir = mkdtempSync(join(tmpdir(), "ballast-bench-http-"));
  const port = await freePortPair();
  const child = spawnLocalnet(
    { RPC_PORT: String(port), DATA_DIR: dataDir, SLOT_MS: "400" },
    { root, nodeFlags: profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [] },
  );
  const client = jsonRpcClient(port);
  await waitForRpc(`http://127.0.0.1:${port}`);
  const raw = rawHttpClient(port, HTTP_CONNECTIONS);
  const blockhash = async () => ((await client.call("getLatestBlockhash", [])) as { value: { blockhash: string } }).value.blockhash;
  const work = await Workload.prepare({
    blockhash,
    async land(wire) {
      await client.call("sendTransaction", [wire.toString("base64"), { encoding: "base64" }]);
    },
    async fund(to, amount) {
      await client.call("requestAirdrop", [to.toBase58(), Number(amount)]);
    },
  });
  return {
    /** tx/s; with `cpu`, also pushes the server's CPU µs per transaction. */
    async run(kind: Kind, n: number, batched: boolean, cpu?: number[]) {
      const bodies = requestBodies(await work.slice(kind, n), batched);
      const cpuBefore = processCpuMs(child.pid!);
      const rate = await drive(raw.post, bodies, n);
      cpu?.push(((processCpuMs(child.pid!) - cpuBefore) * 1000) / n);
      return rate;
    },
    async close() {
      client.close();
      raw.close();
      child.kill("SIGTERM");
      await exited(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The reference for the HTTP figures: a bare node:http server in its own process that reads each body and answers
 * a canned sendTransaction reply (one per request of a batch). Its rate bounds what the client can measure.
 */
const BARE_SERVER = `
const http = require("node:http");
const one = (id) => '{"jsonrpc":"2.0","result":"5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW","id":' + id + '}';
const single = one(0);
const batch = "[" + Array.from({ length: ${BATCH_SIZE} }, (_, i) => one(i)).join(",") + "]";
const server = http.createServer({ keepAliveTimeout: 60000 }, (request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    const reply = body[0] === 0x5b ? batch : single;
    response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(reply) });
    response.end(reply);
  });
});
server.listen(0, "127.0.0.1", () => process.stdout.write(server.address().port + "\\n"));
process.on("SIGTERM", () => process.exit(0));
`;

async function bareServer() {
  const child = spawn(process.execPath, ["-e", BARE_SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once("exit", () => reject(new Error("the bare server exited before listening")));
  });
  const client = jsonRpcClient(port);
  const raw = rawHttpClient(port, HTTP_CONNECTIONS);
  // The same bodies the ledger gets, signed once: the canned server never looks inside them.
  const wires = new Map<string, Buffer[]>();
  return {
    async run(work: Workload, kind: Kind, n: number, batched: boolean, via: "node:http" | "raw") {
      const key = `${kind}/${n}`;
      const slice = wires.get(key) ?? (await work.slice(kind, n));
      wires.set(key, slice);
      return drive(via === "raw" ? raw.post : client.post, requestBodies(slice, batched), n);
    },
    async close() {
      client.close();
      raw.close();
      child.kill("SIGTERM");
      await exited(child);
    },
  };
}

interface Row {
  path: string;
  summary: Summary;
  target?: Target;
  format?: (n: number) => string;
}

const rows: Row[] = [];
function report(path: string, samples: readonly number[], target?: Target, format: (n: number) => string = count): Summary {
  const summary = summarize(samples);
  rows.push({ path, summary, target, format });
  console.log(`  ${path.padEnd(54)} ${describe(summary, format).padEnd(40)} ${target ? verdict(summary, target) : ""}`);
  return summary;
}

const startedAt = performance.now();
console.log(
  `transactions per second, signature verification on; ${ROUNDS} interleaved rounds, ` +
    `in-process ${count(SYSTEM_PER_ROUND)} system / ${count(TOKEN_PER_ROUND)} token transfers a round, ` +
    `HTTP ${count(HTTP_SYSTEM_PER_ROUND)} / ${count(HTTP_TOKEN_PER_ROUND)} a round and mode`,
);

let ledgerSystem: Summary | null = null;
let ledgerToken: Summary | null = null;
if (PARTS.has("in-process")) {
  const litesvm = await liteSvmRunner();
  const ledger = await ledgerRunner();
  const runs = {
    litesvmSystem: () => litesvm("system", SYSTEM_PER_ROUND),
    ledgerSystem: () => ledger.run("system", SYSTEM_PER_ROUND),
    litesvmToken: () => litesvm("token", TOKEN_PER_ROUND),
    ledgerToken: () => ledger.run("token", TOKEN_PER_ROUND),
  };
  // One round first, not counted: the first round otherwise pays for JIT compilation and the worker threads'
  // start-up (the ledger's ran about 25 % slower than the rest).
  for (const run of Object.values(runs)) await run();
  cpuPerTransfer.clear();
  const inProcess = await interleaved(ROUNDS, runs);
  await ledger.close();

  console.log(
    "in-process: litesvm keeps state in memory (signatures, blockhash and replay checked); the ledger decodes, verifies " +
      "signatures on worker threads, checks blockhash and replay, executes, and acknowledges each transfer only once " +
      "its SQLite write is synced to disk",
  );
  report("litesvm (reference), system", inProcess.litesvmSystem);
  ledgerSystem = report("ledger, system", inProcess.ledgerSystem);
  report("ledger / litesvm, system (per round)", ratios(inProcess.ledgerSystem, inProcess.litesvmSystem), atLeast(0.8, times), times);
  report("litesvm (reference), token", inProcess.litesvmToken);
  ledgerToken = report("ledger, token", inProcess.ledgerToken);
  report("ledger / litesvm, token (per round)", ratios(inProcess.ledgerToken, inProcess.litesvmToken), atLeast(0.8, times), times);
  const perTransfer = (n: number): string => `${n.toFixed(0)} µs`;
  for (const kind of ["system", "token"] as const) {
    report(`litesvm CPU per transfer, ${kind}`, cpuPerTransfer.get(`litesvm ${kind}`) ?? [], undefined, perTransfer);
    report(`ledger CPU per transfer (all threads), ${kind}`, cpuPerTransfer.get(`ledger ${kind}`) ?? [], undefined, perTransfer);
  }
}

if (PARTS.has("http")) {
  const node = await httpLedger(undefined, LEDGER_PROFILE);
  const baseline = BASELINE ? await httpLedger(BASELINE) : null;
  const bare = await bareServer();
  // The canned server's bodies come from a workload of their own, so they never spend the ledger's signatures.
  const bareWork = await Workload.prepare({
    blockhash: async () => "11111111111111111111111111111111",
    land: async () => undefined,
    fund: async () => undefined,
  });
  const cpu = { system: [] as number[], token: [] as number[], baselineSystem: [] as number[], baselineToken: [] as number[] };
  const singles = {
    bareNodeHttp: () => bare.run(bareWork, "system", HTTP_SYSTEM_PER_ROUND, false, "node:http"),
    bareSingle: () => bare.run(bareWork, "system", HTTP_SYSTEM_PER_ROUND, false, "raw"),
    systemSingle: () => node.run("system", HTTP_SYSTEM_PER_ROUND, false, cpu.system),
    tokenSingle: () => node.run("token", HTTP_TOKEN_PER_ROUND, false, cpu.token),
  };
  const batches = {
    bareBatched: () => bare.run(bareWork, "system", HTTP_SYSTEM_PER_ROUND, true, "raw"),
    systemBatched: () => node.run("system", HTTP_SYSTEM_PER_ROUND, true),
    tokenBatched: () => node.run("token", HTTP_TOKEN_PER_ROUND, true),
  };
  const baselines: Record<string, () => Promise<number>> = {};
  if (baseline) {
    baselines.baselineSystemSingle = () => baseline.run("system", HTTP_SYSTEM_PER_ROUND, false, cpu.baselineSystem);
    baselines.baselineTokenSingle = () => baseline.run("token", HTTP_TOKEN_PER_ROUND, false, cpu.baselineToken);
  }
  const overHttp: Partial<Record<string, number[]>> & Record<keyof typeof singles | keyof typeof batches, number[]> = await interleaved(
    ROUNDS,
    { ...singles, ...baselines, ...batches },
  );
  await node.close();
  await baseline?.close();
  await bare.close();

  const raw = `raw client, ${HTTP_CONNECTIONS} sockets`;
  console.log(`HTTP (the ledger in its own process; the client here, ${HTTP_CONCURRENCY} requests in flight)`);
  report("bare node:http, canned reply, node:http client", overHttp.bareNodeHttp);
  report(`bare node:http, canned reply, ${raw} (client's ceiling)`, overHttp.bareSingle);
  report("ledger, one tx per request, system", overHttp.systemSingle, atLeast(5_000));
  report("ledger, one tx per request, token", overHttp.tokenSingle, atLeast(4_000));
  const micros = (n: number) => `${Math.round(n)} µs`;
  report("ledger CPU per tx (all threads), one per request, system", cpu.system, undefined, micros);
  report("ledger CPU per tx (all threads), one per request, token", cpu.token, undefined, micros);
  const [baselineSystem, baselineToken] = [overHttp.baselineSystemSingle, overHttp.baselineTokenSingle];
  if (baselineSystem && baselineToken) {
    report("baseline ledger, one tx per request, system", baselineSystem);
    report("baseline ledger, one tx per request, token", baselineToken);
    report("ledger / baseline, one tx per request, system (per round)", ratios(overHttp.systemSingle, baselineSystem), undefined, times);
    report("ledger / baseline, one tx per request, token (per round)", ratios(overHttp.tokenSingle, baselineToken), undefined, times);
    report("ledger / baseline, CPU per tx, system (per round)", ratios(cpu.system, cpu.baselineSystem), undefined, times);
    report("ledger / baseline, CPU per tx, token (per round)", ratios(cpu.token, cpu.baselineToken), undefined, times);
  }
  report(`bare node:http, canned reply, batches of ${BATCH_SIZE}, ${raw}`, overHttp.bareBatched);
  report(`ledger, batches of ${BATCH_SIZE}, system`, overHttp.systemBatched, ledgerSystem ? atLeast(0.8 * ledgerSystem.median) : undefined);
  report(`ledger, batches of ${BATCH_SIZE}, token`, overHttp.tokenBatched, ledgerToken ? atLeast(0.8 * ledgerToken.median) : undefined);
  if (ledgerSystem && ledgerToken) {
    report(
      `ledger batches / ledger in-process, system (medians)`,
      [summarize(overHttp.systemBatched).median / ledgerSystem.median],
      atLeast(0.8, times),
      times,
    );
    report(
      `ledger batches / ledger in-process, token (medians)`,
      [summarize(overHttp.tokenBatched).median / ledgerToken.median],
      atLeast(0.8, times),
      times,
    );
  }
}

console.log(`\nREADME table (${((performance.now() - startedAt) / 1000).toFixed(0)} s):\n`);
console.log(
  table(
    ["path", "median ± spread", "target", "verdict"],
    rows.map(({ path, summary, target, format }) => [
      path,
      describe(summary, format),
      target?.text ?? "",
      target ? (target.met(summary.median) ? "met" : "MISSED") : "",
    ]),
  ),
);
