// The bank-configuration instruction arguments (reference §3, §4.18), typed from the lending instruction table that
// decodes them.
import type { ArgValue } from "@ballast/codec";
import type {
  BankConfigCompactArg,
  BankConfigOptArg,
  InterestRateConfigCompactArg,
  InterestRateConfigOptArg,
  KaminoConfigCompactArg,
} from "../instruction-table.js";

/** The bank-configuration arguments as the lending instruction table decodes them. */
export type InterestRateConfigCompact = ArgValue<typeof InterestRateConfigCompactArg>;
export type BankConfigCompact = ArgValue<typeof BankConfigCompactArg>;
export type InterestRateConfigOpt = ArgValue<typeof InterestRateConfigOptArg>;
export type BankConfigOpt = ArgValue<typeof BankConfigOptArg>;
export type KaminoConfigCompact = ArgValue<typeof KaminoConfigCompactArg>;
