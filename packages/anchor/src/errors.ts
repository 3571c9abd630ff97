/** An error a program can fail with: its number and its message, as the program's IDL lists them. */
export interface ErrorEntry {
  readonly code: number;
  readonly message: string;
}

/** Errors of the Anchor framework itself that account checks and dispatch raise, with Anchor's numbers and messages. */
export const ANCHOR_ERRORS = {
  InstructionMissing: { code: 100, message: "8 byte instruction identifier not provided" },
  InstructionFallbackNotFound: { code: 101, message: "Fallback functions are not supported" },
  InstructionDidNotDeserialize: { code: 102, message: "The program could not deserialize the given instruction" },
  ConstraintMut: { code: 2000, message: "A mut constraint was violated" },
  ConstraintHasOne: { code: 2001, message: "A has one constraint was violated" },
  ConstraintSigner: { code: 2002, message: "A signer constraint was violated" },
  ConstraintRaw: { code: 2003, message: "A raw constraint was violated" },
  ConstraintSeeds: { code: 2006, message: "A seeds constraint was violated" },
  ConstraintAddress: { code: 2012, message: "An address constraint was violated" },
  AccountDiscriminatorNotFound: { code: 3001, message: "No 8 byte discriminator was found on the account" },
  AccountDiscriminatorMismatch: { code: 3002, message: "8 byte discriminator did not match what was expected" },
  AccountDidNotDeserialize: { code: 3003, message: "Failed to deserialize the account" },
  AccountNotEnoughKeys: { code: 3005, message: "Not enough account keys given to the instruction" },
  AccountNotMutable: { code: 3006, message: "The given account is not mutable" },
  AccountOwnedByWrongProgram: { code: 3007, message: "The given account is owned by a different program than expected" },
  InvalidProgramId: { code: 3008, message: "Program ID was not as expected" },
  AccountNotSigner: { code: 3010, message: "The given account did not sign" },
  AccountNotInitialized: { code: 3012, message: "The program expected this account to be already initialized" },
} as const satisfies Record<string, ErrorEntry>;

export type AnchorErrorName = keyof typeof ANCHOR_ERRORS;

/**
 * A failure reported by name: dispatch logs it as Anchor does (so Anchor clients can parse it) and fails the
 * instruction with its custom code.
 */
export class ProgramFailure extends Error {
  readonly code: number;
  constructor(
    readonly errorName: string,
    entry: ErrorEntry,
    /** The account whose check failed, for Anchor's "caused by account" form. */
    readonly account: string | null = null,
  ) {
    super(entry.message);
    this.code = entry.code;
  }

  /** The line Anchor logs before failing (the runtime prefixes it with "Program log: "). */
  logLine(): string {
    const origin = this.account === null ? "AnchorError occurred." : `AnchorError caused by account: ${this.account}.`;
    return `${origin} Error Code: ${this.errorName}. Error Number: ${this.code}. Error Message: ${this.message}.`;
  }
}

/** Fails with one of Anchor's own errors. */
export function anchorFail(name: AnchorErrorName, account: string | null = null): never {
  throw new ProgramFailure(name, ANCHOR_ERRORS[name], account);
}

/** Fails by the name of a program error or an Anchor error. Annotate the const with it so TypeScript narrows. */
export type Fail<T extends Record<string, ErrorEntry>> = (name: (keyof T & string) | AnchorErrorName, account?: string | null) => never;

/** A `fail(name, account?)` over a program's own error table plus Anchor's. */
export function failureFor<T extends Record<string, ErrorEntry>>(table: T): Fail<T> {
  return (name, account = null) => {
    const entry = (table as Record<string, ErrorEntry>)[name] ?? ANCHOR_ERRORS[name as AnchorErrorName];
    throw new ProgramFailure(name, entry, account);
  };
}
