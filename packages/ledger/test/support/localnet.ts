import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  Transaction,
  sendAndConfirmTransaction,
  type Commitment,
  type TransactionInstruction,
} from "@solana/web3.js";
import { startLocalnet, type Localnet } from "../../src/localnet.js";
import type { Program } from "../../src/runtime/program.js";

export interface TestNet {
  net: Localnet;
  connection: Connection;
  close(): Promise<void>;
}

/** A real ledger with its real RPC on free loopback ports, and a web3.js Connection to it. */
export async function startTestNet(
  options: { slotMs?: number; dataDir?: string | null; programs?: Program[]; commitment?: Commitment } = {},
): Promise<TestNet> {
  const net = await startLocalnet({
    rpcPort: 0,
    dataDir: options.dataDir ?? null,
    slotMs: options.slotMs ?? 50,
    programs: options.programs,
  });
  const connection = new Connection(net.rpc.url, { commitment: options.commitment ?? "confirmed", wsEndpoint: net.rpc.wsUrl });
  return {
    net,
    connection,
    async close() {
      await net.close();
    },
  };
}

/** A new keypair funded through the RPC's requestAirdrop, confirmed. */
export async function fundedKeypair(connection: Connection, sol = 10): Promise<Keypair> {
  const keypair = Keypair.generate();
  const signature = await connection.requestAirdrop(keypair.publicKey, sol * LAMPORTS_PER_SOL);
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
  await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight });
  return keypair;
}

export interface RawReply {
  status: number;
  text: string;
  json: any;
  headers: Headers;
}

/** JSON-RPC call without a client library, for exact reply bodies (`body` may be raw text, e.g. malformed JSON). */
export async function rpcCall(
  url: string,
  body: unknown,
  headers: Record<string, string> = { "content-type": "application/json" },
): Promise<RawReply> {
  const response = await fetch(url, { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) });
  const text = await response.text();
  let json: any = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: response.status, text, json, headers: response.headers };
}

/** Sends instructions as one transaction (the first signer pays), waits for confirmation, and says where it landed. */
export async function land(
  connection: Connection,
  instructions: TransactionInstruction | TransactionInstruction[],
  signers: Keypair[],
): Promise<{ signature: string; slot: number; blockTime: number }> {
  const tx = new Transaction().add(...(Array.isArray(instructions) ? instructions : [instructions]));
  const signature = await sendAndConfirmTransaction(connection, tx, signers, { commitment: "confirmed" });
  const landed = (await connection.getTransaction(signature, { commitment: "confirmed", maxSupportedTransactionVersion: 0 }))!;
  return { signature, slot: landed.slot, blockTime: landed.blockTime! };
}

/** Simulates instructions signed by `signers` (the first pays) against the current state. */
export async function simulateSigned(
  connection: Connection,
  instructions: TransactionInstruction | TransactionInstruction[],
  signers: Keypair[],
) {
  const tx = new Transaction().add(...(Array.isArray(instructions) ? instructions : [instructions]));
  tx.feePayer = signers[0]!.publicKey;
  tx.recentBlockhash = (await connection.getLatestBlockhash()).blockhash;
  tx.sign(...signers);
  return (await connection.simulateTransaction(tx)).value;
}
