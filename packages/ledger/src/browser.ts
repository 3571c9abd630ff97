/**
 * The ledger's surface without the chain itself (storage, RPC server, signature workers): accounts, errors, sysvar
 * readers and token layouts, which program packages share with clients. The `browser` export condition resolves here
 * so a bundle of the SDK never reaches Node-only modules.
 */
export * from "./account.js";
export * from "./errors.js";
export * from "./indexing.js";
export * from "./integers.js";
export type { AccountMeta, Clock, CpiInstruction, InstructionAccount, InstructionContext, Program } from "./runtime/program.js";
export * from "./runtime/sysvars.js";
export {
  TOKEN_PROGRAM_ID,
  NATIVE_MINT,
  MINT_SIZE,
  ACCOUNT_SIZE,
  decodeMint,
  decodeTokenAccount,
  tokenAccountFields,
  type Mint,
  type TokenAccount,
} from "./programs/token/layout.js";
export {
  TOKEN_2022_PROGRAM_ID,
  ExtensionType,
  TransferFeeConfigLayout,
  baseState,
  epochFee,
  extensionTypes,
  findExtension,
  tokenAccountSizeFor,
  tokenBaseState,
  type TransferFeeConfig,
} from "./programs/token/extensions.js";
export { ASSOCIATED_TOKEN_PROGRAM_ID } from "./programs/associated-token-account.js";
