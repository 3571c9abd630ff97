import type { Program } from "../runtime/program.js";
import { computeBudgetProgram } from "../runtime/compute-budget.js";
import { addressLookupTableProgram } from "./address-lookup-table.js";
import { associatedTokenAccountProgram } from "./associated-token-account.js";
import { memoProgram, memoV1Program } from "./memo.js";
import { systemProgram } from "./system.js";
import { splTokenProgram, token2022Program } from "./token/program.js";

/** The programs every ledger has from genesis. */
export const builtinPrograms: readonly Program[] = [
  systemProgram,
  computeBudgetProgram,
  addressLookupTableProgram,
  splTokenProgram,
  token2022Program,
  associatedTokenAccountProgram,
  memoProgram,
  memoV1Program,
];
