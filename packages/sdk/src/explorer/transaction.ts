// A landed transaction as the explorer shows it: status and the program error in words, fee, compute units, slot,
// time, every instruction decoded with its inner instructions, logs, and each token account's balance change in UI
// units. Built from getTransaction's reply, so the server decodes and the web app only renders.
import type { TokenBalance, VersionedTransactionResponse } from "@solana/web3.js";
import bs58 from "bs58";
import { parseErrorFromLogs } from "../transactions/errors.js";
import { decodeExplorerInstruction, type DecodedInstruction, type ExplorerProgram, type InstructionAccountRef } from "./instructions.js";
import { displayValue, type DisplayValue } from "./values.js";

export interface ExplorerInstruction extends DecodedInstruction {
  /** The instructions this one invoked, in order (top-level instructions only; stack height says how deep). */
  readonly inner: readonly (DecodedInstruction & { readonly stackHeight: number | null })[];
}

export interface ExplorerTokenBalanceChange {
  readonly account: string;
  readonly owner: string | null;
  readonly mint: string;
  /** From the token list; null for a mint it does not name. */
  readonly symbol: string | null;
  readonly decimals: number;
  /** UI amounts, exact decimal strings. */
  readonly before: string;
  readonly after: string;
  readonly change: string;
}

export interface ExplorerAccountKey extends InstructionAccountRef {
  /** SOL balance before and after, in lamports as decimal strings. */
  readonly lamportsBefore: string;
  readonly lamportsAfter: string;
}

export interface ExplorerTransactionError {
  /** The failing instruction (0-based), when the error is an instruction's. */
  readonly instruction: number | null;
  /** The program's message for a custom error, else the runtime's error name. */
  readonly message: string;
  readonly raw: DisplayValue;
}

export interface ExplorerTransaction {
  readonly signature: string;
  readonly slot: number;
  /** ISO 8601, null when the chain has no time for the slot. */
  readonly blockTime: string | null;
  readonly version: "legacy" | number;
  readonly success: boolean;
  readonly error: ExplorerTransactionError | null;
  /** Lamports. */
  readonly fee: string;
  readonly computeUnits: number | null;
  readonly recentBlockhash: string;
  readonly accounts: readonly ExplorerAccountKey[];
  readonly instructions: readonly ExplorerInstruction[];
  readonly tokenBalanceChanges: readonly ExplorerTokenBalanceChange[];
  readonly logs: readonly string[];
}

/** An amount in base units as an exact decimal string ("-1.5", "0.000001", "12"). */
export function uiAmountText(amount: bigint, decimals: number): string {
  const sign = amount < 0n ? "-" : "";
  const magnitude = amount < 0n ? -amount : amount;
  if (decimals === 0) return `${sign}${magnitude}`;
  const digits = magnitude.toString().padStart(decimals + 1, "0");
  const fraction = digits.slice(-decimals).replace(/0+$/, "");
  const whole = digits.slice(0, -decimals);
  return `${sign}${whole}${fraction ? `.${fraction}` : ""}`;
}

function transactionError(err: unknown, logs: readonly string[], lendingProgramId: string): ExplorerTransactionError {
  const instructionError = (err as { InstructionError?: [number, unknown] } | null)?.InstructionError;
  const inLogs = parseErrorFromLogs(logs, { lendingProgramId });
  let message: string;
  if (inLogs) message = inLogs.description ?? `custom program error ${inLogs.code}`;
  else if (instructionError)
    message = typeof instructionError[1] === "string" ? instructionError[1] : JSON.stringify(displayValue(instructionError[1]));
  else message = typeof err === "string" ? err : JSON.stringify(displayValue(err));
  return { instruction: instructionError ? instructionError[0] : null, message, raw: displayValue(err) };
}

