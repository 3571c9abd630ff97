import { PublicKey } from "@solana/web3.js";
import { cloneAccount, emptyAccount, type Account, type Address } from "../account.js";
import {
  InstructionError,
  TransactionError,
  describeInstructionError,
  type InstructionErrorValue,
  type TransactionErrorValue,
} from "../errors.js";
import type { CompiledInnerInstruction, ReturnData } from "../service.js";
import { encodeBase58 } from "../tx/base58.js";
import { LogCollector } from "./logs.js";
import type { Clock, CpiInstruction, InstructionAccount, InstructionContext, Program } from "./program.js";
import { checkAccountChanges, checkRentState, snapshot, type AccountSnapshot } from "./rules.js";
import { elementAt } from "../indexing.js";

/** Solana's maximum invoke stack height: a top-level instruction plus four nested invocations. */
export const MAX_STACK_HEIGHT = 5;
/** What a cross-program invocation costs the caller, as Solana's invoke_units. */
export const CPI_BASE_UNITS = 1000;

export interface InstructionInput {
  programIndex: number;
  accounts: number[];
  data: Buffer;
}

/** A transaction whose accounts are known: keys resolved, privileges fixed, accounts loaded as private copies. */
export interface LoadedTransaction {
  keys: Address[];
  isSigner: boolean[];
  isWritable: boolean[];
  accounts: Account[];
  instructions: InstructionInput[];
  unitLimit: number;
  /** Data of the Instructions sysvar for this transaction, when the transaction references it. */
  instructionsSysvar: { index: number; setCurrent(data: Buffer, index: number): void } | null;
}

export interface InstructionOutcome {
  err: TransactionErrorValue | null;
  logs: string[];
  unitsConsumed: number;
  returnData: ReturnData | null;
  innerInstructions: { index: number; instructions: CompiledInnerInstruction[] }[];
}

interface Frame {
  programId: Address;
  /** Indexes into the transaction's accounts, in instruction order (duplicates allowed). */
  indexes: number[];
  isSigner: boolean[];
  isWritable: boolean[];
  /** Unique accounts of the frame and what they looked like when the frame (last) took control. */
  before: Map<number, AccountSnapshot>;
}

/** Runs the instructions of one loaded transaction against its private account copies. */
export class InstructionProcessor {
  // Read and written by Context for the instruction it serves.
  readonly logs = new LogCollector();
  remaining: number;
  private readonly stack: Frame[] = [];
  returnData: ReturnData | null = null;
  private readonly inner: { index: number; instructions: CompiledInnerInstruction[] }[] = [];
  private currentInner: CompiledInnerInstruction[] = [];

  constructor(
    readonly tx: LoadedTransaction,
    private readonly programs: ReadonlyMap<Address, Program>,
    readonly clock: Clock,
  ) {
    this.remaining = tx.unitLimit;
  }

  run(): InstructionOutcome {
    let err: TransactionErrorValue | null = null;
    for (const [i, ix] of this.tx.instructions.entries()) {
      const sysvar = this.tx.instructionsSysvar;
      if (sysvar) sysvar.setCurrent(elementAt(this.tx.accounts, sysvar.index).data, i);
      this.currentInner = [];
      try {
        const indexes = ix.accounts;
        this.execute(
          elementAt(this.tx.keys, ix.programIndex),
          indexes,
          indexes.map((k) => elementAt(this.tx.isSigner, k)),
          indexes.map((k) => elementAt(this.tx.isWritable, k)),
          ix.data,
        );
      } catch (e) {
        err = { InstructionError: [i, toInstructionError(e)] };
      }
      if (this.currentInner.length > 0) this.inner.push({ index: i, instructions: this.currentInner });
      if (err) break;
    }
    return {
      err,
      logs: this.logs.messages,
      unitsConsumed: this.tx.unitLimit - this.remaining,
      returnData: this.returnData,
      innerInstructions: this.inner,
    };
  }

