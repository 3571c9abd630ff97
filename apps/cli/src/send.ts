// The one place instructions become a transaction. Depending on the global options it is signed, sent and confirmed;
// simulated (--dry-run: logs and compute units printed, nothing changes); or printed unsigned as base58 and base64
// for a multisig proposal (--multisig: the fee payer is the authority, nothing is sent).
import { TransactionMessage, VersionedTransaction, type Keypair, type TransactionInstruction } from "@solana/web3.js";
import bs58 from "bs58";
import { confirmSignature } from "@ballast/sdk";
import type { CliContext } from "./context.js";
import { TransactionFailure, transactionFailure } from "./errors.js";
import { plain, type Plain, type Printable } from "./output.js";

export interface SendRequest {
  instructions: readonly TransactionInstruction[];
  /** Keys that sign besides the fee payer, such as a new account's keypair. */
  signers?: readonly Keypair[];
}

export type SendOutcome =
  | { mode: "send"; signature: string }
  | { mode: "dry-run"; unitsConsumed: number; logs: readonly string[] }
  | { mode: "multisig"; base58: string; base64: string };

/** Confirmation is polled (no websocket needed): every half second for up to a minute. */
const CONFIRMATION = { attempts: 120, intervalMs: 500, timeoutMs: 60_000 };

async function compile(ctx: CliContext, request: SendRequest, payer: Keypair | null): Promise<VersionedTransaction> {
  const { blockhash } = await ctx.connection.getLatestBlockhash(ctx.commitment);
  const message = new TransactionMessage({
    payerKey: payer?.publicKey ?? ctx.authority(),
    recentBlockhash: blockhash,
    instructions: [...request.instructions],
  }).compileToV0Message();
  const transaction = new VersionedTransaction(message);
  const signers = [...(payer ? [payer] : []), ...(request.signers ?? [])];
  if (signers.length > 0) transaction.sign(signers);
  return transaction;
}

/**
 * Sends, simulates or prints the transaction as the global options say. Printing the dry run's logs and the
 * multisig's encodings happens here; after a real send the caller prints what changed.
 */
export async function send(ctx: CliContext, request: SendRequest): Promise<SendOutcome> {
  const mode = ctx.mode;
  if (mode === "multisig") {
    const transaction = await compile(ctx, request, null);
    const bytes = transaction.serialize();
    const outcome = { mode, base58: bs58.encode(bytes), base64: Buffer.from(bytes).toString("base64") } as const;
    ctx.print({
      feePayer: ctx.authority(),
      signaturesRequired: transaction.message.header.numRequiredSignatures,
      base58: outcome.base58,
      base64: outcome.base64,
    });
    return outcome;
  }
  const payer = ctx.keypair();
  if (mode === "dry-run") {
    const transaction = await compile(ctx, request, payer);
    let simulation;
    try {
      simulation = await ctx.connection.simulateTransaction(transaction, { sigVerify: false, commitment: ctx.commitment });
    } catch (error) {
      throw transactionFailure(error, ctx.programId, "simulation");
    }
    const { err, logs, unitsConsumed } = simulation.value;
    const outcome = { mode, unitsConsumed: unitsConsumed ?? 0, logs: logs ?? [] } as const;
    ctx.print({ simulation: err === null ? "succeeded" : "failed", unitsConsumed: outcome.unitsConsumed, logs: [...outcome.logs] });
    if (err !== null) throw transactionFailure(new TransactionFailure(JSON.stringify(err), outcome.logs), ctx.programId, "simulation");
    return outcome;
  }
  const transaction = await compile(ctx, request, payer);
  let signature: string;
  try {
    signature = await ctx.connection.sendRawTransaction(transaction.serialize(), { preflightCommitment: ctx.commitment });
  } catch (error) {
    throw transactionFailure(error, ctx.programId, "sending");
  }
  try {
    await confirmSignature(ctx.connection, signature, { commitment: ctx.commitment, schedule: CONFIRMATION });
  } catch (error) {
    throw transactionFailure(error, ctx.programId, "sending");
  }
  return { mode, signature };
}

/** An account's fields as a command shows them; null when the account does not exist. */
export type AccountReading = Readonly<Record<string, Printable>> | null;

function flatten(value: Plain, prefix = "", into: Map<string, Plain> = new Map()): Map<string, Plain> {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value as { readonly [key: string]: Plain })) flatten(inner, `${prefix}${key}.`, into);
  } else {
    into.set(prefix.slice(0, -1), value);
  }
  return into;
}

/** Fields whose value differs between two readings, as { field: { before, after } }. */
export function changedFields(before: AccountReading, after: AccountReading): Record<string, { before: Plain; after: Plain }> {
  const was = flatten(before === null ? {} : plain(before));
  const now = flatten(after === null ? {} : plain(after));
  const changes: Record<string, { before: Plain; after: Plain }> = {};
  for (const key of new Set([...was.keys(), ...now.keys()])) {
    const [b, a] = [was.get(key) ?? null, now.get(key) ?? null];
    if (JSON.stringify(b) !== JSON.stringify(a)) changes[key] = { before: b, after: a };
  }
  return changes;
}

/**
 * The usual shape of a command that writes: read the account, send, and after a real send read it again and print
 * the signature with the fields that changed (a created account prints all its fields under "created").
 */
export async function sendAndReport(ctx: CliContext, request: SendRequest, read: () => Promise<AccountReading>): Promise<SendOutcome> {
  const before = ctx.mode === "send" ? await read() : null;
  const outcome = await send(ctx, request);
  if (outcome.mode !== "send") return outcome;
  const after = await read();
  if (before === null) {
    ctx.print({ signature: outcome.signature, created: after });
  } else {
    ctx.print({ signature: outcome.signature, changed: changedFields(before, after) });
  }
  return outcome;
}
