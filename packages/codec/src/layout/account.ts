// An account = 8-byte Anchor discriminator + the zero-copy struct.
import { structAccessors, type StructAccessors } from "./accessor.js";
import type { FieldTable, StructCodec, StructValue } from "./struct.js";

export const DISCRIMINATOR_SIZE = 8;

export interface AccountLayout<F extends FieldTable, N extends string = string> {
  /** The struct's name, a literal type so account data can be branded by it. */
  readonly name: N;
  readonly discriminator: Buffer;
  readonly struct: StructCodec<F>;
  /** Account data length: discriminator + struct. */
  readonly space: number;
  /** In-place accessors; offsets count the discriminator, so they index account data directly. */
  readonly fields: StructAccessors<F>;
}

export class AccountDecodeError extends Error {
  constructor(
    readonly account: string,
    readonly reason: "discriminator" | "size",
    detail: string,
  ) {
    super(`cannot decode ${account}: ${detail}`);
    this.name = "AccountDecodeError";
  }
}

/* @__NO_SIDE_EFFECTS__ */
export function accountLayout<F extends FieldTable, const N extends string>(
  name: N,
  discriminator: Buffer,
  struct: StructCodec<F>,
): AccountLayout<F, N> {
  if (discriminator.length !== DISCRIMINATOR_SIZE) throw new RangeError(`${name}: discriminator must be ${DISCRIMINATOR_SIZE} bytes`);
  return { name, discriminator, struct, space: DISCRIMINATOR_SIZE + struct.size, fields: structAccessors(struct, DISCRIMINATOR_SIZE) };
}

/** Checks what Anchor's zero-copy loader checks (discriminator, minimum length), then decodes every field. */
export function decodeAccount<F extends FieldTable>(layout: AccountLayout<F>, data: Buffer): StructValue<F> {
  if (data.length < layout.space) {
    throw new AccountDecodeError(layout.name, "size", `${data.length} bytes, need ${layout.space}`);
  }
  if (!data.subarray(0, DISCRIMINATOR_SIZE).equals(layout.discriminator)) {
    throw new AccountDecodeError(layout.name, "discriminator", `found ${data.subarray(0, DISCRIMINATOR_SIZE).toString("hex")}`);
  }
  return layout.struct.read(data, DISCRIMINATOR_SIZE);
}

export function encodeAccount<F extends FieldTable>(layout: AccountLayout<F>, value: StructValue<F>): Buffer {
  const data = Buffer.alloc(layout.space);
  layout.discriminator.copy(data, 0);
  layout.struct.write(data, DISCRIMINATOR_SIZE, value);
  return data;
}