  private execute(programId: Address, indexes: number[], isSigner: boolean[], isWritable: boolean[], data: Buffer): void {
    const height = this.stack.length + 1;
    this.logs.push(`Program ${programId} invoke [${height}]`);
    const program = this.programs.get(programId);
    const startUnits = this.remaining;
    let ctx: Context | null = null;
    try {
      if (!program) {
        this.logs.push(`Program is not deployed`);
        throw new InstructionError("UnsupportedProgramId");
      }
      const frame = this.openFrame(programId, indexes, isSigner, isWritable);
      this.stack.push(frame);
      try {
        ctx = new Context(this, frame, data, height);
        program.execute(ctx);
        this.verify(frame, !program.builtin || height > 1);
      } finally {
        this.stack.pop();
      }
    } catch (e) {
      const value = toInstructionError(e);
      if (!(e instanceof InstructionError)) this.logs.push(`Program log: panicked at '${e instanceof Error ? e.message : String(e)}'`);
      if (program && !program.builtin)
        this.logs.push(`Program ${programId} consumed ${startUnits - this.remaining} of ${startUnits} compute units`);
      this.logs.push(`Program ${programId} failed: ${describeInstructionError(value)}`);
      throw e instanceof InstructionError ? e : new InstructionError(value);
    }
    if (!program.builtin) this.logs.push(`Program ${programId} consumed ${startUnits - this.remaining} of ${startUnits} compute units`);
    if (ctx?.setReturnDataHere && this.returnData) {
      this.logs.push(`Program return: ${this.returnData.programId} ${this.returnData.data.toString("base64")}`);
    }
    this.logs.push(`Program ${programId} success`);
  }

  private openFrame(programId: Address, indexes: number[], isSigner: boolean[], isWritable: boolean[]): Frame {
    const before = new Map<number, AccountSnapshot>();
    for (const k of indexes) if (!before.has(k)) before.set(k, snapshot(elementAt(this.tx.accounts, k)));
    return { programId, indexes, isSigner, isWritable, before };
  }

  /** Checks the frame's changes since it last took control, as Solana does at every CPI boundary and at return. */
  private verify(frame: Frame, limitGrowth: boolean): void {
    const entries: { before: AccountSnapshot; after: Account; isWritable: boolean }[] = [];
    for (const [k, before] of frame.before) {
      const writable = frame.indexes.some((index, j) => index === k && elementAt(frame.isWritable, j));
      entries.push({ before, after: elementAt(this.tx.accounts, k), isWritable: writable });
    }
    checkAccountChanges(frame.programId, entries, limitGrowth);
  }

  private refresh(frame: Frame): void {
    for (const k of frame.before.keys()) frame.before.set(k, snapshot(elementAt(this.tx.accounts, k)));
  }

  consume(units: number): void {
    if (units > this.remaining) {
      this.remaining = 0;
      throw new InstructionError("ComputationalBudgetExceeded");
    }
    this.remaining -= units;
  }

  invoke(caller: Frame, ix: CpiInstruction, signerSeeds: readonly (readonly Uint8Array[])[], callerHeight: number): void {
    this.consume(CPI_BASE_UNITS);
    if (callerHeight + 1 > MAX_STACK_HEIGHT) throw new InstructionError("CallDepth");
    // A program may call itself directly, but may not be re-entered through another program.
    if (caller.programId !== ix.programId && this.stack.some((f) => f.programId === ix.programId)) {
      throw new InstructionError("ReentrancyNotAllowed");
    }
    if (!this.tx.keys.includes(ix.programId)) {
      this.logs.push(`Unknown program ${ix.programId}`);
      throw new InstructionError("MissingAccount");
    }
    const pdaSigners = new Set<Address>();
    for (const seeds of signerSeeds) {
      try {
        pdaSigners.add(
          PublicKey.createProgramAddressSync(
            seeds.map((s) => Buffer.from(s)),
            new PublicKey(caller.programId),
          ).toBase58(),
        );
      } catch {
        throw new InstructionError("InvalidSeeds");
      }
    }
    const indexes: number[] = [];
    const isSigner: boolean[] = [];
    const isWritable: boolean[] = [];
    for (const meta of ix.accounts) {
      let callerSigner = false;
      let callerWritable = false;
      let index = -1;
      for (const [j, callerIndex] of caller.indexes.entries()) {
        if (elementAt(this.tx.keys, callerIndex) === meta.pubkey) {
          index = callerIndex;
          callerSigner ||= elementAt(caller.isSigner, j);
          callerWritable ||= elementAt(caller.isWritable, j);
        }
      }
      if (index < 0) {
        this.logs.push(`Instruction references an unknown account ${meta.pubkey}`);
        throw new InstructionError("MissingAccount");
      }
      if (meta.isWritable && !callerWritable) {
        this.logs.push(`${meta.pubkey}'s writable privilege escalated`);
        throw new InstructionError("PrivilegeEscalation");
      }
      if (meta.isSigner && !callerSigner && !pdaSigners.has(meta.pubkey)) {
        this.logs.push(`${meta.pubkey}'s signer privilege escalated`);
        throw new InstructionError("PrivilegeEscalation");
      }
      indexes.push(index);
      isSigner.push(meta.isSigner);
      isWritable.push(meta.isWritable);
    }
    const data = Buffer.from(ix.data);
    this.currentInner.push({
      programIdIndex: this.tx.keys.indexOf(ix.programId),
      accounts: indexes,
      data: encodeBase58(data),
      stackHeight: callerHeight + 1,
    });
    this.verify(caller, true);
    this.execute(ix.programId, indexes, isSigner, isWritable, data);
    this.refresh(caller);
  }
}

