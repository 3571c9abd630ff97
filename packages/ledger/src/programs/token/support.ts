// What both token programs' handlers share: TokenError with the lines the entrypoint prints, the instruction-data
// reader, reading and writing mints and accounts under the running program's layout rules (Token-2022 allows the
// extension area), and the owner / multisig signature check.
import { ArgsReader } from "@ballast/codec";
import { SYSTEM_PROGRAM_ID, type Address } from "../../account.js";
import { InstructionError } from "../../errors.js";
import { U64_MAX } from "../../integers.js";
import { address } from "../../layout-codecs.js";
import type { InstructionAccount, InstructionContext } from "../../runtime/program.js";
import { ExtensionType, NO_KEY, TOKEN_2022_PROGRAM_ID, baseState, findExtension, type BaseKind } from "./extensions.js";
import {
  AccountState,
  MULTISIG_SIZE,
  decodeMint,
  decodeMultisig,
  decodeTokenAccount,
  encodeMint,
  encodeTokenAccount,
  type Mint,
  type TokenAccount,
} from "./layout.js";

/** SPL Token's TokenError, by custom error code. */
export const TokenError = {
  NotRentExempt: 0,
  InsufficientFunds: 1,
  InvalidMint: 2,
  MintMismatch: 3,
  OwnerMismatch: 4,
  FixedSupply: 5,
  AlreadyInUse: 6,
  InvalidNumberOfProvidedSigners: 7,
  InvalidNumberOfRequiredSigners: 8,
  UninitializedState: 9,
  NativeNotSupported: 10,
  NonNativeHasBalance: 11,
  InvalidInstruction: 12,
  InvalidState: 13,
  Overflow: 14,
  AuthorityTypeNotSupported: 15,
  MintCannotFreeze: 16,
  AccountFrozen: 17,
  MintDecimalsMismatch: 18,
  NonNativeNotSupported: 19,
  // Token-2022's additions.
  ExtensionTypeMismatch: 20,
  ExtensionBaseMismatch: 21,
  ExtensionAlreadyInitialized: 22,
  MintHasSupply: 28,
  NoAuthorityExists: 29,
  TransferFeeExceedsMaximum: 30,
  MintRequiredForTransfer: 31,
  FeeMismatch: 32,
  ImmutableOwner: 34,
  AccountHasWithheldTransferFees: 35,
  NonTransferable: 37,
  NonTransferableNeedsImmutableOwnership: 38,
} as const;

/** What the program's entrypoint prints for each TokenError before returning it (its PrintProgramError impl). */
export const TOKEN_ERROR_LOG: Readonly<Record<number, string>> = [
  "Error: Lamport balance below rent-exempt threshold",
  "Error: insufficient funds",
  "Error: Invalid Mint",
  "Error: Account not associated with this Mint",
  "Error: owner does not match",
  "Error: the total supply of this token is fixed",
  "Error: account or token already in use",
  "Error: Invalid number of provided signers",
  "Error: Invalid number of required signers",
  "Error: State is uninitialized",
  "Error: Instruction does not support native tokens",
  "Error: Non-native account can only be closed if its balance is zero",
  "Error: Invalid instruction",
  "Error: Invalid account state for operation",
  "Error: Operation overflowed",
  "Error: Account does not support specified authority type",
  "Error: This token mint cannot freeze accounts",
  "Error: Account is frozen",
  "Error: decimals different from the Mint decimals",
  "Error: Instruction does not support non-native tokens",
  "Error: New extension type does not match already existing extensions",
  "Error: Extension does not match the base type provided",
  "Error: Extension already initialized on this account",
  "Error: An account can only be closed if its confidential balance is zero",
  "Error: Account not approved for confidential transfers",
  "Error: Account not accepting deposits or transfers",
  "Error: ElGamal public key mismatch",
  "Error: Balance mismatch",
  "Error: Mint has non-zero supply. Burn all tokens before closing the mint",
  "Error: No authority exists to perform the desired operation",
  "Error: Transfer fee exceeds maximum of 10,000 basis points",
  "Mint required for this account to transfer tokens, use `transfer_checked` or `transfer_checked_with_fee`",
  "Calculated fee does not match expected fee",
  "Fee parameters associated with zero-knowledge proofs do not match fee parameters in mint",
  "The owner authority cannot be changed",
  "Error: An account can only be closed if its withheld fee balance is zero, harvest fees to the mint and try again",
  "Error: No memo in previous instruction; required for recipient to receive a transfer",
  "Transfer is disabled for this mint",
  "Non-transferable tokens can't be minted to an account without immutable ownership",
];

export const AuthorityType = {
  MintTokens: 0,
  FreezeAccount: 1,
  AccountOwner: 2,
  CloseAccount: 3,
  // Token-2022's mint authorities; its AuthorityType enum ends at 16 (Pause).
  TransferFeeConfig: 4,
  WithheldWithdraw: 5,
  CloseMint: 6,
  PermanentDelegate: 8,
  MetadataPointer: 12,
} as const;
export const LAST_AUTHORITY_TYPE_2022 = 16;

export const tokenError = (code: number): InstructionError => InstructionError.custom(code);

/** SPL Token's instruction data: packed little-endian, with anything short or out of range InvalidInstruction. */
export class TokenArgs extends ArgsReader {
  protected override malformed(): never {
    throw tokenError(TokenError.InvalidInstruction);
  }
  /** Instruction data spells COption<Pubkey> as a one-byte tag, then the key when present. */
  optionKey(): Address | null {
    return this.option(() => this.pubkey());
  }
}

