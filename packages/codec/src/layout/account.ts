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

declare const layoutBrand: unique symbol;

/**
 * Account data known to hold the layout named `Layout` (discriminator checked): a Buffer that only the account
 * loader (or a layout's own check) hands out, so data of one kind never passes where another is expected.
 */
export type AccountData<Layout extends string> = Buffer & { readonly [layoutBrand]: Layout };

/** What an account kind needs of a layout: its name (the brand) and its Anchor discriminator. */
export interface LayoutRef<Layout extends string> {
  readonly name: Layout;
  readonly discriminator: Buffer;
}

/** Brands `data` after Anchor's discriminator check; returns null for data of another kind. */
export function asAccountData<Layout extends string>(layout: LayoutRef<Layout>, data: Buffer): AccountData<Layout> | null {
  return data.length >= 8 && data.subarray(0, 8).equals(layout.discriminator) ? (data as AccountData<Layout>) : null;
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
