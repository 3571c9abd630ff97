// Composite codecs. A struct is declared as a table of [offset, codec] in field order, mirroring the
// reference tables; the offsets are checked against the running size at load time, so a typo in a
// layout fails on import instead of silently shifting every later field. Pod structs have no
// implicit padding, so contiguity is exactly the rule the on-chain layout follows.
import type { Codec, ValueOf } from "./codec.js";

export type FieldTable = Readonly<Record<string, readonly [offset: number, codec: Codec<unknown>]>>;

/** Bytes a struct does not model (padding, reserved space): left out of its value, never read or written. */
export interface SkipCodec extends Codec<undefined> {
  readonly kind: "skip";
}

/* @__NO_SIDE_EFFECTS__ */
export function skip(size: number): SkipCodec {
  return { kind: "skip", size, read: () => undefined, write: () => undefined };
}

export type StructValue<F extends FieldTable> = {
  -readonly [K in keyof F as F[K][1] extends SkipCodec ? never : K]: ValueOf<F[K][1]>;
};

export interface StructCodec<F extends FieldTable> extends Codec<StructValue<F>> {
  readonly kind: "struct";
  readonly fields: F;
  /** Offsets relative to the start of the struct, as in the reference tables. */
  readonly offsets: { readonly [K in keyof F]: F[K][0] };
}

export interface ArrayCodec<E extends Codec<unknown>> extends Codec<ValueOf<E>[]> {
  readonly kind: "array";
  readonly element: E;
  readonly length: number;
}

export class LayoutError extends Error {
  override name = "LayoutError";
}

/* @__NO_SIDE_EFFECTS__ */
export function struct<const F extends FieldTable>(size: number, fields: F): StructCodec<F> {
  const entries = Object.entries(fields);
  let cursor = 0;
  for (const [name, [offset, codec]] of entries) {
    if (offset !== cursor) throw new LayoutError(`field ${name} declared at ${offset}, but the previous fields end at ${cursor}`);
    cursor += codec.size;
  }
  if (cursor !== size) throw new LayoutError(`fields end at ${cursor}, but the struct size is ${size}`);
  const offsets = Object.fromEntries(entries.map(([name, [offset]]) => [name, offset]));
  const modelled = entries.filter(([, [, codec]]) => (codec as Partial<SkipCodec>).kind !== "skip");
  return {
    kind: "struct",
    size,
    fields,
    offsets: offsets as StructCodec<F>["offsets"],
    read(buf, offset) {
      const value: Record<string, unknown> = {};
      for (const [name, [fieldOffset, codec]] of modelled) value[name] = codec.read(buf, offset + fieldOffset);
      return value as StructValue<F>;
    },
    write(buf, offset, value) {
      const record = value as Record<string, unknown>;
      for (const [name, [fieldOffset, codec]] of modelled) codec.write(buf, offset + fieldOffset, record[name]);
    },
  };
}

/* @__NO_SIDE_EFFECTS__ */
export function array<E extends Codec<unknown>>(element: E, length: number): ArrayCodec<E> {
  return {
    kind: "array",
    size: element.size * length,
    element,
    length,
    read: (buf, offset) => Array.from({ length }, (_, i) => element.read(buf, offset + i * element.size) as ValueOf<E>),
    write(buf, offset, value) {
      if (value.length !== length) throw new RangeError(`expected ${length} elements, got ${value.length}`);
      value.forEach((item, i) => element.write(buf, offset + i * element.size, item));
    },
  };
}
