import { PublicKey, type TransactionInstruction } from "@solana/web3.js";
import { SYSTEM_PROGRAM_ID, cloneAccount, emptyAccount, type Account, type Address } from "../../src/account.js";
import { InstructionError, describeInstructionError, type InstructionErrorValue } from "../../src/errors.js";
import type { AccountMeta, CpiInstruction, InstructionAccount, InstructionContext, Program } from "../../src/runtime/program.js";
import { checkAccountChanges, snapshot, type AccountSnapshot } from "../../src/runtime/rules.js";

/**
 * Runs one instruction of a builtin program (here: the Address Lookup Table program) over live accounts, at a slot
 * the test chooses. CPIs go to a small System-program stand-in (Transfer, Allocate, Assign); signer and writable
 * privileges are checked at the CPI boundary, Solana's account rules at the end of every frame, and a failed
 * instruction leaves the accounts as they were.
 */

export interface CpiRecord {
  programId: Address;
  accounts: AccountMeta[];
  data: Buffer;
}

export interface AltOutcome {
  err: InstructionErrorValue | null;
  logs: string[];
  unitsConsumed: number;
  cpis: CpiRecord[];
}

const UNIT_LIMIT = 200_000;
const CPI_UNITS = 1000;
const SYSTEM_UNITS = 150;

/** A deterministic address: 32 bytes of `n`. */
export function key(n: number): Address {
  return new PublicKey(new Uint8Array(32).fill(n)).toBase58();
}

function systemStandIn(log: (line: string) => void): Program {
  return {
    id: SYSTEM_PROGRAM_ID,
    builtin: true,
    execute(ctx) {
      ctx.consume(SYSTEM_UNITS);
      const at = (i: number): InstructionAccount => {
        const a = ctx.accounts[i];
        if (!a) throw new InstructionError("NotEnoughAccountKeys");
        return a;
      };
      const signer = (a: InstructionAccount): InstructionAccount => {
        if (!a.isSigner) throw new InstructionError("MissingRequiredSignature");
        return a;
      };
      const d = ctx.data;
      switch (d.readUInt32LE(0)) {
        case 1: {
          const a = signer(at(0));
          const owner = new PublicKey(d.subarray(4, 36)).toBase58();
          if (a.account.owner !== owner) {
            if (a.account.owner !== SYSTEM_PROGRAM_ID) throw new InstructionError("ModifiedProgramId");
            a.account.owner = owner;
          }
          return;
        }
        case 2: {
          const from = signer(at(0));
          const to = at(1);
          const lamports = d.readBigUInt64LE(4);
          if (from.account.data.length > 0) {
            log("Program log: Transfer: `from` must not carry data");
            throw new InstructionError("InvalidArgument");
          }
          if (from.account.lamports < lamports) {
            log(`Program log: Transfer: insufficient lamports ${from.account.lamports}, need ${lamports}`);
            throw InstructionError.custom(1);
          }
          from.account.lamports -= lamports;
          to.account.lamports += lamports;
          return;
        }
        case 8: {
          const a = signer(at(0));
          if (a.account.data.length > 0 || a.account.owner !== SYSTEM_PROGRAM_ID) throw InstructionError.custom(0);
          a.account.data = Buffer.alloc(Number(d.readBigUInt64LE(4)));
          return;
        }
        default:
          throw new InstructionError("InvalidInstructionData");
      }
    },
  };
}

interface Frame {
  programId: Address;
  metas: readonly AccountMeta[];
  before: Map<Address, AccountSnapshot>;
}

export class AltHarness {
  readonly accounts = new Map<Address, Account>();
  slot = 1000n;
  private readonly programs = new Map<Address, Program>();
  private logs: string[] = [];
  private cpis: CpiRecord[] = [];
  private remaining = 0;

  constructor(program: Program) {
    this.programs.set(
      SYSTEM_PROGRAM_ID,
      systemStandIn((line) => this.logs.push(line)),
    );
    this.programs.set(program.id, program);
  }

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

