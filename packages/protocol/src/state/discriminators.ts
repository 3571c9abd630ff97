// Anchor account discriminators: the first 8 bytes of sha256("account:<StructName>"). The names
// fix the bytes, so they are the Rust struct names of the public program, not ours.
import { createHash } from "node:crypto";
import { DISCRIMINATOR_SIZE } from "@ballast/codec";

export const ACCOUNT_NAMES = [
  "MarginfiGroup",
  "Bank",
  "MarginfiAccount",
  "FeeState",
  "StakedSettings",
  "LiquidationRecord",
  "BankMetadata",
] as const;

export type AccountName = (typeof ACCOUNT_NAMES)[number];

export function accountDiscriminator(name: string): Buffer {
  return createHash("sha256").update(`account:${name}`).digest().subarray(0, DISCRIMINATOR_SIZE);
}

export const ACCOUNT_DISCRIMINATORS: Readonly<Record<AccountName, Buffer>> = Object.fromEntries(
  ACCOUNT_NAMES.map((name) => [name, accountDiscriminator(name)]),
) as Record<AccountName, Buffer>;
