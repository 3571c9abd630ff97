// Typed in-place field access on account data: the program reads and writes single fields of an
// account buffer without decoding the whole account.
import type { Codec, ValueOf } from "./codec.js";
import type { ArrayCodec, FieldTable, StructCodec, StructValue } from "./struct.js";

export interface FieldAccessor<T> {
  /** Byte offset in the buffer the accessor was built for (account data: after the discriminator). */
  readonly offset: number;
  readonly size: number;
  get(data: Buffer): T;
  set(data: Buffer, value: T): void;
}

export type Accessor<C> =
  C extends StructCodec<infer F>
    ? FieldAccessor<StructValue<F>> & { readonly fields: StructAccessors<F> }
    : C extends ArrayCodec<infer E>
      ? FieldAccessor<ValueOf<E>[]> & { at(index: number): Accessor<E> }
      : FieldAccessor<ValueOf<C>>;

export type StructAccessors<F extends FieldTable> = { readonly [K in keyof F]: Accessor<F[K][1]> };

type Composite = StructCodec<FieldTable> | ArrayCodec<Codec<unknown>>;

/* @__NO_SIDE_EFFECTS__ */
export function accessor<C extends Codec<unknown>>(codec: C, offset: number): Accessor<C> {
  const base: FieldAccessor<unknown> = {
    offset,
    size: codec.size,
    get: (data) => codec.read(data, offset),
    set: (data, value) => codec.write(data, offset, value),
  };
  const composite = codec as Partial<Composite>;
  if (composite.kind === "struct") {
    return { ...base, fields: structAccessors(codec as unknown as StructCodec<FieldTable>, offset) } as Accessor<C>;
  }
  if (composite.kind === "array") {
    const { element, length } = codec as unknown as ArrayCodec<Codec<unknown>>;
    const at = (index: number) => {
      if (!Number.isInteger(index) || index < 0 || index >= length) throw new RangeError(`index ${index} outside 0..${length - 1}`);
      return accessor(element, offset + index * element.size);
    };
    return { ...base, at } as Accessor<C>;
  }
  return base as Accessor<C>;
}

/* @__NO_SIDE_EFFECTS__ */
export function structAccessors<F extends FieldTable>(codec: StructCodec<F>, offset: number): StructAccessors<F> {
  const fields = Object.entries(codec.fields).map(([name, [fieldOffset, field]]) => [name, accessor(field, offset + fieldOffset)]);
  return Object.fromEntries(fields) as StructAccessors<F>;
}
