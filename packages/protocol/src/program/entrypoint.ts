import { ProgramFailure, anchorProgram, type AccountSummary, type InstructionHandler as Handler } from "@ballast/anchor";
import type { Program } from "@ballast/ledger";
import { FixedPointError } from "../math/i80f48.js";
import { LendingAccounts } from "./accounts.js";
import { LendingArgs } from "./args.js";
import { ERRORS } from "./error-codes.js";

export { instructionDiscriminator } from "@ballast/codec";

/**
 * An instruction of the lending program: its declared accounts (the IDL test holds them to the IDL), account
 * checks with its layouts, arguments with I80F48.
 */
export interface InstructionHandler extends Handler<LendingAccounts, LendingArgs> {
  readonly accounts: { readonly summary: readonly AccountSummary[] };
}

/** The lending program's dispatch: checked-math failures surface as MathError (6062), as in the program. */
export function lendingDispatch(id: string, handlers: readonly InstructionHandler[]): Program {
  return anchorProgram(id, handlers, {
    accounts: (ctx) => new LendingAccounts(ctx),
    args: (data) => new LendingArgs(data),
    translate: (e) => (e instanceof FixedPointError ? new ProgramFailure("MathError", ERRORS.MathError) : null),
  });
}