export function account(ctx: InstructionContext, index: number): InstructionAccount {
  const a = ctx.accounts[index];
  if (!a) throw new InstructionError("NotEnoughAccountKeys");
  return a;
}

/** Token-2022, which lets mints and accounts carry extensions past their base state. */
export function isExtended(ctx: InstructionContext): boolean {
  return ctx.programId === TOKEN_2022_PROGRAM_ID;
}

/**
 * The base-state bytes of a mint or token account (sharing memory with the account): SPL Token takes only the exact
 * base size, Token-2022 also an extended layout. `uninitialized` lets an initialiser see data whose AccountType byte
 * is still unset.
 */
export function baseOf(ctx: InstructionContext, info: InstructionAccount, kind: BaseKind, uninitialized = false): Buffer {
  const data = info.account.data;
  return isExtended(ctx) ? baseState(data, kind, uninitialized) : data;
}

/** Account::unpack: a token account that must be initialised. */
export function unpackAccount(ctx: InstructionContext, info: InstructionAccount): TokenAccount {
  const a = decodeTokenAccount(baseOf(ctx, info, "account"));
  if (a.state === AccountState.Uninitialized) throw new InstructionError("UninitializedAccount");
  return a;
}

export function saveAccount(ctx: InstructionContext, info: InstructionAccount, a: TokenAccount): void {
  encodeTokenAccount(a, baseOf(ctx, info, "account"));
}

/** Mint::unpack: a mint that must be initialised. */
export function unpackMint(ctx: InstructionContext, info: InstructionAccount): Mint {
  const m = decodeMint(baseOf(ctx, info, "mint"));
  if (!m.isInitialized) throw new InstructionError("UninitializedAccount");
  return m;
}

export function saveMint(ctx: InstructionContext, info: InstructionAccount, m: Mint): void {
  encodeMint(m, baseOf(ctx, info, "mint"));
}

/** Where the program only needs a valid mint, every way of not being one is InvalidMint. */
export function validMint(ctx: InstructionContext, info: InstructionAccount): Mint {
  checkOwner(ctx, info);
  try {
    return unpackMint(ctx, info);
  } catch {
    throw tokenError(TokenError.InvalidMint);
  }
}

export function checkOwner(ctx: InstructionContext, info: InstructionAccount): void {
  if (info.account.owner !== ctx.programId) throw new InstructionError("IncorrectProgramId");
}

export function checkedAdd(a: bigint, b: bigint): bigint {
  const sum = a + b;
  if (sum > U64_MAX) throw tokenError(TokenError.Overflow);
  return sum;
}

export function checkedSub(a: bigint, b: bigint): bigint {
  if (b > a) throw tokenError(TokenError.Overflow);
  return a - b;
}

/**
 * The authority must be `expected` and must sign; a multisig authority (a token-program account of multisig size)
 * instead needs `m` of its signers among the accounts that follow, each counted once.
 */
export function validateOwner(
  ctx: InstructionContext,
  expected: Address,
  authority: InstructionAccount,
  signers: readonly InstructionAccount[],
): void {
  if (authority.key !== expected) throw tokenError(TokenError.OwnerMismatch);
  if (authority.account.owner === ctx.programId && authority.account.data.length === MULTISIG_SIZE) {
    const multisig = decodeMultisig(authority.account.data);
    if (!multisig.isInitialized) throw new InstructionError("UninitializedAccount");
    const keys = multisig.signers.slice(0, multisig.n);
    const matched = new Array<boolean>(keys.length).fill(false);
    let count = 0;
    for (const signer of signers) {
      keys.forEach((key, position) => {
        if (key !== signer.key || matched[position]) return;
        if (!signer.isSigner) throw new InstructionError("MissingRequiredSignature");
        matched[position] = true;
        count++;
      });
    }
    if (count < multisig.m) throw new InstructionError("MissingRequiredSignature");
    return;
  }
  if (!authority.isSigner) throw new InstructionError("MissingRequiredSignature");
}

/** An OptionalNonZeroPubkey stored in an extension: the all-zero key is none. */
export function optionalKey(data: Buffer, offset: number): Address | null {
  const key = address.read(data, offset);
  return key === NO_KEY ? null : key;
}

/** A mint's permanent delegate, who may move or burn any holder's tokens; null without one. */
export function permanentDelegate(mintData: Buffer): Address | null {
  const extension = findExtension(mintData, ExtensionType.PermanentDelegate);
  return extension ? optionalKey(extension, 0) : null;
}

/** On-chain the program deletes a closed account outright: its lamports to `destInfo`, back to the System program with no data. */
export function deleteAccount(sourceInfo: InstructionAccount, destInfo: InstructionAccount): void {
  destInfo.account.lamports = checkedAdd(destInfo.account.lamports, sourceInfo.account.lamports);
  sourceInfo.account.lamports = 0n;
  sourceInfo.account.owner = SYSTEM_PROGRAM_ID;
  sourceInfo.account.data = Buffer.alloc(0);
}

/** The entrypoint's error.print::<TokenError>(): one line naming the error before it is returned. */
export function printError(ctx: InstructionContext, e: unknown): void {
  if (!(e instanceof InstructionError)) return;
  const v = e.value;
  // Running out of compute aborts the program; it never gets to print.
  if (v === "ComputationalBudgetExceeded") return;
  if (typeof v === "string") ctx.log(`Error: ${v}`);
  else if ("Custom" in v) ctx.log(TOKEN_ERROR_LOG[v.Custom] ?? "Error: Unknown");
  else ctx.log("Error: BorshIoError");
}
