// The generated instruction table (src/instruction-table.ts) against its source, the IDL: the committed file is
// what the generator writes now, and every instruction's arguments encode to the same bytes as Anchor's BorshCoder
// (what the official client sends) and decode back through the table.
import { readFileSync } from "node:fs";
import { BN, BorshCoder, type Idl } from "@coral-xyz/anchor";
import { ArgsReader, buildInstruction, decodeArgs, instructionDiscriminator, type ProgramInstructions } from "@ballast/anchor";
import { PublicKey } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { renderInstructionTable, TABLE_PATH } from "../../../scripts/lending-instruction-table.js";
import { LENDING_INSTRUCTIONS, MARGINFI_PROGRAM_ID, type LendingInstructionName } from "../src/index.js";

const IDL = JSON.parse(readFileSync(new URL("../idl/marginfi.json", import.meta.url), "utf8")) as Idl;
const coder = new BorshCoder(IDL);

type IdlType = Idl["instructions"][number]["args"][number]["type"];

const camel = (snake: string) => snake.replace(/^_+/, "").replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** A sample value of an IDL type, both as the table takes it and as Anchor's coder takes it. */
interface Sample {
  table: unknown;
  anchor: unknown;
}

/** Deterministic sample values that differ from field to field, so a swapped or skipped field changes the bytes. */
class Samples {
  private n = 0;

  private next(): number {
    this.n += 1;
    return this.n;
  }

  of(type: IdlType): Sample {
    if (typeof type === "string") return this.primitive(type);
    if ("option" in type) {
      // Alternate None and Some so both encodings are covered.
      if (this.next() % 2 === 0) return { table: null, anchor: null };
      return this.of(type.option);
    }
    if ("vec" in type) {
      const items = [this.of(type.vec), this.of(type.vec)];
      return { table: items.map((s) => s.table), anchor: items.map((s) => s.anchor) };
    }
    if ("array" in type) {
      const [element, length] = type.array;
      const items = Array.from({ length: Number(length) }, () => this.of(element));
      // [u8; N] is read back as a Buffer (a Uint8Array).
      if (element === "u8") return { table: Buffer.from(items.map((s) => Number(s.table))), anchor: items.map((s) => s.anchor) };
      return { table: items.map((s) => s.table), anchor: items.map((s) => s.anchor) };
    }
    if ("defined" in type) return this.defined(type.defined.name);
    throw new Error(`no sample for ${JSON.stringify(type)}`);
  }

  private primitive(type: string): Sample {
    const n = this.next();
    switch (type) {
      case "u8":
        return { table: n % 256, anchor: n % 256 };
      case "u16":
      case "u32":
        return { table: n * 257, anchor: n * 257 };
      case "bool":
        return { table: n % 2 === 1, anchor: n % 2 === 1 };
      case "u64": {
        const value = BigInt(n) * 1_000_000_007n;
        return { table: value, anchor: new BN(value.toString()) };
      }
      case "pubkey": {
        const key = new PublicKey(Buffer.alloc(32, n % 256));
        return { table: key.toBase58(), anchor: key };
      }
      case "bytes": {
        const bytes = Uint8Array.from([n % 256, 1, 2]);
        return { table: bytes, anchor: Buffer.from(bytes) };
      }
      default:
        throw new Error(`no sample for ${type}`);
    }
  }

  private defined(name: string): Sample {
    if (name === "WrappedI80F48") {
      // Negative, with fractional bits in both halves.
      const bits = -((BigInt(this.next()) << 80n) + 0x1234_5678_9abcn);
      const bytes = Buffer.alloc(16);
      bytes.writeBigInt64LE(bits >> 64n, 8);
      bytes.writeBigUInt64LE(BigInt.asUintN(64, bits), 0);
      return { table: bits, anchor: { value: [...bytes] } };
    }
    const def = IDL.types?.find((t) => t.name === name);
    if (def === undefined) throw new Error(`IDL has no type ${name}`);
    if (def.type.kind === "enum") {
      const index = this.next() % def.type.variants.length;
      const variant = def.type.variants[index];
      if (variant === undefined) throw new Error(`${name} has no variant ${index}`);
      return { table: index, anchor: { [variant.name]: {} } };
    }
    if (def.type.kind !== "struct" || def.type.fields === undefined) throw new Error(`${name} is not a struct`);
    const table: Record<string, unknown> = {};
    const anchor: Record<string, unknown> = {};
    for (const field of def.type.fields) {
      if (typeof field !== "object" || !("name" in field)) throw new Error(`${name} has a tuple field`);
      const sample = this.of(field.type);
      table[camel(field.name)] = sample.table;
      anchor[field.name] = sample.anchor;
    }
    return { table, anchor };
  }
}

const names = Object.keys(LENDING_INSTRUCTIONS) as LendingInstructionName[];

describe("the lending instruction table", () => {
  it("is what the generator writes from the IDL now", async () => {
    expect(readFileSync(TABLE_PATH, "utf8")).toBe(await renderInstructionTable());
  });

  it("declares every IDL instruction, in IDL order", () => {
    expect(names).toEqual(IDL.instructions.map((ix) => ix.name));
  });

  it.each(IDL.instructions.map((ix) => [ix.name, ix] as const))("%s: encodes like Anchor's BorshCoder and decodes back", (name, ix) => {
    const samples = new Samples();
    const table: Record<string, unknown> = {};
    const anchor: Record<string, unknown> = {};
    for (const field of ix.args) {
      const sample = samples.of(field.type);
      table[camel(field.name)] = sample.table;
      anchor[field.name] = sample.anchor;
    }
    const decl = LENDING_INSTRUCTIONS[name as LendingInstructionName];
    const accounts: Record<string, PublicKey> = {};
    decl.accounts.forEach((account, i) => {
      accounts[account.name] = new PublicKey(Buffer.alloc(32, i + 1));
    });
    // The call is assembled from the IDL at run time, so the table is used untyped and the test checks the names.
    const untyped: ProgramInstructions = LENDING_INSTRUCTIONS;
    const built = buildInstruction(MARGINFI_PROGRAM_ID, untyped, name, { accounts, args: table });

    expect(built.data).toEqual(coder.instruction.encode(name, anchor));
    expect(built.data.subarray(0, 8)).toEqual(instructionDiscriminator(name));
    expect(decodeArgs(new ArgsReader(built.data.subarray(8)), decl.args)).toEqual(table);
    expect(built.keys).toEqual(
      ix.accounts.map((account, i) => {
        if ("accounts" in account) throw new Error(`${name} has a composite account`);
        return {
          pubkey: new PublicKey(account.address ?? Buffer.alloc(32, i + 1)),
          isSigner: account.signer ?? false,
          isWritable: account.writable ?? false,
        };
      }),
    );
  });
});
