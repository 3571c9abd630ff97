/**
 * The codec layer every program and client shares: the layout engine (account and state bytes), Borsh instruction
 * arguments in both directions, Anchor's discriminators and the instruction tables that build and decode
 * instructions. It depends on no other Ballast package and on nothing Node-only, so the ledger, the programs, the SDK
 * and the web app all import it as is.
 */
export { accountDiscriminator, instructionDiscriminator } from "./discriminators.js";
export { ArgsDecodeError, ArgsReader, ArgsWriter, toPublicKey, type Key } from "./args.js";
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