/** What one executing instruction sees. Its methods live on the prototype: serving an instruction allocates no closures. */
class Context implements InstructionContext {
  readonly programId: Address;
  readonly accounts: InstructionAccount[];
  readonly clock: Clock;
  /** Whether this instruction set the return data, which its success then logs. */
  setReturnDataHere = false;

  constructor(
    private readonly processor: InstructionProcessor,
    private readonly frame: Frame,
    readonly data: Buffer,
    readonly stackHeight: number,
  ) {
    const { keys, accounts } = processor.tx;
    this.programId = frame.programId;
    this.clock = processor.clock;
    this.accounts = [];
    for (let j = 0; j < frame.indexes.length; j++) {
      const k = elementAt(frame.indexes, j);
      this.accounts.push({
        key: elementAt(keys, k),
        isSigner: elementAt(frame.isSigner, j),
        isWritable: elementAt(frame.isWritable, j),
        account: elementAt(accounts, k),
      });
    }
  }

  log(message: string): void {
    this.processor.logs.push(`Program log: ${message}`);
  }

  logData(...chunks: Uint8Array[]): void {
    this.processor.logs.push(`Program data: ${chunks.map((c) => Buffer.from(c).toString("base64")).join(" ")}`);
  }

  consume(units: number): void {
    this.processor.consume(units);
  }

  remainingUnits(): number {
    return this.processor.remaining;
  }

  setReturnData(bytes: Uint8Array): void {
    if (bytes.length > 1024) throw new InstructionError("InvalidArgument");
    this.processor.returnData = { programId: this.frame.programId, data: Buffer.from(bytes) };
    this.setReturnDataHere = true;
  }

  getReturnData(): ReturnData | null {
    return this.processor.returnData;
  }

  invoke(ix: CpiInstruction, signerSeeds?: readonly (readonly Uint8Array[])[]): void {
    this.processor.invoke(this.frame, ix, signerSeeds ?? [], this.stackHeight);
  }
}

function toInstructionError(e: unknown): InstructionErrorValue {
  if (e instanceof InstructionError) return e.value;
  return "ProgramFailedToComplete";
}

/** Private copies of the accounts a transaction touches: failures are rolled back by dropping them. */
export function loadAccounts(keys: readonly Address[], get: (address: Address) => Account | undefined): Account[] {
  return keys.map((k) => {
    const a = get(k);
    return a ? cloneAccount(a) : emptyAccount();
  });
}

/** Rent-state check over every writable account at the end of a successful transaction. */
export function checkRentStates(tx: LoadedTransaction, before: readonly AccountSnapshot[]): TransactionError | null {
  for (let i = 0; i < tx.keys.length; i++) {
    if (!tx.isWritable[i]) continue;
    try {
      checkRentState(i, elementAt(before, i), elementAt(tx.accounts, i));
    } catch (e) {
      if (e instanceof TransactionError) return e;
      throw e;
    }
  }
  return null;
}
