/**
 * Solana's error vocabulary, spelled as the RPC serialises it (serde's externally tagged enums):
 * a unit variant is its name as a string, a tuple variant is `{ Name: value }`.
 */
export type InstructionErrorKind =
  | "GenericError"
  | "InvalidArgument"
  | "InvalidInstructionData"
  | "InvalidAccountData"
  | "AccountDataTooSmall"
  | "InsufficientFunds"
  | "IncorrectProgramId"
  | "MissingRequiredSignature"
  | "AccountAlreadyInitialized"
  | "UninitializedAccount"
  | "UnbalancedInstruction"
  | "ModifiedProgramId"
  | "ExternalAccountLamportSpend"
  | "ExternalAccountDataModified"
  | "ReadonlyLamportChange"
  | "ReadonlyDataModified"
  | "DuplicateAccountIndex"
  | "ExecutableModified"
  | "RentEpochModified"
  | "NotEnoughAccountKeys"
  | "AccountDataSizeChanged"
  | "AccountNotExecutable"
  | "AccountBorrowFailed"
  | "AccountBorrowOutstanding"
  | "DuplicateAccountOutOfSync"
  | "InvalidError"
  | "ExecutableDataModified"
  | "ExecutableLamportChange"
  | "ExecutableAccountNotRentExempt"
  | "UnsupportedProgramId"
  | "CallDepth"
  | "MissingAccount"
  | "ReentrancyNotAllowed"
  | "MaxSeedLengthExceeded"
  | "InvalidSeeds"
  | "InvalidRealloc"
  | "ComputationalBudgetExceeded"
  | "PrivilegeEscalation"
  | "ProgramEnvironmentSetupFailure"
  | "ProgramFailedToComplete"
  | "ProgramFailedToCompile"
  | "Immutable"
  | "IncorrectAuthority"
  | "AccountNotRentExempt"
  | "InvalidAccountOwner"
  | "ArithmeticOverflow"
  | "UnsupportedSysvar"
  | "IllegalOwner"
  | "MaxAccountsDataAllocationsExceeded"
  | "MaxAccountsExceeded"
  | "MaxInstructionTraceLengthExceeded"
  | "BuiltinProgramsMustConsumeComputeUnits";

export type InstructionErrorValue = InstructionErrorKind | { Custom: number } | { BorshIoError: string };

export type TransactionErrorValue =
  | "AccountInUse"
  | "AccountLoadedTwice"
  | "AccountNotFound"
  | "ProgramAccountNotFound"
  | "InsufficientFundsForFee"
  | "InvalidAccountForFee"
  | "AlreadyProcessed"
  | "BlockhashNotFound"
  | "CallChainTooDeep"
  | "MissingSignatureForFee"
  | "InvalidAccountIndex"
  | "SignatureFailure"
  | "InvalidProgramForExecution"
  | "SanitizeFailure"
  | "ClusterMaintenance"
  | "AccountBorrowOutstanding"
  | "WouldExceedMaxBlockCostLimit"
  | "UnsupportedVersion"
  | "InvalidWritableAccount"
  | "WouldExceedMaxAccountCostLimit"
  | "WouldExceedAccountDataBlockLimit"
  | "TooManyAccountLocks"
  | "AddressLookupTableNotFound"
  | "InvalidAddressLookupTableOwner"
  | "InvalidAddressLookupTableData"
  | "InvalidAddressLookupTableIndex"
  | "InvalidRentPayingAccount"
  | "WouldExceedMaxVoteCostLimit"
  | "WouldExceedAccountDataTotalLimit"
  | "UnbalancedTransaction"
  | "ProgramCacheHitMaxLimit"
  | { InstructionError: [number, InstructionErrorValue] }
  | { DuplicateInstruction: number }
  | { InsufficientFundsForRent: { account_index: number } }
  | { ProgramExecutionTemporarilyRestricted: { account_index: number } };

/** Thrown by a program (or by the runtime on its behalf) to fail the current instruction. */
export class InstructionError extends Error {
  constructor(readonly value: InstructionErrorValue) {
    super(describeInstructionError(value));
    this.name = "InstructionError";
  }
  static custom(code: number): InstructionError {
    return new InstructionError({ Custom: code });
  }
}

/** Thrown by the runtime when a whole transaction is refused or fails. */
export class TransactionError extends Error {
  constructor(readonly value: TransactionErrorValue) {
    super(describeTransactionError(value));
    this.name = "TransactionError";
  }
}

