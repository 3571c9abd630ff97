import { PublicKey, type TransactionInstruction } from "@solana/web3.js";
import {
  SYSTEM_PROGRAM_ID,
  cloneAccount,
  emptyAccount,
  minimumBalanceForRentExemption,
  type Account,
  type Address,
} from "../../src/account.js";
import { InstructionError, describeInstructionError, type InstructionErrorValue } from "../../src/errors.js";
import type { AccountMeta, CpiInstruction, InstructionAccount, InstructionContext, Program } from "../../src/runtime/program.js";
import { checkAccountChanges, snapshot, type AccountSnapshot } from "../../src/runtime/rules.js";

/**
 * A minimal stand-in for the runtime, for unit-testing programs: runs one instruction over live accounts, dispatches
 * CPIs to registered programs, enforces Solana's account rules at every boundary, writes logs in Solana's format,
 * and rolls everything back when the instruction fails.
 */

export interface Outcome {
  err: InstructionErrorValue | null;
  logs: string[];
  unitsConsumed: number;
  returnData: { programId: Address; data: Buffer } | null;
}

interface Frame {
  programId: Address;
  metas: readonly AccountMeta[];
  before: Map<Address, AccountSnapshot>;
}

const CPI_UNITS = 1000;
const SYSTEM_UNITS = 150;
const DEFAULT_UNIT_LIMIT = 200_000;

/** A deterministic address: 32 bytes of `n`. */
export function addr(n: number): Address {
  return new PublicKey(new Uint8Array(32).fill(n)).toBase58();
}

export function pk(address: Address): PublicKey {
  return new PublicKey(address);
}

/** Just enough of the System program for the ATA program's CPIs: CreateAccount, Assign, Transfer, Allocate. */
const systemStandIn: Program = {
  id: SYSTEM_PROGRAM_ID,
  builtin: true,
  execute(ctx) {
    ctx.consume(SYSTEM_UNITS);
    const d = ctx.data;
    const signed = (i: number): InstructionAccount => {
      const a = ctx.accounts[i];
      if (!a) throw new InstructionError("NotEnoughAccountKeys");
      if (!a.isSigner) throw new InstructionError("MissingRequiredSignature");
      return a;
    };
    const move = (from: InstructionAccount, to: InstructionAccount, lamports: bigint): void => {
      if (from.account.lamports < lamports) throw InstructionError.custom(1);
      from.account.lamports -= lamports;
      to.account.lamports += lamports;
    };
    const allocate = (a: InstructionAccount, space: bigint): void => {
      if (a.account.data.length > 0 || a.account.owner !== SYSTEM_PROGRAM_ID) throw InstructionError.custom(0);
      a.account.data = Buffer.alloc(Number(space));
    };
    switch (d.readUInt32LE(0)) {
      case 0: {
        const from = signed(0);
        const to = signed(1);
        if (to.account.lamports > 0n) throw InstructionError.custom(0);
        allocate(to, d.readBigUInt64LE(12));
        to.account.owner = new PublicKey(d.subarray(20, 52)).toBase58();
        move(from, to, d.readBigUInt64LE(4));
        return;
      }
      case 1:
        signed(0).account.owner = new PublicKey(d.subarray(4, 36)).toBase58();
        return;
      case 2:
        move(signed(0), ctx.accounts[1], d.readBigUInt64LE(4));
        return;
      case 8:
        allocate(signed(0), d.readBigUInt64LE(4));
        return;
      default:
        throw new InstructionError("InvalidInstructionData");
    }
  },
};

export function metasOf(ix: TransactionInstruction): AccountMeta[] {
  return ix.keys.map((k) => ({ pubkey: k.pubkey.toBase58(), isSigner: k.isSigner, isWritable: k.isWritable }));
}

export class Harness {
  readonly accounts = new Map<Address, Account>();
  private readonly programs = new Map<Address, Program>();
  private logs: string[] = [];
  private remaining = 0;
  private returnData: Outcome["returnData"] = null;

  constructor(programs: readonly Program[]) {
    for (const p of [systemStandIn, ...programs]) this.programs.set(p.id, p);
  }

  /** The live account at `address`, created empty on first use. */
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
  info(address: Address): { data: Buffer; owner: PublicKey; lamports: number; executable: boolean } {
    const a = this.get(address);
    return { data: a.data, owner: new PublicKey(a.owner), lamports: Number(a.lamports), executable: a.executable };
  }

