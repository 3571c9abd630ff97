// The bank-configuration instruction arguments (reference §3, §4.18), typed from the lending instruction table that
// decodes them, and the one-byte enum readers the Kamino bank config still reads by hand (its oracle setup is a raw
// byte that the handler judges after the accounts).
import type { ArgValue } from "@ballast/codec";
import type {
  BankConfigCompactArg,
  BankConfigOptArg,
  InterestRateConfigCompactArg,
  InterestRateConfigOptArg,
} from "../instruction-table.js";
import type { LendingArgs } from "./args.js";
import { fail } from "./errors.js";

/** The bank-configuration arguments as the lending instruction table decodes them. */
export type InterestRateConfigCompact = ArgValue<typeof InterestRateConfigCompactArg>;
export type BankConfigCompact = ArgValue<typeof BankConfigCompactArg>;
export type InterestRateConfigOpt = ArgValue<typeof InterestRateConfigOptArg>;
export type BankConfigOpt = ArgValue<typeof BankConfigOptArg>;

/** Variant counts of the one-byte Borsh enums: an out-of-range byte does not deserialize. */
const OPERATIONAL_STATE_VARIANTS = 4;
const RISK_TIER_VARIANTS = 2;

function enumByte(args: LendingArgs, variants: number): number {
  const v = args.u8();
  if (v >= variants) fail("InstructionDidNotDeserialize");
  return v;
}

export function readOperationalState(args: LendingArgs): number {
  return enumByte(args, OPERATIONAL_STATE_VARIANTS);
}

export function readRiskTier(args: LendingArgs): number {
  return enumByte(args, RISK_TIER_VARIANTS);
}