  process(ix: TransactionInstruction): AltOutcome {
    const saved = new Map([...this.accounts].map(([k, a]) => [k, cloneAccount(a)]));
    this.logs = [];
    this.cpis = [];
    this.remaining = UNIT_LIMIT;
    let err: InstructionErrorValue | null = null;
    try {
      const metas = ix.keys.map((k) => ({ pubkey: k.pubkey.toBase58(), isSigner: k.isSigner, isWritable: k.isWritable }));
      this.run(ix.programId.toBase58(), metas, Buffer.from(ix.data), 1);
    } catch (e) {
      if (!(e instanceof InstructionError)) throw e;
      err = e.value;
      this.accounts.clear();
      for (const [k, a] of saved) this.accounts.set(k, a);
    }
    return { err, logs: this.logs, unitsConsumed: UNIT_LIMIT - this.remaining, cpis: this.cpis };
  }

  private run(programId: Address, metas: readonly AccountMeta[], data: Buffer, height: number): void {
    this.logs.push(`Program ${programId} invoke [${height}]`);
    const program = this.programs.get(programId);
    if (!program) throw new InstructionError("UnsupportedProgramId");
    const frame: Frame = { programId, metas, before: new Map() };
    this.refresh(frame);
    try {
      program.execute(this.context(frame, data, height));
      this.verify(frame);
    } catch (e) {
      const value = e instanceof InstructionError ? e.value : "ProgramFailedToComplete";
      this.logs.push(`Program ${programId} failed: ${describeInstructionError(value)}`);
      throw e instanceof InstructionError ? e : new InstructionError(value);
    }
    this.logs.push(`Program ${programId} success`);
  }

  private context(frame: Frame, data: Buffer, height: number): InstructionContext {
    return {
      programId: frame.programId,
      data,
      accounts: frame.metas.map((m) => ({ key: m.pubkey, isSigner: m.isSigner, isWritable: m.isWritable, account: this.get(m.pubkey) })),
      stackHeight: height,
      clock: { slot: this.slot, epochStartTimestamp: 0n, epoch: 0n, leaderScheduleEpoch: 1n, unixTimestamp: 0n },
      log: (message) => this.logs.push(`Program log: ${message}`),
      logData: (...chunks) => this.logs.push(`Program data: ${chunks.map((c) => Buffer.from(c).toString("base64")).join(" ")}`),
      consume: (units) => {
        if (units > this.remaining) {
          this.remaining = 0;
          throw new InstructionError("ComputationalBudgetExceeded");
        }
        this.remaining -= units;
      },
      remainingUnits: () => this.remaining,
      setReturnData: () => {},
      getReturnData: () => null,
      invoke: (ix, seeds) => this.invoke(frame, ix, seeds ?? [], height),
    };
  }

  private invoke(caller: Frame, ix: CpiInstruction, seeds: readonly (readonly Uint8Array[])[], height: number): void {
    this.remaining = Math.max(0, this.remaining - CPI_UNITS);
    const pdas = new Set<Address>();
    for (const s of seeds) {
      try {
        pdas.add(
          PublicKey.createProgramAddressSync(
            s.map((b) => Buffer.from(b)),
            new PublicKey(caller.programId),
          ).toBase58(),
        );
      } catch {
        throw new InstructionError("InvalidSeeds");
      }
    }
    for (const m of ix.accounts) {
      const held = caller.metas.filter((c) => c.pubkey === m.pubkey);
      if (held.length === 0) throw new InstructionError("MissingAccount");
      if (m.isWritable && !held.some((c) => c.isWritable)) throw new InstructionError("PrivilegeEscalation");
      if (m.isSigner && !held.some((c) => c.isSigner) && !pdas.has(m.pubkey)) throw new InstructionError("PrivilegeEscalation");
    }
    const data = Buffer.from(ix.data);
    this.cpis.push({ programId: ix.programId, accounts: ix.accounts.map((m) => ({ ...m })), data });
    this.verify(caller);
    this.run(ix.programId, ix.accounts, data, height + 1);
    this.refresh(caller);
  }

  private refresh(frame: Frame): void {
    for (const m of frame.metas) frame.before.set(m.pubkey, snapshot(this.get(m.pubkey)));
  }

  private verify(frame: Frame): void {
    checkAccountChanges(
      frame.programId,
      [...frame.before].map(([address, before]) => ({
        before,
        after: this.get(address),
        isWritable: frame.metas.some((m) => m.pubkey === address && m.isWritable),
      })),
    );
  }
}
