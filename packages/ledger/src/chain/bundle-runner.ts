// Bundles as the block engine runs them: up to five transactions executed in order against one overlay of pending
// writes, stopping at the first failure, so a bundle lands whole or not at all.
import { createHash } from "node:crypto";
import type { Account, Address } from "../account.js";
import { TransactionError } from "../errors.js";
import { MalformedTransactionError, SignatureVerificationError, type BundleSimulation } from "../service.js";
import type { TransactionResult } from "../runtime/transaction.js";
import { encodeBase58 } from "../tx/base58.js";
import { verifyTransactionSignatures } from "../tx/verify.js";
import { firstSignature, type WireTransaction } from "../tx/wire.js";
import { MAX_BUNDLE_TRANSACTIONS, TIP_ACCOUNTS } from "./bundles.js";
import { elementAt } from "../indexing.js";

/** Reads through pending bundle writes to the committed state. */
export class Overlay {
  readonly writes = new Map<Address, Account>();
  constructor(private readonly base: (a: Address) => Account | undefined) {}
  get = (address: Address): Account | undefined => this.writes.get(address) ?? this.base(address);
}

/** What running a bundle needs from the ledger. */
export interface BundleHost {
  /** Decodes and sanitizes one wire transaction. */
  decode(wire: Buffer): WireTransaction;
  /** Admission checks that do not depend on accounts (blockhash age, replay). */
  admit(tx: WireTransaction, signature: string): TransactionError | null;
  /** Executes against the accounts `get` reads. */
  execute(tx: WireTransaction, get: (a: Address) => Account | undefined): TransactionResult;
  /** The committed state. */
  read(address: Address): Account | undefined;
  currentBlockhash(): string;
}

export interface BundleRun {
  readonly tx: WireTransaction;
  readonly result: TransactionResult;
}

/** Executes a bundle's transactions in order over one overlay, up to and including the first that fails. */
export function runBundle(host: BundleHost, wires: Buffer[], verify: boolean, replaceRecentBlockhash: boolean): BundleRun[] {
  if (wires.length < 1 || wires.length > MAX_BUNDLE_TRANSACTIONS) {
    throw new MalformedTransactionError(`bundle must contain between 1 and ${MAX_BUNDLE_TRANSACTIONS} transactions`);
  }
  const txs = wires.map((w) => host.decode(w));
  if (verify && !txs.every(verifyTransactionSignatures)) throw new SignatureVerificationError();
  const overlay = new Overlay((address) => host.read(address));
  const runs: BundleRun[] = [];
  const seen = new Set<string>();
  for (const tx of txs) {
    const signature = encodeBase58(firstSignature(tx));
    let refused = seen.has(signature) ? new TransactionError("AlreadyProcessed") : null;
    seen.add(signature);
    if (replaceRecentBlockhash) tx.recentBlockhash = host.currentBlockhash();
    refused ??= host.admit(tx, signature);
    const result: TransactionResult = refused ? { landed: false, err: refused.value } : host.execute(tx, overlay.get);
    if (result.landed && result.err === null) {
      result.keys.forEach((k, i) => elementAt(result.isWritable, i) && overlay.writes.set(k, elementAt(result.post, i)));
    }
    runs.push({ tx, result });
    if (result.err !== null) break;
  }
  return runs;
}

/** Lamports the bundle's landed transactions paid into the tip accounts. */
export function bundleTip(runs: readonly BundleRun[]): bigint {
  let tip = 0n;
  for (const { result } of runs) {
    if (!result.landed) continue;
    result.keys.forEach((k, i) => {
      if (TIP_ACCOUNTS.includes(k)) tip += elementAt(result.post, i).lamports - elementAt(result.pre, i).lamports;
    });
  }
  return tip;
}

/** A landed bundle's id: the sha256 of its signatures, hex. */
export function bundleId(signatures: readonly string[]): string {
  return createHash("sha256").update(signatures.join(",")).digest("hex");
}

export interface BundleSimulationOptions {
  preExecutionAccounts: (Address[] | null)[];
  postExecutionAccounts: (Address[] | null)[];
}

/** simulateBundle's answer for runs made by runBundle: each run's accounts before and after it, and the first failure. */
export function bundleSimulation(
  runs: readonly BundleRun[],
  options: BundleSimulationOptions,
  read: (address: Address) => Account | undefined,
): BundleSimulation {
  const overlay = new Overlay(read);
  const transactionResults: BundleSimulation["transactionResults"] = [];
  runs.forEach(({ result }, i) => {
    const executed = result.landed ? result : null;
    const preAddresses = options.preExecutionAccounts[i] ?? null;
    const postAddresses = options.postExecutionAccounts[i] ?? null;
    const preState = preAddresses?.map((a) => overlay.get(a) ?? null) ?? null;
    if (executed && executed.err === null)
      executed.keys.forEach((k, j) => elementAt(executed.isWritable, j) && overlay.writes.set(k, elementAt(executed.post, j)));
    transactionResults.push({
      err: result.err,
      logs: executed?.logs ?? [],
      unitsConsumed: BigInt(executed?.unitsConsumed ?? 0),
      returnData: executed?.returnData ?? null,
      preExecutionAccounts: preState,
      postExecutionAccounts: postAddresses?.map((a) => overlay.get(a) ?? null) ?? null,
    });
  });
  const failed = runs.find((r) => r.result.err !== null);
  const summary: BundleSimulation["summary"] =
    failed === undefined || failed.result.err === null
      ? "succeeded"
      : {
          failed: {
            error: {
              TransactionFailure: [[...firstSignature(failed.tx)], new TransactionError(failed.result.err).message],
            },
            txSignature: encodeBase58(firstSignature(failed.tx)),
          },
        };
  return { summary, transactionResults };
}