const INSTRUCTION_ERROR_TEXT: Partial<Record<InstructionErrorKind, string>> = {
  GenericError: "generic instruction error",
  InvalidArgument: "invalid program argument",
  InvalidInstructionData: "invalid instruction data",
  InvalidAccountData: "invalid account data for instruction",
  AccountDataTooSmall: "account data too small for instruction",
  InsufficientFunds: "insufficient funds for instruction",
  IncorrectProgramId: "incorrect program id for instruction",
  MissingRequiredSignature: "missing required signature for instruction",
  AccountAlreadyInitialized: "instruction requires an uninitialized account",
  UninitializedAccount: "instruction requires an initialized account",
  UnbalancedInstruction: "sum of account balances before and after instruction do not match",
  ModifiedProgramId: "instruction illegally modified the program id of an account",
  ExternalAccountLamportSpend: "instruction spent from the balance of an account it does not own",
  ExternalAccountDataModified: "instruction modified data of an account it does not own",
  ReadonlyLamportChange: "instruction changed the balance of a read-only account",
  ReadonlyDataModified: "instruction modified data of a read-only account",
  DuplicateAccountIndex: "instruction contains duplicate accounts",
  ExecutableModified: "instruction changed executable bit of an account",
  RentEpochModified: "instruction modified rent epoch of an account",
  NotEnoughAccountKeys: "insufficient account keys for instruction",
  AccountDataSizeChanged: "program other than the account's owner changed the size of the account data",
  AccountNotExecutable: "instruction expected an executable account",
  AccountBorrowFailed: "instruction tries to borrow reference for an account which is already borrowed",
  AccountBorrowOutstanding: "instruction left account with an outstanding borrowed reference",
  DuplicateAccountOutOfSync: "instruction modifications of multiply-passed account differ",
  InvalidError: "program returned invalid error code",
  ExecutableDataModified: "instruction changed executable accounts data",
  ExecutableLamportChange: "instruction changed the balance of an executable account",
  ExecutableAccountNotRentExempt: "executable accounts must be rent exempt",
  UnsupportedProgramId: "Unsupported program id",
  CallDepth: "Cross-program invocation call depth too deep",
  MissingAccount: "An account required by the instruction is missing",
  ReentrancyNotAllowed: "Cross-program invocation reentrancy not allowed for this instruction",
  MaxSeedLengthExceeded: "Length of the seed is too long for address generation",
  InvalidSeeds: "Provided seeds do not result in a valid address",
  InvalidRealloc: "Failed to reallocate account data",
  ComputationalBudgetExceeded: "Computational budget exceeded",
  PrivilegeEscalation: "Cross-program invocation with unauthorized signer or writable account",
  ProgramEnvironmentSetupFailure: "Failed to create program execution environment",
  ProgramFailedToComplete: "Program failed to complete",
  ProgramFailedToCompile: "Program failed to compile",
  Immutable: "Account is immutable",
  IncorrectAuthority: "Incorrect authority provided",
  AccountNotRentExempt: "An account does not have enough lamports to be rent-exempt",
  InvalidAccountOwner: "Invalid account owner",
  ArithmeticOverflow: "Program arithmetic overflowed",
  UnsupportedSysvar: "Unsupported sysvar",
  IllegalOwner: "Provided owner is not allowed",
  MaxAccountsDataAllocationsExceeded: "Accounts data allocations exceeded the maximum allowed per transaction",
  MaxAccountsExceeded: "Max accounts exceeded",
  MaxInstructionTraceLengthExceeded: "Max instruction trace length exceeded",
  BuiltinProgramsMustConsumeComputeUnits: "Builtin programs must consume compute units",
};

/** The text Solana prints after "Program X failed: " and inside "Error processing Instruction N: ". */
export function describeInstructionError(value: InstructionErrorValue): string {
  if (typeof value === "string") return INSTRUCTION_ERROR_TEXT[value] ?? value;
  if ("Custom" in value) return `custom program error: 0x${value.Custom.toString(16)}`;
  return `Failed to serialize or deserialize account data: ${value.BorshIoError}`;
}

const TRANSACTION_ERROR_TEXT: Record<string, string> = {
  AccountInUse: "Account in use",
  AccountLoadedTwice: "Account loaded twice",
  AccountNotFound: "Attempt to debit an account but found no record of a prior credit.",
  ProgramAccountNotFound: "Attempt to load a program that does not exist",
  InsufficientFundsForFee: "Insufficient funds for fee",
  InvalidAccountForFee: "This account may not be used to pay transaction fees",
  AlreadyProcessed: "This transaction has already been processed",
  BlockhashNotFound: "Blockhash not found",
  CallChainTooDeep: "Loader call chain is too deep",
  MissingSignatureForFee: "Transaction requires a fee but has no signature present",
  InvalidAccountIndex: "Transaction contains an invalid account reference",
  SignatureFailure: "Transaction did not pass signature verification",
  InvalidProgramForExecution: "This program may not be used for executing instructions",
  SanitizeFailure: "Transaction failed to sanitize accounts offsets correctly",
  TooManyAccountLocks: "Transaction locked too many accounts",
  AddressLookupTableNotFound: "Transaction loads an address table account that doesn't exist",
  InvalidAddressLookupTableOwner: "Transaction loads an address table account with an invalid owner",
  InvalidAddressLookupTableData: "Transaction loads an address table account with invalid data",
  InvalidAddressLookupTableIndex: "Transaction address table lookup uses an invalid index",
  UnsupportedVersion: "Transaction version is unsupported",
  InvalidWritableAccount: "Transaction loads a writable account that cannot be written",
};

export function describeTransactionError(value: TransactionErrorValue): string {
  if (typeof value === "string") return TRANSACTION_ERROR_TEXT[value] ?? value;
  if ("InstructionError" in value) {
    const [index, err] = value.InstructionError;
    return `Error processing Instruction ${index}: ${describeInstructionError(err)}`;
  }
  if ("DuplicateInstruction" in value)
    return `Transaction contains a duplicate instruction (${value.DuplicateInstruction}) that is not allowed`;
  if ("InsufficientFundsForRent" in value)
    return `Transaction results in an account (${value.InsufficientFundsForRent.account_index}) with insufficient funds for rent`;
  return `Execution of the program referenced by account at index ${value.ProgramExecutionTemporarilyRestricted.account_index} is temporarily restricted.`;
}
