import {
  Connection,
  Keypair,
  SYSVAR_CLOCK_PUBKEY,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type Signer,
  type TransactionInstruction,
} from "@solana/web3.js";
import type { Ledger } from "../../src/ledger.js";
import { startLocalnet, type Localnet } from "../../src/localnet.js";

/**
 * The real ledger behind its real JSON-RPC and websocket front ends (`startLocalnet`), on free loopback ports, with
 * the slot clock stopped: the chain is warped to slot 100 and only moves when a test warps it, so reply bodies can be
 * written out exactly. State is built with signed transactions; the faucet funds fee payers.
 */

export const START_SLOT = 100;

export interface Harness {
  net: Localnet;
  ledger: Ledger;
  server: Localnet["rpc"];
  connection: Connection;
  close(): Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const net = await startLocalnet({ rpcPort: 0, dataDir: null, slotMs: 0 });
  net.ledger.warp(START_SLOT - Number(net.ledger.slot()));
  const connection = new Connection(net.rpc.url, { commitment: "confirmed", wsEndpoint: net.rpc.wsUrl });
  return { net, ledger: net.ledger, server: net.rpc, connection, close: () => net.close() };
}

/** A new keypair funded by the faucet's airdrop, which has landed and is durable when this returns. */
export async function funded(h: Harness, lamports = 10_000_000_000n): Promise<Keypair> {
  const keypair = Keypair.generate();
  await h.ledger.requestAirdrop(keypair.publicKey.toBase58(), lamports);
  return keypair;
}

/** A legacy transaction paid and signed by `payer` (and `signers`), on the ledger's latest blockhash unless told. */
export function signed(
  h: Harness,
  payer: Keypair,
  instructions: TransactionInstruction[],
  signers: Signer[] = [],
  blockhash = h.ledger.latestBlockhash().blockhash,
): Transaction {
  const tx = new Transaction().add(...instructions);
  tx.feePayer = payer.publicKey;
  tx.recentBlockhash = blockhash;
  tx.sign(payer, ...signers);
  return tx;
}

/** A v0 transaction paid and signed by `payer`. */
export function signedV0(h: Harness, payer: Keypair, instructions: TransactionInstruction[]): VersionedTransaction {
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash: h.ledger.latestBlockhash().blockhash,
    instructions,
  }).compileToV0Message();
  const tx = new VersionedTransaction(message);
  tx.sign([payer]);
  return tx;
}

/** Sends a transaction over JSON-RPC; it has landed and is durable when this returns. */
export async function send(h: Harness, payer: Keypair, instructions: TransactionInstruction[], signers: Signer[] = []): Promise<string> {
  return h.connection.sendRawTransaction(signed(h, payer, instructions, signers).serialize());
}

/** The unix time the chain reports for its current slot, read from the Clock sysvar over JSON-RPC. */
export async function clockUnixTimestamp(h: Harness): Promise<number> {
  const clock = await h.connection.getAccountInfo(SYSVAR_CLOCK_PUBKEY);
  return Number(clock!.data.readBigInt64LE(32));
}

import { rpcCall as post, type RawReply } from "../support/localnet.js";

export { post, type RawReply };

/** One JSON-RPC call; the reply's body. */
export async function rpc(url: string, method: string, params?: unknown, id: unknown = 1): Promise<any> {
  return (await post(url, { jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) })).json;
}
