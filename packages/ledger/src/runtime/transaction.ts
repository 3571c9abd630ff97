import { SYSTEM_PROGRAM_ID, cloneAccount, emptyAccount, type Account, type Address } from "../account.js";
import { TransactionError, type TransactionErrorValue } from "../errors.js";
import type { CompiledInnerInstruction, ReturnData } from "../service.js";
import { MAX_TX_ACCOUNT_LOCKS } from "../tx/sanitize.js";
import type { WireTransaction } from "../tx/wire.js";
import { parseComputeBudget, transactionFee } from "./compute-budget.js";
import { InstructionProcessor, checkRentStates, type LoadedTransaction } from "./executor.js";
import type { Clock, Program } from "./program.js";
import { checkRentState } from "./rules.js";
import { INSTRUCTIONS_SYSVAR_ID, encodeInstructionsSysvar, setInstructionsSysvarCurrentIndex } from "./sysvars.js";
import { elementAt } from "../indexing.js";

export interface ExecutionEnvironment {
  programs: ReadonlyMap<Address, Program>;
  clock: Clock;
  /** Accounts no transaction may write (sysvars, programs): Solana demotes them to read-only. */
  reserved: ReadonlySet<Address>;
  /** Committed state (or an overlay of it for bundles and simulation). */
  getAccount(address: Address): Account | undefined;
  /** Resolves a v0 transaction's address lookup tables. */
  resolveLookups(tx: WireTransaction): { writable: Address[]; readonly: Address[] };
}

/** A transaction refused before it could pay its fee: it does not land. */
export interface RejectedTransaction {
  landed: false;
  err: TransactionErrorValue;
}

/** A transaction that pays its fee and lands, whether its instructions succeeded (err null) or not. */
export interface ExecutedTransaction {
  landed: true;
  err: TransactionErrorValue | null;
  fee: bigint;
  unitPrice: bigint;
  unitLimit: number;
  unitsConsumed: number;
  logs: string[];
  returnData: ReturnData | null;
  innerInstructions: { index: number; instructions: CompiledInnerInstruction[] }[];
  keys: Address[];
  isWritable: boolean[];
  loadedAddresses: { writable: Address[]; readonly: Address[] };
  /** State of every key before the transaction, and after it (only the fee is charged on failure). */
  pre: Account[];
  post: Account[];
}

export type TransactionResult = RejectedTransaction | ExecutedTransaction;

function reject(err: TransactionErrorValue): RejectedTransaction {
  return { landed: false, err };
}

/** Loads, charges and executes one decoded transaction. Never touches committed state: the caller commits. */
export function executeTransaction(tx: WireTransaction, env: ExecutionEnvironment): TransactionResult {
  try {
    return execute(tx, env);
  } catch (e) {
    if (e instanceof TransactionError) return reject(e.value);
    throw e;
  }
}

function execute(tx: WireTransaction, env: ExecutionEnvironment): TransactionResult {
  const loadedAddresses = tx.addressTableLookups.length > 0 ? env.resolveLookups(tx) : { writable: [], readonly: [] };
  const keys = [...tx.staticAccountKeys, ...loadedAddresses.writable, ...loadedAddresses.readonly];
  if (new Set(keys).size !== keys.length) return reject("AccountLoadedTwice");
  if (keys.length > MAX_TX_ACCOUNT_LOCKS) return reject("TooManyAccountLocks");

  const { header } = tx;
  const staticCount = tx.staticAccountKeys.length;
  const programIndexes = new Set(tx.instructions.map((ix) => ix.programIdIndex));
  const isSigner = keys.map((_, i) => i < header.numRequiredSignatures);
  const isWritable = keys.map((key, i) => {
    let writable: boolean;
    if (i < header.numRequiredSignatures) writable = i < header.numRequiredSignatures - header.numReadonlySignedAccounts;
    else if (i < staticCount) writable = i < staticCount - header.numReadonlyUnsignedAccounts;
    else writable = i < staticCount + loadedAddresses.writable.length;
    return writable && !env.reserved.has(key) && !programIndexes.has(i);
  });

  const budget = parseComputeBudget(tx.instructions.map((ix) => ({ programId: elementAt(keys, ix.programIdIndex), data: ix.data })));
  for (const ix of tx.instructions) {
    const programId = elementAt(keys, ix.programIdIndex);
    if (env.programs.has(programId)) continue;
    const account = env.getAccount(programId);
    return reject(account ? "InvalidProgramForExecution" : "ProgramAccountNotFound");
  }

  const fee = transactionFee(tx.signatures.length, budget);
  const payerAccount = env.getAccount(elementAt(keys, 0));
  if (!payerAccount || payerAccount.lamports === 0n) return reject("AccountNotFound");
  if (payerAccount.owner !== SYSTEM_PROGRAM_ID || payerAccount.data.length > 0) return reject("InvalidAccountForFee");
  if (payerAccount.lamports < fee) return reject("InsufficientFundsForFee");

  // Committed accounts are never changed in place (programs get private copies), so they are the state before the
  // transaction as they are: no snapshot copies.
  const pre = keys.map((k) => env.getAccount(k) ?? emptyAccount());
  const accounts = pre.map(cloneAccount);
  const payer = elementAt(accounts, 0);
  payer.lamports -= fee;
  checkRentState(0, elementAt(pre, 0), payer);

  let instructionsSysvar: LoadedTransaction["instructionsSysvar"] = null;
  const sysvarIndex = keys.indexOf(INSTRUCTIONS_SYSVAR_ID);
  if (sysvarIndex >= 0) {
    elementAt(accounts, sysvarIndex).data = encodeInstructionsSysvar(
      tx.instructions.map((ix) => ({
        programId: elementAt(keys, ix.programIdIndex),
        accounts: ix.accounts.map((k) => ({
          pubkey: elementAt(keys, k),
          isSigner: elementAt(isSigner, k),
          isWritable: elementAt(isWritable, k),
        })),
        data: ix.data,
      })),
    );
    instructionsSysvar = { index: sysvarIndex, setCurrent: setInstructionsSysvarCurrentIndex };
  }

  const loaded: LoadedTransaction = {
    keys,
    isSigner,
    isWritable,
    accounts,
    instructions: tx.instructions.map((ix) => ({ programIndex: ix.programIdIndex, accounts: ix.accounts, data: ix.data })),
    unitLimit: budget.unitLimit,
    instructionsSysvar,
  };
  const outcome = new InstructionProcessor(loaded, env.programs, env.clock).run();
  const err = outcome.err ?? checkRentStates(loaded, pre)?.value ?? null;

  let post: Account[];
  if (err === null) {
    // A read-only account cannot have changed (the rules refuse it), so it stays the committed object itself: the
    // Instructions sysvar's per-transaction data is dropped, and caches keyed by account objects keep hitting.
    post = accounts;
    for (let i = 0; i < post.length; i++) if (!isWritable[i]) post[i] = elementAt(pre, i);
  } else {
    // A failed transaction still pays: only the fee payer's debit survives.
    post = pre.slice();
    const payerBefore = elementAt(pre, 0);
    post[0] = { ...payerBefore, lamports: payerBefore.lamports - fee };
  }
  return {
    landed: true,
    err,
    fee,
    unitPrice: budget.unitPrice,
    unitLimit: budget.unitLimit,
    unitsConsumed: outcome.unitsConsumed,
    logs: outcome.logs,
    returnData: outcome.returnData,
    innerInstructions: outcome.innerInstructions,
    keys,
    isWritable,
    loadedAddresses,
    pre,
    post,
  };
}
