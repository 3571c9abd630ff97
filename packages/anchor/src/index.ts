/**
 * Anchor's conventions for TypeScript programs on the ledger: discriminators, dispatch, account checks, Borsh
 * arguments and Anchor-format error logs. The lending program and the oracle programs share it.
 */
export { accountDiscriminator, instructionDiscriminator } from "./discriminators.js";
export { ANCHOR_ERRORS, ProgramFailure, anchorFail, failureFor, type AnchorErrorName, type Fail, type ErrorEntry } from "./errors.js";
export { ArgsReader } from "./args.js";
export { AccountChecks } from "./accounts.js";
export { anchorProgram, basicAnchorProgram, type AnchorProgramOptions, type InstructionHandler } from "./program.js";
