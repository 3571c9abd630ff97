import { ProgramFailure, anchorProgram, type InstructionHandler as Handler } from "@ballast/anchor";
import type { Program } from "@ballast/ledger";
import { FixedPointError } from "../math/i80f48.js";
import { LendingAccounts } from "./accounts.js";
import { LendingArgs } from "./args.js";
import { ERRORS } from "./error-codes.js";

export { instructionDiscriminator } from "@ballast/anchor";

/** An instruction of the lending program: account checks with its layouts, arguments with I80F48. */
export type InstructionHandler = Handler<LendingAccounts, LendingArgs>;

/** The lending program's dispatch: checked-math failures surface as MathError (6062), as in the program. */
export function lendingDispatch(id: string, handlers: readonly InstructionHandler[]): Program {
  return anchorProgram(id, handlers, {
    accounts: (ctx) => new LendingAccounts(ctx),
    args: (data) => new LendingArgs(data),
    translate: (e) => (e instanceof FixedPointError ? new ProgramFailure("MathError", ERRORS.MathError) : null),
  });
}
