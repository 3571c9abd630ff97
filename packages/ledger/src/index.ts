/**
 * The ledger's public surface: what programs (packages/protocol, oracles, market) build on, and what tools use to
 * run a chain. Programs import only the program interface, errors, accounts and sysvar readers from here.
 */
export * from "./account.js";
export * from "./errors.js";
export type { AccountMeta, Clock, CpiInstruction, InstructionAccount, InstructionContext, Program } from "./runtime/program.js";
export * from "./runtime/sysvars.js";
export {
  TOKEN_PROGRAM_ID,
  NATIVE_MINT,
  MINT_SIZE,
  ACCOUNT_SIZE,
  decodeMint,
  decodeTokenAccount,
  type Mint,
  type TokenAccount,
} from "./programs/token/layout.js";
export { ASSOCIATED_TOKEN_PROGRAM_ID } from "./programs/associated-token-account.js";
export { Ledger, type LedgerOptions } from "./ledger.js";
export { startLocalnet, type Localnet, type LocalnetOptions } from "./localnet.js";
export type * from "./service.js";
export { serveFromEnvironment } from "./serve.js";
