import { PublicKey, type TransactionInstruction } from "@solana/web3.js";
import { emptyAccount, minimumBalanceForRentExemption, type Account, type Address } from "../../src/account.js";
import { builtinPrograms } from "../../src/programs/index.js";
import {
  InstructionProcessor,
  loadAccounts,
  type InstructionInput,
  type InstructionOutcome,
  type LoadedTransaction,
} from "../../src/runtime/executor.js";
import type { Clock, Program } from "../../src/runtime/program.js";
import { SYSVAR_IDS } from "../../src/runtime/sysvar-accounts.js";
import { base58ToBytes } from "../../src/tx/base58.js";

/**
 * Runs instructions through the real runtime (InstructionProcessor) and the real built-in programs, over a map of
 * account state, for unit-testing programs without a ledger: no fee payer, fees, signatures, blockhashes, rent-state
 * checks or Instructions sysvar. The instructions of one `process` call run as one transaction: they commit together
 * or, on failure, not at all.
 */

/** A cross-program invocation as the runtime recorded it, with the key indexes resolved to addresses. */
export interface InnerInstruction {
  /** Which top-level instruction it ran under. */
  index: number;
  programId: Address;
  accounts: Address[];
  data: Buffer;
  stackHeight: number;
}

/** What the runtime reports (err, logs, unitsConsumed, returnData), with its inner instructions resolved. */
export type ProcessOutcome = Omit<InstructionOutcome, "innerInstructions"> & { innerInstructions: InnerInstruction[] };

export interface ProcessOptions {
  /** The transaction's compute unit limit; Solana's default for one instruction unless told otherwise. */
  unitLimit?: number;
}

export const DEFAULT_UNIT_LIMIT = 200_000;

/** A deterministic address: 32 bytes of `n`. */
export function testAddress(n: number): Address {
  return new PublicKey(new Uint8Array(32).fill(n)).toBase58();
}

export function publicKey(address: Address): PublicKey {
  return new PublicKey(address);
}

export class ProgramHarness {
  /** Committed state. Absent accounts read as empty; accounts left with zero lamports are dropped, as the ledger does. */
  readonly accounts = new Map<Address, Account>();
  /** The slot of the Clock the programs see. */
  slot = 1n;
  private readonly programs = new Map<Address, Program>(builtinPrograms.map((p) => [p.id, p]));
  /** Accounts no transaction may write, as in the ledger: sysvars and programs. */
  private readonly reserved = new Set<Address>([...SYSVAR_IDS, ...this.programs.keys()]);

  /** The stored account at `address`, created empty on first use so a test can shape it in place. */
  get(address: Address): Account {
    let a = this.accounts.get(address);
    if (!a) {
      a = emptyAccount();
      this.accounts.set(address, a);
    }
    return a;
  }

  fund(address: Address, lamports: bigint): void {
    this.get(address).lamports += lamports;
  }

  /** As if the System program had created it: zeroed data, rent-exempt unless told otherwise. */
  allocate(address: Address, space: number, owner: Address, lamports = minimumBalanceForRentExemption(space)): Account {
    const a = this.get(address);
    a.data = Buffer.alloc(space);
    a.owner = owner;
    a.lamports = lamports;
    return a;
  }

  /** The account in the shape web3.js decoders (`unpackAccount`, `unpackMint`) take. */
  accountInfo(address: Address): { data: Buffer; owner: PublicKey; lamports: number; executable: boolean } {
    const a = this.get(address);
    return { data: a.data, owner: new PublicKey(a.owner), lamports: Number(a.lamports), executable: a.executable };
  }

  process(ix: TransactionInstruction | TransactionInstruction[], options: ProcessOptions = {}): ProcessOutcome {
    const { keys, isSigner, isWritable, instructions } = this.compile(Array.isArray(ix) ? ix : [ix]);
    const tx: LoadedTransaction = {
      keys,
      isSigner,
      isWritable,
      accounts: loadAccounts(keys, (k) => this.accounts.get(k)),
      instructions,
      unitLimit: options.unitLimit ?? DEFAULT_UNIT_LIMIT,
      instructionsSysvar: null,
    };
    const clock: Clock = { slot: this.slot, epochStartTimestamp: 0n, epoch: 0n, leaderScheduleEpoch: 1n, unixTimestamp: 0n };
    const outcome = new InstructionProcessor(tx, this.programs, clock).run();
    if (outcome.err === null) {
      keys.forEach((k, i) => {
        if (!isWritable[i]) return;
        if (tx.accounts[i]!.lamports === 0n) this.accounts.delete(k);
        else this.accounts.set(k, tx.accounts[i]!);
      });
    }
    return {
      ...outcome,
      innerInstructions: outcome.innerInstructions.flatMap(({ index, instructions }) =>
        instructions.map((inner) => ({
          index,
          programId: keys[inner.programIdIndex]!,
          accounts: inner.accounts.map((k) => keys[k]!),
          data: base58ToBytes(inner.data),
          stackHeight: inner.stackHeight,
        })),
      ),
    };
  }

  /**
   * One key per address, accounts and program ids alike; an address signs or is writable if any of its uses says so.
   * Then, as Solana does, programs being called and reserved accounts are demoted to read-only.
   */
  private compile(ixs: readonly TransactionInstruction[]): Pick<LoadedTransaction, "keys" | "isSigner" | "isWritable"> & {
    instructions: InstructionInput[];
  } {
    const keys: Address[] = [];
    const isSigner: boolean[] = [];
    const isWritable: boolean[] = [];
    const indexOf = new Map<Address, number>();
    const use = (address: Address, signer: boolean, writable: boolean): number => {
      let i = indexOf.get(address);
      if (i === undefined) {
        i = keys.push(address) - 1;
        indexOf.set(address, i);
        isSigner.push(false);
        isWritable.push(false);
      }
      isSigner[i] ||= signer;
      isWritable[i] ||= writable;
      return i;
    };
    const instructions = ixs.map((ix) => ({
      programIndex: use(ix.programId.toBase58(), false, false),
      accounts: ix.keys.map((m) => use(m.pubkey.toBase58(), m.isSigner, m.isWritable)),
      data: Buffer.from(ix.data),
    }));
    for (const ix of instructions) isWritable[ix.programIndex] = false;
    keys.forEach((k, i) => {
      if (this.reserved.has(k)) isWritable[i] = false;
    });
    return { keys, isSigner, isWritable, instructions };
  }
}
