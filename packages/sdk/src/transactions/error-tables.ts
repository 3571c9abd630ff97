// Error tables the resolver consults besides the lending program's own (`ERRORS` in @ballast/protocol): the
// third-party market behind Kamino banks, the SPL Token program, the swap aggregator, and the Anchor framework.
// Codes and messages are the programs' public ones.
import { KLEND_ERRORS } from "@ballast/market";
import { ANCHOR_ERRORS, ERRORS } from "@ballast/protocol";

export interface ProgramErrorEntry {
  readonly name: string;
  readonly message: string;
}

export type ErrorTable = ReadonlyMap<number, ProgramErrorEntry>;

function tableOf(entries: Record<string, { readonly code: number; readonly message: string }>): ErrorTable {
  return new Map(Object.entries(entries).map(([name, { code, message }]) => [code, { name, message }]));
}

/** The lending program's custom errors (6000 and up), by code. */
export const LENDING_PROGRAM_ERRORS: ErrorTable = tableOf(ERRORS);

/** The Kamino-style market's errors (klend's table, 6000–6129), raised inside it for Kamino banks. */
export const MARKET_PROGRAM_ERRORS: ErrorTable = tableOf(KLEND_ERRORS);

/** SPL Token's `TokenError` (codes 0–19); Token-2022 shares these codes. */
export const SPL_TOKEN_ERRORS: ErrorTable = tableOf({
  NotRentExempt: { code: 0, message: "Lamport balance below rent-exempt threshold" },
  InsufficientFunds: { code: 1, message: "Insufficient funds" },
  InvalidMint: { code: 2, message: "Invalid Mint" },
  MintMismatch: { code: 3, message: "Account not associated with this Mint" },
  OwnerMismatch: { code: 4, message: "Owner does not match" },
  FixedSupply: { code: 5, message: "Fixed supply" },
  AlreadyInUse: { code: 6, message: "Already in use" },
  InvalidNumberOfProvidedSigners: { code: 7, message: "Invalid number of provided signers" },
  InvalidNumberOfRequiredSigners: { code: 8, message: "Invalid number of required signers" },
  UninitializedState: { code: 9, message: "State is uninitialized" },
  NativeNotSupported: { code: 10, message: "Instruction does not support native tokens" },
  NonNativeHasBalance: { code: 11, message: "Non-native account can only be closed if its balance is zero" },
  InvalidInstruction: { code: 12, message: "Invalid instruction" },
  InvalidState: { code: 13, message: "State is invalid for requested operation" },
  Overflow: { code: 14, message: "Operation overflowed" },
  AuthorityTypeNotSupported: { code: 15, message: "Account does not support specified authority type" },
  MintCannotFreeze: { code: 16, message: "This token mint cannot freeze accounts" },
  AccountFrozen: { code: 17, message: "Account is frozen" },
  MintDecimalsMismatch: { code: 18, message: "The provided decimals value different from the Mint decimals" },
  NonNativeNotSupported: { code: 19, message: "Instruction does not support non-native tokens" },
});

/** The swap aggregator's errors (Jupiter v6 numbering, 6000–6018). */
export const SWAP_AGGREGATOR_ERRORS: ErrorTable = tableOf({
  EmptyRoute: { code: 6000, message: "Empty route" },
  SlippageToleranceExceeded: { code: 6001, message: "Slippage tolerance exceeded" },
  InvalidCalculation: { code: 6002, message: "Invalid calculation" },
  MissingPlatformFeeAccount: { code: 6003, message: "Missing platform fee account" },
  InvalidSlippage: { code: 6004, message: "Invalid slippage" },
  NotEnoughPercent: { code: 6005, message: "Not enough percent to 100" },
  InvalidInputIndex: { code: 6006, message: "Token input index is invalid" },
  InvalidOutputIndex: { code: 6007, message: "Token output index is invalid" },
  NotEnoughAccountKeys: { code: 6008, message: "Not Enough Account keys" },
  NonZeroMinimumOutAmountNotSupported: { code: 6009, message: "Non zero minimum out amount not supported" },
  InvalidRoutePlan: { code: 6010, message: "Invalid route plan" },
  InvalidReferralAuthority: { code: 6011, message: "Invalid referral authority" },
  LedgerTokenAccountDoesNotMatch: { code: 6012, message: "Token account doesn't match the ledger" },
  InvalidTokenLedger: { code: 6013, message: "Invalid token ledger" },
  IncorrectTokenProgramID: { code: 6014, message: "Token program ID is invalid" },
  TokenProgramNotProvided: { code: 6015, message: "Token program not provided" },
  SwapNotSupported: { code: 6016, message: "Swap not supported" },
  ExactOutAmountNotMatched: { code: 6017, message: "Exact out amount doesn't match" },
  SourceAndDestinationMintCannotBeTheSame: { code: 6018, message: "Source mint and destination mint cannot the same" },
});

