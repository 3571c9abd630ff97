/**
 * Anchor's conventions for TypeScript programs on the ledger: what clients use (browser.ts), plus dispatch, argument
 * reading and account checks for the programs. The lending program and the oracle programs share it; the codec layer
 * it builds on is @ballast/codec.
 */
export * from "./browser.js";
export { AnchorArgsReader } from "./args.js";
export { AccountChecks } from "./accounts.js";
export {
  checkAddress,
  checkProgramAccount,
  checkSeeds,
  custom,
  declareAccounts,
  initTarget,
  knownAddress,
  program,
  programAccount,
  signer,
  unchecked,
  type AccountConstraints,
  type AccountDeclaration,
  type AccountDeclarations,
  type AccountSpec,
  type AccountSummary,
  type AccountView,
  type DeclaredAccount,
  type DeclaredAccounts,
  type LoadedAccounts,
  type MutCheck,
  type MutOption,
  accountSpecMismatches,
} from "./account-spec.js";
export { createAccount, initializeMint, mintTo, readonlyMeta, transferLamports, writableMeta } from "./cpi.js";
export { anchorProgram, basicAnchorProgram, type AnchorProgramOptions, type InstructionHandler } from "./program.js";
