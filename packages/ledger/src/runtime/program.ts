import type { Account, Address } from "../account.js";

/** One account as an executing instruction sees it. `account` is live: mutate its fields in place. */
export interface InstructionAccount {
  readonly key: Address;
  readonly isSigner: boolean;
  readonly isWritable: boolean;
  readonly account: Account;
}

export interface AccountMeta {
  readonly pubkey: Address;
  readonly isSigner: boolean;
  readonly isWritable: boolean;
}

/** An instruction a program asks the runtime to run on its behalf (cross-program invocation). */
export interface CpiInstruction {
  readonly programId: Address;
  readonly accounts: readonly AccountMeta[];
  readonly data: Uint8Array;
}

export interface Clock {
  slot: bigint;
  epochStartTimestamp: bigint;
  epoch: bigint;
  leaderScheduleEpoch: bigint;
  unixTimestamp: bigint;
}

export interface InstructionContext {
  readonly programId: Address;
  readonly data: Buffer;
  readonly accounts: readonly InstructionAccount[];
  /** 1 for a top-level instruction, 2+ inside cross-program invocations (Solana's stack height). */
  readonly stackHeight: number;
  /** The clock as of the slot the transaction executes in. */
  readonly clock: Clock;
  /** Writes `Program log: <message>`. */
  log(message: string): void;
  /** Writes `Program data: <base64> <base64> ...`, the form Anchor events take. */
  logData(...chunks: Uint8Array[]): void;
  /** Charges compute units; throws ComputationalBudgetExceeded when the meter runs dry. */
  consume(units: number): void;
  remainingUnits(): number;
  setReturnData(data: Uint8Array): void;
  getReturnData(): { programId: Address; data: Buffer } | null;
  /** Cross-program invocation. `signerSeeds` lists the seeds of this program's PDAs that sign. */
  invoke(ix: CpiInstruction, signerSeeds?: readonly (readonly Uint8Array[])[]): void;
}

/**
 * A program registered with the runtime by id. `execute` is synchronous: it succeeds by returning and fails by
 * throwing an InstructionError (anything else thrown counts as ProgramFailedToComplete).
 */
export interface Program {
  readonly id: Address;
  /**
   * Builtins (System, Compute Budget, Address Lookup Table) log only invoke/success like Solana's native
   * programs; the rest also log `consumed A of B compute units`, like on-chain programs.
   */
  readonly builtin: boolean;
  execute(ctx: InstructionContext): void;
}
