/**
 * Anchor's conventions without the program runtime: what clients (the SDK in a browser) use of this package. The
 * `browser` export condition resolves here so bundles never reach the ledger's Node-only modules.
 */
export { accountDiscriminator, instructionDiscriminator } from "./discriminators.js";
export { ANCHOR_ERRORS, ProgramFailure, anchorFail, failureFor, type AnchorErrorName, type Fail, type ErrorEntry } from "./errors.js";
export { ArgsReader, ArgsWriter, toPublicKey, type Key } from "./args.js";
export {
  accountMeta,
  arg,
  buildInstruction,
  decodeArgs,
  defineInstructions,
  encodeArgs,
  type AccountDecl,
  type ArgTable,
  type ArgType,
  type ArgValue,
  type ArgValues,
  type InstructionAccounts,
  type InstructionArgs,
  type InstructionCall,
  type InstructionDecl,
  type ProgramInstructions,
} from "./instruction.js";
export * from "./layout/index.js";
