// Anchor-style instructions declared once per program, as `as const` tables beside the program: each instruction's
// accounts in order (with their writable/signer flags) and its Borsh arguments in order. One builder turns a
// declaration plus named accounts and named arguments into a TransactionInstruction; a misspelt or missing account or
// argument is a compile error, and the same argument declarations decode what a handler receives.
import { type AccountMeta, TransactionInstruction } from "@solana/web3.js";
import { ArgsReader, ArgsWriter, type Key, toPublicKey } from "./args.js";
import { instructionDiscriminator } from "./discriminators.js";
import { anchorFail } from "./errors.js";

/** How one Borsh argument type is written by clients and read by handlers. */
export interface ArgType<T> {
  encode(w: ArgsWriter, value: T): void;
  decode(r: ArgsReader): T;
}

export type ArgValue<A> = A extends ArgType<infer T> ? T : never;

/** Named arguments in Borsh order (string keys keep their declaration order). */
export type ArgTable = Readonly<Record<string, ArgType<unknown>>>;

export type ArgValues<T extends ArgTable> = { -readonly [K in keyof T]: ArgValue<T[K]> };

/* @__NO_SIDE_EFFECTS__ */
function argType<T>(encode: (w: ArgsWriter, value: T) => void, decode: (r: ArgsReader) => T): ArgType<T> {
  return { encode, decode };
}

/** The Borsh argument types of Anchor instructions. */
export const arg = {
  u8: argType<number>(
    (w, v) => w.u8(v),
    (r) => r.u8(),
  ),
  bool: argType<boolean>(
    (w, v) => w.bool(v),
    (r) => r.bool(),
  ),
  u16: argType<number>(
    (w, v) => w.u16(v),
    (r) => r.u16(),
  ),
  u32: argType<number>(
    (w, v) => w.u32(v),
    (r) => r.u32(),
  ),
  i32: argType<number>(
    (w, v) => w.i32(v),
    (r) => r.i32(),
  ),
  u64: argType<bigint>(
    (w, v) => w.u64(v),
    (r) => r.u64(),
  ),
  i64: argType<bigint>(
    (w, v) => w.i64(v),
    (r) => r.i64(),
  ),
  u128: argType<bigint>(
    (w, v) => w.u128(v),
    (r) => r.u128(),
  ),
  i128: argType<bigint>(
    (w, v) => w.i128(v),
    (r) => r.i128(),
  ),
  /** Written from either spelling of a key, read as base58. */
  pubkey: argType<Key>(
    (w, v) => w.pubkey(v),
    (r) => r.pubkey(),
  ),
  string: argType<string>(
    (w, v) => w.string(v),
    (r) => r.string(),
  ),
  /** [u8; length] */
  bytes: (length: number): ArgType<Uint8Array> =>
    argType(
      (w, v) => w.bytes(v, length),
      (r) => r.bytes(length),
    ),
  /** Vec<u8> */
  byteVec: argType<Uint8Array>(
    (w, v) => w.vec([...v], (b) => w.u8(b)),
    (r) => Uint8Array.from(r.vec(() => r.u8())),
  ),
  option: <T>(inner: ArgType<T>): ArgType<T | null> =>
    argType(
      (w, v) => w.option(v, (x) => inner.encode(w, x)),
      (r) => r.option(() => inner.decode(r)),
    ),
  vec: <T>(inner: ArgType<T>): ArgType<readonly T[]> =>
    argType(
      (w, v) => w.vec(v, (x) => inner.encode(w, x)),
      (r) => r.vec(() => inner.decode(r)),
    ),
  /** [T; length]: exactly `length` elements, no length prefix. */
  array: <T>(inner: ArgType<T>, length: number): ArgType<readonly T[]> =>
    argType(
      (w, v) => {
        if (v.length !== length) throw new RangeError(`expected ${length} elements, got ${v.length}`);
        for (const x of v) inner.encode(w, x);
      },
      (r) => Array.from({ length }, () => inner.decode(r)),
    ),
  /**
   * A Borsh enum without fields, one byte holding the variant's index; `variants` names each index (e.g.
   * `{ Collateral: 0, Isolated: 1 }`), so values are the bytes programs store.
   */
  unitEnum: <const V extends Readonly<Record<string, number>>>(variants: V): ArgType<V[keyof V]> => {
    const known = new Set<number>(Object.values(variants));
    return argType(
      (w, v) => {
        if (!known.has(v)) throw new RangeError(`${v} is not a variant of ${Object.keys(variants).join("/")}`);
        w.u8(v);
      },
      (r) => {
        const v = r.u8();
        if (!known.has(v)) anchorFail("InstructionDidNotDeserialize");
        return v as V[keyof V];
      },
    );
  },
  /** A Borsh struct argument: its fields in order. */
  struct: <const T extends ArgTable>(fields: T): ArgType<ArgValues<T>> =>
    argType(
      (w, v) => encodeArgs(w, fields, v),
      (r) => decodeArgs(r, fields),
    ),
};

