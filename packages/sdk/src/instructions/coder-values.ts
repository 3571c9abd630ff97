// SDK values (bigint, I80F48, enum bytes, undefined for "not given") in the shapes Anchor's Borsh coder encodes.
import anchor from "@coral-xyz/anchor";
import { i80f48, variantName, type I80F48 } from "@ballast/protocol";
import { U64_MAX } from "@ballast/protocol";

// Node's ESM loader sees only part of Anchor's CommonJS exports by name; BN is reached through the default export.
const { BN } = anchor;
type BN = InstanceType<typeof BN>;

/** A u64 argument; BN would silently wrap a negative or oversized bigint. */
export function u64(value: bigint): BN {
  if (value < 0n || value > U64_MAX) throw new RangeError(`${value} does not fit in a u64`);
  return new BN(value.toString());
}

/** WrappedI80F48: the 16 little-endian bytes of the fixed-point bits. */
export function wrappedI80F48(value: I80F48): { value: number[] } {
  const bytes = new Uint8Array(16);
  i80f48.write(bytes, 0, value);
  return { value: [...bytes] };
}

/** Borsh Option: undefined (not given) is None. */
export function option<T, U>(value: T | undefined, encode: (value: T) => U): U | null {
  return value === undefined ? null : encode(value);
}

/** Borsh Option of a value the coder takes as is. */
export function optional<T>(value: T | undefined): T | null {
  return value === undefined ? null : value;
}

/** A unit-enum argument from its byte (e.g. RiskTier.Isolated) as the coder's `{ Variant: {} }`. */
export function enumVariant(table: Readonly<Record<string, number>>, value: number): Record<string, Record<string, never>> {
  const name = variantName(table, value);
  if (name === undefined) throw new RangeError(`${value} is not a variant of ${Object.keys(table).join("/")}`);
  return { [name]: {} };
}

/** A fixed-size array argument from a shorter list, padded with `empty`. */
export function padded<T, U>(items: readonly T[], length: number, encode: (item: T) => U, empty: U): U[] {
  if (items.length > length) throw new RangeError(`at most ${length} entries, got ${items.length}`);
  return Array.from({ length }, (_, i) => (i < items.length ? encode(items[i]) : empty));
}