/**
 * Anchor's framework errors: the ones our programs raise (`ANCHOR_ERRORS`) plus the rest of Anchor's standard
 * codes a client can meet from any Anchor program.
 */
export const ANCHOR_FRAMEWORK_ERRORS: ErrorTable = tableOf({
  InstructionDidNotSerialize: { code: 103, message: "The program could not serialize the given instruction" },
  IdlInstructionStub: { code: 1000, message: "The program was compiled without idl instructions" },
  IdlInstructionInvalidProgram: { code: 1001, message: "Invalid program given to the IDL instruction" },
  IdlAccountNotEmpty: { code: 1002, message: "IDL account must be empty in order to resize, try closing first" },
  EventInstructionStub: { code: 1500, message: "The program was compiled without `event-cpi` feature" },
  ConstraintOwner: { code: 2004, message: "An owner constraint was violated" },
  ConstraintRentExempt: { code: 2005, message: "A rent exemption constraint was violated" },
  ConstraintExecutable: { code: 2007, message: "An executable constraint was violated" },
  ConstraintState: { code: 2008, message: "Deprecated Error, feel free to replace with something else" },
  ConstraintAssociated: { code: 2009, message: "An associated constraint was violated" },
  ConstraintAssociatedInit: { code: 2010, message: "An associated init constraint was violated" },
  ConstraintClose: { code: 2011, message: "A close constraint was violated" },
  ConstraintZero: { code: 2013, message: "Expected zero account discriminant" },
  ConstraintTokenMint: { code: 2014, message: "A token mint constraint was violated" },
  ConstraintTokenOwner: { code: 2015, message: "A token owner constraint was violated" },
  ConstraintMintMintAuthority: { code: 2016, message: "A mint mint authority constraint was violated" },
  ConstraintMintFreezeAuthority: { code: 2017, message: "A mint freeze authority constraint was violated" },
  ConstraintMintDecimals: { code: 2018, message: "A mint decimals constraint was violated" },
  ConstraintSpace: { code: 2019, message: "A space constraint was violated" },
  ConstraintAccountIsNone: { code: 2020, message: "A required account for the constraint is None" },
  ConstraintTokenTokenProgram: { code: 2021, message: "A token account token program constraint was violated" },
  ConstraintMintTokenProgram: { code: 2022, message: "A mint token program constraint was violated" },
  ConstraintAssociatedTokenTokenProgram: {
    code: 2023,
    message: "An associated token account token program constraint was violated",
  },
  RequireViolated: { code: 2500, message: "A require expression was violated" },
  RequireEqViolated: { code: 2501, message: "A require_eq expression was violated" },
  RequireKeysEqViolated: { code: 2502, message: "A require_keys_eq expression was violated" },
  RequireNeqViolated: { code: 2503, message: "A require_neq expression was violated" },
  RequireKeysNeqViolated: { code: 2504, message: "A require_keys_neq expression was violated" },
  RequireGtViolated: { code: 2505, message: "A require_gt expression was violated" },
  RequireGteViolated: { code: 2506, message: "A require_gte expression was violated" },
  AccountDiscriminatorAlreadySet: { code: 3000, message: "The account discriminator was already set on this account" },
  AccountDidNotSerialize: { code: 3004, message: "Failed to serialize the account" },
  InvalidProgramExecutable: { code: 3009, message: "Program account is not executable" },
  AccountNotSystemOwned: { code: 3011, message: "The given account is not owned by the system program" },
  AccountNotProgramData: { code: 3013, message: "The given account is not a program data account" },
  AccountNotAssociatedTokenAccount: { code: 3014, message: "The given account is not the associated token account" },
  AccountSysvarMismatch: { code: 3015, message: "The given public key does not match the required sysvar" },
  AccountReallocExceedsLimit: {
    code: 3016,
    message: "The account reallocation exceeds the MAX_PERMITTED_DATA_INCREASE limit",
  },
  AccountDuplicateReallocs: { code: 3017, message: "The account was duplicated for more than one reallocation" },
  DeclaredProgramIdMismatch: { code: 4100, message: "The declared program id does not match the actual program id" },
  TryingToInitPayerAsProgramAccount: {
    code: 4101,
    message: "You cannot/should not initialize the payer account as a program account",
  },
  InvalidNumericConversion: {
    code: 4102,
    message: "The program could not perform the numeric conversion, out of range integral type conversion attempted",
  },
  Deprecated: { code: 5000, message: "The API being used is deprecated and should no longer be used" },
  ...ANCHOR_ERRORS,
});