export function encodeArgs<T extends ArgTable>(w: ArgsWriter, table: T, values: ArgValues<T>): void {
  for (const name of Object.keys(table)) table[name].encode(w, values[name]);
}

/** Decodes a handler's arguments from their declaration (after the discriminator). */
export function decodeArgs<T extends ArgTable>(r: ArgsReader, table: T): ArgValues<T> {
  const values: Record<string, unknown> = {};
  for (const name of Object.keys(table)) values[name] = table[name].decode(r);
  return values as ArgValues<T>;
}

/**
 * One account of an instruction, in the program's order. `signer: "caller"` is an account that signs only in some
 * calls (a fresh keypair instead of the PDA), so each call says whether it does; `optional` is Anchor's
 * Option<Account>, where an absent account is passed as the program id; `address` is an account the program pins
 * (the system program, a sysvar), which the builder fills in and callers do not pass.
 */
export interface AccountDecl {
  readonly name: string;
  readonly writable?: boolean;
  readonly signer?: boolean | "caller";
  readonly optional?: boolean;
  readonly address?: string;
}

export interface InstructionDecl {
  readonly accounts: readonly AccountDecl[];
  readonly args: ArgTable;
}

/** A program's instructions by their snake_case names, which give the Anchor discriminators. */
export type ProgramInstructions = Readonly<Record<string, InstructionDecl>>;

type AccountInput<A extends AccountDecl> = A["signer"] extends "caller" ? { readonly key: Key; readonly signer: boolean } : Key;

type Accounts<L extends readonly AccountDecl[]> = {
  readonly [A in L[number] as A["optional"] extends true ? never : A["address"] extends string ? never : A["name"]]: AccountInput<A>;
} & {
  readonly [
    A in L[number] as A["optional"] extends true ? (A["address"] extends string ? never : A["name"]) : never
  ]?: AccountInput<A> | null;
};

export type InstructionAccounts<D extends InstructionDecl> = Accounts<D["accounts"]>;
export type InstructionArgs<D extends InstructionDecl> = ArgValues<D["args"]>;

interface CallBase<D extends InstructionDecl> {
  readonly accounts: InstructionAccounts<D>;
  /** Accounts after the declared ones (Anchor's remaining accounts), as the program reads them. */
  readonly remainingAccounts?: readonly AccountMeta[];
}

/** Named accounts and arguments; `args` may be left out when the instruction has none. */
export type InstructionCall<D extends InstructionDecl> = CallBase<D> &
  (keyof D["args"] extends never ? { readonly args?: InstructionArgs<D> } : { readonly args: InstructionArgs<D> });

/* @__NO_SIDE_EFFECTS__ */
/** Declares a program's instructions, checking the table's shape while keeping its literal types. */
export function defineInstructions<const P extends ProgramInstructions>(instructions: P): P {
  return instructions;
}

/** A client account meta from a key and its flags. */
export function accountMeta(key: Key, flags: { writable?: boolean; signer?: boolean } = {}): AccountMeta {
  return { pubkey: toPublicKey(key), isSigner: flags.signer ?? false, isWritable: flags.writable ?? false };
}

function metaFor(
  decl: AccountDecl,
  input: Key | { readonly key: Key; readonly signer: boolean } | null | undefined,
  programId: Key,
): AccountMeta {
  if (decl.address !== undefined) return accountMeta(decl.address, { writable: decl.writable, signer: decl.signer === true });
  if (input === null || input === undefined) {
    if (!decl.optional) throw new TypeError(`account ${decl.name} is missing`);
    return accountMeta(programId);
  }
  if (typeof input === "object" && "signer" in input) return accountMeta(input.key, { writable: decl.writable, signer: input.signer });
  if (decl.signer === "caller") throw new TypeError(`account ${decl.name} must say whether it signs`);
  return accountMeta(input, { writable: decl.writable, signer: decl.signer });
}

/** Builds `name` of the program at `programId` from its declaration: discriminator, Borsh arguments, account metas. */
export function buildInstruction<P extends ProgramInstructions, N extends keyof P & string>(
  programId: Key,
  instructions: P,
  name: N,
  call: InstructionCall<P[N]>,
): TransactionInstruction {
  const decl = instructions[name];
  const inputs: Readonly<Record<string, Key | { readonly key: Key; readonly signer: boolean } | null | undefined>> = call.accounts;
  const keys = decl.accounts.map((account) => metaFor(account, inputs[account.name], programId));
  const w = new ArgsWriter();
  w.bytes(instructionDiscriminator(name), 8);
  encodeArgs(w, decl.args, (call.args ?? {}) as InstructionArgs<P[N]>);
  return new TransactionInstruction({
    programId: toPublicKey(programId),
    keys: [...keys, ...(call.remainingAccounts ?? [])],
    data: w.toBuffer(),
  });
}