  process(ix: TransactionInstruction, unitLimit = DEFAULT_UNIT_LIMIT): Outcome {
    const saved = new Map([...this.accounts].map(([k, a]) => [k, cloneAccount(a)]));
    this.logs = [];
    this.remaining = unitLimit;
    this.returnData = null;
    let err: InstructionErrorValue | null = null;
    try {
      this.run(ix.programId.toBase58(), metasOf(ix), ix.data, 1);
    } catch (e) {
      if (!(e instanceof InstructionError)) throw e;
      err = e.value;
      this.accounts.clear();
      for (const [k, a] of saved) this.accounts.set(k, a);
    }
    return { err, logs: this.logs, unitsConsumed: unitLimit - this.remaining, returnData: this.returnData };
  }

  private run(programId: Address, metas: readonly AccountMeta[], data: Buffer, height: number): void {
    this.logs.push(`Program ${programId} invoke [${height}]`);
    const program = this.programs.get(programId);
    if (!program) throw new InstructionError("UnsupportedProgramId");
    const frame: Frame = { programId, metas, before: new Map() };
    this.refresh(frame);
    const start = this.remaining;
    let returned = false;
    try {
      program.execute(this.context(frame, data, height, () => (returned = true)));
      this.verify(frame);
    } catch (e) {
      const value = e instanceof InstructionError ? e.value : "ProgramFailedToComplete";
      if (!program.builtin) this.logs.push(`Program ${programId} consumed ${start - this.remaining} of ${start} compute units`);
      this.logs.push(`Program ${programId} failed: ${describeInstructionError(value)}`);
      throw e instanceof InstructionError ? e : new InstructionError(value);
    }
    if (!program.builtin) this.logs.push(`Program ${programId} consumed ${start - this.remaining} of ${start} compute units`);
    if (returned && this.returnData)
      this.logs.push(`Program return: ${this.returnData.programId} ${this.returnData.data.toString("base64")}`);
    this.logs.push(`Program ${programId} success`);
  }

  private context(frame: Frame, data: Buffer, height: number, onReturn: () => void): InstructionContext {
    const accounts = frame.metas.map((m) => ({
      key: m.pubkey,
      isSigner: m.isSigner,
      isWritable: m.isWritable,
      account: this.get(m.pubkey),
    }));
    return {
      programId: frame.programId,
      data: Buffer.from(data),
      accounts,
      stackHeight: height,
      clock: { slot: 1n, epochStartTimestamp: 0n, epoch: 0n, leaderScheduleEpoch: 1n, unixTimestamp: 0n },
      log: (message) => this.logs.push(`Program log: ${message}`),
      logData: (...chunks) => this.logs.push(`Program data: ${chunks.map((c) => Buffer.from(c).toString("base64")).join(" ")}`),
      consume: (units) => this.charge(units),
      remainingUnits: () => this.remaining,
      setReturnData: (bytes) => {
        this.returnData = { programId: frame.programId, data: Buffer.from(bytes) };
        onReturn();
      },
      getReturnData: () => this.returnData,
      invoke: (ix, seeds) => this.invoke(frame, ix, seeds ?? [], height),
    };
  }

  private invoke(caller: Frame, ix: CpiInstruction, seeds: readonly (readonly Uint8Array[])[], height: number): void {
    this.charge(CPI_UNITS);
    const pdas = new Set(
      seeds.map((s) =>
        PublicKey.createProgramAddressSync(
          s.map((b) => Buffer.from(b)),
          new PublicKey(caller.programId),
        ).toBase58(),
      ),
    );
    for (const m of ix.accounts) {
      const held = caller.metas.filter((c) => c.pubkey === m.pubkey);
      if (held.length === 0) throw new InstructionError("MissingAccount");
      if (m.isWritable && !held.some((c) => c.isWritable)) throw new InstructionError("PrivilegeEscalation");
      if (m.isSigner && !held.some((c) => c.isSigner) && !pdas.has(m.pubkey)) throw new InstructionError("PrivilegeEscalation");
    }
    this.verify(caller);
    this.run(ix.programId, ix.accounts, Buffer.from(ix.data), height + 1);
    this.refresh(caller);
  }

  private charge(units: number): void {
    if (units > this.remaining) {
      this.remaining = 0;
      throw new InstructionError("ComputationalBudgetExceeded");
    }
    this.remaining -= units;
  }

  private refresh(frame: Frame): void {
    for (const m of frame.metas) frame.before.set(m.pubkey, snapshot(this.get(m.pubkey)));
  }

  private verify(frame: Frame): void {
    checkAccountChanges(
      frame.programId,
      [...frame.before].map(([key, before]) => ({
        before,
        after: this.get(key),
        isWritable: frame.metas.some((m) => m.pubkey === key && m.isWritable),
      })),
    );
  }
}