function balanceChanges(
  keys: readonly string[],
  pre: readonly TokenBalance[],
  post: readonly TokenBalance[],
  symbols: ReadonlyMap<string, string>,
): ExplorerTokenBalanceChange[] {
  const indexes = [...new Set([...pre, ...post].map((b) => b.accountIndex))].sort((a, b) => a - b);
  return indexes.map((index) => {
    const before = pre.find((b) => b.accountIndex === index);
    const after = post.find((b) => b.accountIndex === index);
    // One of the two exists: the index came from them.
    const known = (after ?? before) as TokenBalance;
    const decimals = known.uiTokenAmount.decimals;
    const beforeAmount = BigInt(before?.uiTokenAmount.amount ?? "0");
    const afterAmount = BigInt(after?.uiTokenAmount.amount ?? "0");
    return {
      account: keys[index] ?? "",
      owner: known.owner ?? null,
      mint: known.mint,
      symbol: symbols.get(known.mint) ?? null,
      decimals,
      before: uiAmountText(beforeAmount, decimals),
      after: uiAmountText(afterAmount, decimals),
      change: uiAmountText(afterAmount - beforeAmount, decimals),
    };
  });
}

export interface ExplorerTransactionContext {
  readonly programs: ReadonlyMap<string, ExplorerProgram>;
  readonly lendingProgramId: string;
  /** Token symbols by mint. */
  readonly symbols: ReadonlyMap<string, string>;
}

export function explorerTransaction(
  signature: string,
  response: VersionedTransactionResponse,
  context: ExplorerTransactionContext,
): ExplorerTransaction {
  const { message } = response.transaction;
  const meta = response.meta;
  const loaded = meta?.loadedAddresses ?? { writable: [], readonly: [] };
  const keys = message.getAccountKeys({ accountKeysFromLookups: loaded });
  const addresses = keys
    .keySegments()
    .flat()
    .map((k) => k.toBase58());
  const accounts = addresses.map((address, i) => ({
    address,
    signer: message.isAccountSigner(i),
    writable: message.isAccountWritable(i),
    lamportsBefore: String(meta?.preBalances[i] ?? 0),
    lamportsAfter: String(meta?.postBalances[i] ?? 0),
  }));
  const ref = (i: number): InstructionAccountRef => {
    const account = accounts[i];
    return account
      ? { address: account.address, signer: account.signer, writable: account.writable }
      : { address: "", signer: false, writable: false };
  };
  const decode = (programIdIndex: number, accountIndexes: readonly number[], data: Buffer) =>
    decodeExplorerInstruction(context.programs, { programId: ref(programIdIndex).address, accounts: accountIndexes.map(ref), data });
  const instructions = message.compiledInstructions.map((ix, index): ExplorerInstruction => {
    const inner = meta?.innerInstructions?.find((group) => group.index === index)?.instructions ?? [];
    return {
      ...decode(ix.programIdIndex, ix.accountKeyIndexes, Buffer.from(ix.data)),
      inner: inner.map((innerIx) => ({
        ...decode(innerIx.programIdIndex, innerIx.accounts, Buffer.from(bs58.decode(innerIx.data))),
        stackHeight: (innerIx as { stackHeight?: number | null }).stackHeight ?? null,
      })),
    };
  });
  const logs = meta?.logMessages ?? [];
  const err = meta?.err ?? null;
  return {
    signature,
    slot: response.slot,
    blockTime: response.blockTime === null || response.blockTime === undefined ? null : new Date(response.blockTime * 1000).toISOString(),
    version: response.version ?? "legacy",
    success: err === null,
    error: err === null ? null : transactionError(err, logs, context.lendingProgramId),
    fee: String(meta?.fee ?? 0),
    computeUnits: meta?.computeUnitsConsumed ?? null,
    recentBlockhash: message.recentBlockhash,
    accounts,
    instructions,
    tokenBalanceChanges: balanceChanges(addresses, meta?.preTokenBalances ?? [], meta?.postTokenBalances ?? [], context.symbols),
    logs,
  };
}
