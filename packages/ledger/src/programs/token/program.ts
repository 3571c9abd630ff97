import { ArgsReader, ArgsWriter } from "@ballast/codec";
import { SYSTEM_PROGRAM_ID, isRentExempt, minimumBalanceForRentExemption, type Address } from "../../account.js";
import { InstructionError } from "../../errors.js";
import type { InstructionAccount, InstructionContext, Program } from "../../runtime/program.js";
import {
  ACCOUNT_SIZE,
  AccountState,
  MAX_SIGNERS,
  MINT_SIZE,
  MULTISIG_SIZE,
  NATIVE_MINT,
  TOKEN_PROGRAM_ID,
  decodeMint,
  decodeMultisig,
  decodeTokenAccount,
  encodeMint,
  encodeMultisig,
  encodeTokenAccount,
  type Mint,
  type TokenAccount,
} from "./layout.js";
import { uiAmountString } from "./parse.js";
import { U64_MAX } from "../../integers.js";
import { address } from "../../layout-codecs.js";
import {
  ExtensionType,
  MAX_FEE_BASIS_POINTS,
  NATIVE_MINT_2022,
  NO_KEY,
  TOKEN_2022_PROGRAM_ID,
  TransferFeeConfigLayout,
  allocateExtension,
  baseState,
  epochFee,
  extendedLength,
  extensionTypes,
  findExtension,
  isAccountExtension,
  requiredAccountExtensions,
  setAccountType,
  transferFeeOf,
  type BaseKind,
} from "./extensions.js";

const RENT_SYSVAR_ID: Address = "SysvarRent111111111111111111111111111111111";
const INCINERATOR_ID: Address = "1nc1nerator11111111111111111111111111111111";

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
const TOKEN_ERROR_LOG: Readonly<Record<number, string>> = [
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

const AuthorityType = {
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
const LAST_AUTHORITY_TYPE_2022 = 16;

type Instruction =
  | { type: "InitializeMint" | "InitializeMint2"; decimals: number; mintAuthority: Address; freezeAuthority: Address | null }
  | { type: "InitializeAccount" }
  | { type: "InitializeAccount2" | "InitializeAccount3"; owner: Address }
  | { type: "InitializeMultisig" | "InitializeMultisig2"; m: number }
  | { type: "Transfer" | "Approve" | "MintTo" | "Burn" | "AmountToUiAmount"; amount: bigint }
  | { type: "TransferChecked" | "ApproveChecked" | "MintToChecked" | "BurnChecked"; amount: bigint; decimals: number }
  | { type: "SetAuthority"; authorityType: number; newAuthority: Address | null }
  | { type: "UiAmountToAmount"; uiAmount: string }
  | { type: "InitializeMintCloseAuthority"; closeAuthority: Address | null }
  | {
      type: "InitializeTransferFeeConfig";
      transferFeeConfigAuthority: Address | null;
      withdrawWithheldAuthority: Address | null;
      basisPoints: number;
      maximumFee: bigint;
    }
  | { type: "TransferCheckedWithFee"; amount: bigint; decimals: number; fee: bigint }
  | { type: "InitializeDefaultAccountState"; state: number }
  | { type: "InitializePermanentDelegate"; delegate: Address }
  | { type: "InitializeMetadataPointer"; authority: Address; metadataAddress: Address }
  | { type: "InitializeNonTransferableMint" }
  | {
      type: "Revoke" | "CloseAccount" | "FreezeAccount" | "ThawAccount" | "SyncNative" | "InitializeImmutableOwner";
    }
  | { type: "GetAccountDataSize"; extensions: number[] };

/** Fixed compute charge per instruction, close to what the deployed program burns on the success path. */
const UNITS: Record<Instruction["type"], number> = {
  InitializeMint: 2967,
  InitializeMint2: 2920,
  InitializeAccount: 4527,
  InitializeAccount2: 4388,
  InitializeAccount3: 4241,
  InitializeMultisig: 2997,
  InitializeMultisig2: 2880,
  Transfer: 4645,
  Approve: 2904,
  Revoke: 2777,
  SetAuthority: 3165,
  MintTo: 4538,
  Burn: 4753,
  CloseAccount: 2915,
  FreezeAccount: 4314,
  ThawAccount: 4313,
  TransferChecked: 6200,
  ApproveChecked: 4458,
  MintToChecked: 4591,
  BurnChecked: 4791,
  SyncNative: 3045,
  GetAccountDataSize: 1622,
  InitializeImmutableOwner: 1405,
  AmountToUiAmount: 2654,
  UiAmountToAmount: 3162,
  InitializeMintCloseAuthority: 1551,
  InitializeTransferFeeConfig: 2087,
  TransferCheckedWithFee: 7020,
  InitializeDefaultAccountState: 1495,
  InitializePermanentDelegate: 1478,
  InitializeMetadataPointer: 1614,
  InitializeNonTransferableMint: 1409,
};
/** Charged before decoding, so malformed instruction data still costs something. */
const DECODE_UNITS = 150;

const tokenError = (code: number): InstructionError => InstructionError.custom(code);

/** SPL Token's instruction data: packed little-endian, with anything short or out of range InvalidInstruction. */
class TokenArgs extends ArgsReader {
  protected override malformed(): never {
    throw tokenError(TokenError.InvalidInstruction);
  }
  /** Instruction data spells COption<Pubkey> as a one-byte tag, then the key when present. */
  optionKey(): Address | null {
    return this.option(() => this.pubkey());
  }
}

/**
 * Decodes like TokenInstruction::unpack: trailing bytes are ignored, anything short or unknown is InvalidInstruction.
 * Token-2022 (`extended`) adds its extension instructions and authority types.
 */
function decode(data: Buffer, extended: boolean): Instruction {
  const r = new TokenArgs(data);
  const tag = r.u8();
  if (tag >= EXTENSION_TAGS_FROM) {
    if (!extended) throw tokenError(TokenError.InvalidInstruction);
    return decodeExtensionInstruction(tag, r);
  }
  switch (tag) {
    case 0:
    case 20:
      return {
        type: tag === 0 ? "InitializeMint" : "InitializeMint2",
        decimals: r.u8(),
        mintAuthority: r.pubkey(),
        freezeAuthority: r.optionKey(),
      };
    case 1:
      return { type: "InitializeAccount" };
    case 2:
      return { type: "InitializeMultisig", m: r.u8() };
    case 3:
      return { type: "Transfer", amount: r.u64() };
    case 4:
      return { type: "Approve", amount: r.u64() };
    case 5:
      return { type: "Revoke" };
    case 6: {
      const authorityType = r.u8();
      if (authorityType > (extended ? LAST_AUTHORITY_TYPE_2022 : AuthorityType.CloseAccount))
        throw tokenError(TokenError.InvalidInstruction);
      return { type: "SetAuthority", authorityType, newAuthority: r.optionKey() };
    }
    case 7:
      return { type: "MintTo", amount: r.u64() };
    case 8:
      return { type: "Burn", amount: r.u64() };
    case 9:
      return { type: "CloseAccount" };
    case 10:
      return { type: "FreezeAccount" };
    case 11:
      return { type: "ThawAccount" };
    case 12:
      return { type: "TransferChecked", amount: r.u64(), decimals: r.u8() };
    case 13:
      return { type: "ApproveChecked", amount: r.u64(), decimals: r.u8() };
    case 14:
      return { type: "MintToChecked", amount: r.u64(), decimals: r.u8() };
    case 15:
      return { type: "BurnChecked", amount: r.u64(), decimals: r.u8() };
    case 16:
      return { type: "InitializeAccount2", owner: r.pubkey() };
    case 17:
      return { type: "SyncNative" };
    case 18:
      return { type: "InitializeAccount3", owner: r.pubkey() };
    case 19:
      return { type: "InitializeMultisig2", m: r.u8() };
    case 21:
      return { type: "GetAccountDataSize", extensions: extended ? extensionList(r.rest()) : [] };
    case 22:
      return { type: "InitializeImmutableOwner" };
    case 23:
      return { type: "AmountToUiAmount", amount: r.u64() };
    case 24: {
      const text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
      try {
        return { type: "UiAmountToAmount", uiAmount: text.decode(r.rest()) };
      } catch {
        throw tokenError(TokenError.InvalidInstruction);
      }
    }
    default:
      throw tokenError(TokenError.InvalidInstruction);
  }
}

/** Token-2022's first tag past the base instruction set (InitializeMintCloseAuthority). */
const EXTENSION_TAGS_FROM = 25;

/** GetAccountDataSize's extension list: u16s, each an account extension the new account is to make room for. */
function extensionList(bytes: Buffer): number[] {
  if (bytes.length % 2 !== 0) throw tokenError(TokenError.InvalidInstruction);
  const types: number[] = [];
  for (let at = 0; at < bytes.length; at += 2) types.push(bytes.readUInt16LE(at));
  return types;
}

/** The extension instructions this ledger's Token-2022 carries; any other is InvalidInstruction. */
function decodeExtensionInstruction(tag: number, r: TokenArgs): Instruction {
  switch (tag) {
    case 25:
      return { type: "InitializeMintCloseAuthority", closeAuthority: r.optionKey() };
    case 26: {
      const sub = r.u8();
      if (sub === 0) {
        return {
          type: "InitializeTransferFeeConfig",
          transferFeeConfigAuthority: r.optionKey(),
          withdrawWithheldAuthority: r.optionKey(),
          basisPoints: r.u16(),
          maximumFee: r.u64(),
        };
      }
      if (sub === 1) return { type: "TransferCheckedWithFee", amount: r.u64(), decimals: r.u8(), fee: r.u64() };
      throw tokenError(TokenError.InvalidInstruction);
    }
    case 28:
      if (r.u8() !== 0) throw tokenError(TokenError.InvalidInstruction);
      return { type: "InitializeDefaultAccountState", state: r.u8() };
    case 32:
      return { type: "InitializeNonTransferableMint" };
    case 35:
      return { type: "InitializePermanentDelegate", delegate: r.pubkey() };
    case 39:
      if (r.u8() !== 0) throw tokenError(TokenError.InvalidInstruction);
      return { type: "InitializeMetadataPointer", authority: r.pubkey(), metadataAddress: r.pubkey() };
    default:
      throw tokenError(TokenError.InvalidInstruction);
  }
}

function account(ctx: InstructionContext, index: number): InstructionAccount {
  const a = ctx.accounts[index];
  if (!a) throw new InstructionError("NotEnoughAccountKeys");
  return a;
}

/** Token-2022, which lets mints and accounts carry extensions past their base state. */
function isExtended(ctx: InstructionContext): boolean {
  return ctx.programId === TOKEN_2022_PROGRAM_ID;
}

/**
 * The base-state bytes of a mint or token account (sharing memory with the account): SPL Token takes only the exact
 * base size, Token-2022 also an extended layout. `uninitialized` lets an initialiser see data whose AccountType byte
 * is still unset.
 */
function baseOf(ctx: InstructionContext, info: InstructionAccount, kind: BaseKind, uninitialized = false): Buffer {
  const data = info.account.data;
  return isExtended(ctx) ? baseState(data, kind, uninitialized) : data;
}

/** Account::unpack: a token account that must be initialised. */
function unpackAccount(ctx: InstructionContext, info: InstructionAccount): TokenAccount {
  const a = decodeTokenAccount(baseOf(ctx, info, "account"));
  if (a.state === AccountState.Uninitialized) throw new InstructionError("UninitializedAccount");
  return a;
}

function saveAccount(ctx: InstructionContext, info: InstructionAccount, a: TokenAccount): void {
  encodeTokenAccount(a, baseOf(ctx, info, "account"));
}

/** Mint::unpack: a mint that must be initialised. */
function unpackMint(ctx: InstructionContext, info: InstructionAccount): Mint {
  const m = decodeMint(baseOf(ctx, info, "mint"));
  if (!m.isInitialized) throw new InstructionError("UninitializedAccount");
  return m;
}

function saveMint(ctx: InstructionContext, info: InstructionAccount, m: Mint): void {
  encodeMint(m, baseOf(ctx, info, "mint"));
}

/** Where the program only needs a valid mint, every way of not being one is InvalidMint. */
function validMint(ctx: InstructionContext, info: InstructionAccount): Mint {
  checkOwner(ctx, info);
  try {
    return unpackMint(ctx, info);
  } catch {
    throw tokenError(TokenError.InvalidMint);
  }
}

function checkOwner(ctx: InstructionContext, info: InstructionAccount): void {
  if (info.account.owner !== ctx.programId) throw new InstructionError("IncorrectProgramId");
}

/** The Rent sysvar account older Initialize* variants take; its key is all the program checks. */
function checkRentSysvar(info: InstructionAccount): void {
  if (info.key !== RENT_SYSVAR_ID) throw new InstructionError("InvalidArgument");
}

function checkedAdd(a: bigint, b: bigint): bigint {
  const sum = a + b;
  if (sum > U64_MAX) throw tokenError(TokenError.Overflow);
  return sum;
}

function checkedSub(a: bigint, b: bigint): bigint {
  if (b > a) throw tokenError(TokenError.Overflow);
  return a - b;
}

/** Burned and incinerated accounts have no one who could sign for them. */
function ownedBySystemOrIncinerator(a: TokenAccount): boolean {
  return a.owner === SYSTEM_PROGRAM_ID || a.owner === INCINERATOR_ID;
}

/**
 * The authority must be `expected` and must sign; a multisig authority (a token-program account of multisig size)
 * instead needs `m` of its signers among the accounts that follow, each counted once.
 */
function validateOwner(
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

function checkExpectedMint(ctx: InstructionContext, source: TokenAccount, mintInfo: InstructionAccount, decimals: number): Mint {
  if (mintInfo.key !== source.mint) throw tokenError(TokenError.MintMismatch);
  const mint = unpackMint(ctx, mintInfo);
  if (mint.decimals !== decimals) throw tokenError(TokenError.MintDecimalsMismatch);
  return mint;
}

/** An OptionalNonZeroPubkey stored in an extension: the all-zero key is none. */
function optionalKey(data: Buffer, offset: number): Address | null {
  const key = address.read(data, offset);
  return key === NO_KEY ? null : key;
}

/** A mint's permanent delegate, who may move or burn any holder's tokens; null without one. */
function permanentDelegate(mintData: Buffer): Address | null {
  const extension = findExtension(mintData, ExtensionType.PermanentDelegate);
  return extension ? optionalKey(extension, 0) : null;
}

function initializeMint(
  ctx: InstructionContext,
  ix: { decimals: number; mintAuthority: Address; freezeAuthority: Address | null },
  rentSysvar: boolean,
): void {
  const mintInfo = account(ctx, 0);
  if (rentSysvar) checkRentSysvar(account(ctx, 1));
  const data = mintInfo.account.data;
  const mint = decodeMint(baseOf(ctx, mintInfo, "mint", true));
  if (mint.isInitialized) throw tokenError(TokenError.AlreadyInUse);
  if (!isRentExempt(mintInfo.account)) throw tokenError(TokenError.NotRentExempt);
  if (isExtended(ctx)) {
    // Every byte must belong to an extension initialised beforehand: no room left over for one added later.
    const types = extensionTypes(data);
    if (extendedLength("mint", types as ExtensionType[]) !== data.length) throw new InstructionError("InvalidAccountData");
    const defaultState = findExtension(data, ExtensionType.DefaultAccountState);
    if (defaultState?.readUInt8(0) === AccountState.Frozen && ix.freezeAuthority === null) throw tokenError(TokenError.MintCannotFreeze);
  }
  saveMint(ctx, mintInfo, {
    mintAuthority: ix.mintAuthority,
    supply: mint.supply,
    decimals: ix.decimals,
    isInitialized: true,
    freezeAuthority: ix.freezeAuthority,
  });
  setAccountType(data, "mint");
}

function initializeAccount(ctx: InstructionContext, ownerArg: Address | null, rentSysvar: boolean): void {
  const target = account(ctx, 0);
  const mintInfo = account(ctx, 1);
  const owner = ownerArg ?? account(ctx, 2).key;
  if (rentSysvar) checkRentSysvar(account(ctx, ownerArg === null ? 3 : 2));
  const existing = decodeTokenAccount(baseOf(ctx, target, "account", true));
  if (existing.state !== AccountState.Uninitialized) throw tokenError(TokenError.AlreadyInUse);
  if (!isRentExempt(target.account)) throw tokenError(TokenError.NotRentExempt);
  const native = mintInfo.key === nativeMintOf(ctx);
  let state: AccountState = AccountState.Initialized;
  if (!native) {
    validMint(ctx, mintInfo);
    if (isExtended(ctx)) state = initializeAccountExtensions(ctx, target, mintInfo);
  }
  const reserve = minimumBalanceForRentExemption(target.account.data.length);
  saveAccount(ctx, target, {
    mint: mintInfo.key,
    owner,
    amount: native ? checkedSub(target.account.lamports, reserve) : 0n,
    delegate: null,
    state,
    isNative: native ? reserve : null,
    delegatedAmount: 0n,
    closeAuthority: null,
  });
  setAccountType(target.account.data, "account");
}

/**
 * Token-2022: the account extensions the mint requires, which must fit the account, and the state the mint's
 * DefaultAccountState gives a new account.
 */
function initializeAccountExtensions(ctx: InstructionContext, target: InstructionAccount, mintInfo: InstructionAccount): AccountState {
  const mintData = mintInfo.account.data;
  if (permanentDelegate(mintData) !== null)
    ctx.log("Warning: Mint has a permanent delegate, so tokens in this account may be seized at any time");
  const required = requiredAccountExtensions(extensionTypes(mintData));
  const data = target.account.data;
  if (extendedLength("account", required) > data.length) throw new InstructionError("InvalidAccountData");
  for (const type of required) allocateExtension(data, type, "account");
  const defaultState = findExtension(mintData, ExtensionType.DefaultAccountState)?.readUInt8(0);
  return defaultState === AccountState.Frozen ? AccountState.Frozen : AccountState.Initialized;
}

function nativeMintOf(ctx: InstructionContext): Address {
  return isExtended(ctx) ? NATIVE_MINT_2022 : NATIVE_MINT;
}

function initializeMultisig(ctx: InstructionContext, m: number, rentSysvar: boolean): void {
  const target = account(ctx, 0);
  if (rentSysvar) checkRentSysvar(account(ctx, 1));
  const multisig = decodeMultisig(target.account.data);
  if (multisig.isInitialized) throw tokenError(TokenError.AlreadyInUse);
  if (!isRentExempt(target.account)) throw tokenError(TokenError.NotRentExempt);
  const signers = ctx.accounts.slice(rentSysvar ? 2 : 1);
  if (signers.length < 1 || signers.length > MAX_SIGNERS) throw tokenError(TokenError.InvalidNumberOfProvidedSigners);
  if (m < 1 || m > MAX_SIGNERS) throw tokenError(TokenError.InvalidNumberOfRequiredSigners);
  const keys = multisig.signers.slice();
  signers.forEach((s, i) => (keys[i] = s.key));
  encodeMultisig({ m, n: signers.length, isInitialized: true, signers: keys }, target.account.data);
}

/**
 * The fee a Token-2022 transfer withholds in the destination: the mint's TransferFeeConfig at the current epoch,
 * none without one. A transfer without the mint (plain Transfer) cannot know it, so an account that may owe fees
 * refuses it.
 */
function transferFee(ctx: InstructionContext, sourceInfo: InstructionAccount, mintInfo: InstructionAccount | null, amount: bigint): bigint {
  if (!isExtended(ctx)) return 0n;
  if (!mintInfo) {
    if (findExtension(sourceInfo.account.data, ExtensionType.TransferFeeAmount)) throw tokenError(TokenError.MintRequiredForTransfer);
    return 0n;
  }
  const config = findExtension(mintInfo.account.data, ExtensionType.TransferFeeConfig);
  if (!config) return 0n;
  return transferFeeOf(epochFee(TransferFeeConfigLayout.read(config, 0), ctx.clock.epoch), amount);
}

function transfer(ctx: InstructionContext, amount: bigint, decimals: number | null, expectedFee: bigint | null = null): void {
  let i = 0;
  const sourceInfo = account(ctx, i++);
  const mintInfo = decimals === null ? null : account(ctx, i++);
  const destInfo = account(ctx, i++);
  const authority = account(ctx, i++);
  const signers = ctx.accounts.slice(i);

  const source = unpackAccount(ctx, sourceInfo);
  const dest = unpackAccount(ctx, destInfo);
  if (source.state === AccountState.Frozen || dest.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (source.amount < amount) throw tokenError(TokenError.InsufficientFunds);
  if (source.mint !== dest.mint) throw tokenError(TokenError.MintMismatch);
  if (mintInfo && decimals !== null) checkExpectedMint(ctx, source, mintInfo, decimals);
  if (isExtended(ctx) && findExtension(sourceInfo.account.data, ExtensionType.NonTransferableAccount))
    throw tokenError(TokenError.NonTransferable);
  const fee = transferFee(ctx, sourceInfo, mintInfo, amount);
  if (expectedFee !== null && expectedFee !== fee) {
    ctx.log(`Calculated fee ${fee}, received ${expectedFee}`);
    throw tokenError(TokenError.FeeMismatch);
  }

  const selfTransfer = sourceInfo.key === destInfo.key;
  const seizer = mintInfo && isExtended(ctx) ? permanentDelegate(mintInfo.account.data) : null;
  if (source.delegate !== null && authority.key === source.delegate) {
    validateOwner(ctx, source.delegate, authority, signers);
    if (source.delegatedAmount < amount) throw tokenError(TokenError.InsufficientFunds);
    if (!selfTransfer) {
      source.delegatedAmount -= amount;
      if (source.delegatedAmount === 0n) source.delegate = null;
    }
  } else if (seizer !== null && authority.key === seizer) {
    validateOwner(ctx, seizer, authority, signers);
  } else {
    validateOwner(ctx, source.owner, authority, signers);
  }

  if (selfTransfer || amount === 0n) {
    checkOwner(ctx, sourceInfo);
    checkOwner(ctx, destInfo);
  }
  // A self-transfer is fully validated above but changes nothing.
  if (selfTransfer) return;

  source.amount -= amount;
  dest.amount = checkedAdd(dest.amount, amount - fee);
  if (fee > 0n) {
    const withheld = findExtension(destInfo.account.data, ExtensionType.TransferFeeAmount);
    if (!withheld) throw new InstructionError("InvalidAccountData");
    withheld.writeBigUInt64LE(checkedAdd(withheld.readBigUInt64LE(0), fee), 0);
  }
  if (source.isNative !== null) {
    sourceInfo.account.lamports = checkedSub(sourceInfo.account.lamports, amount);
    destInfo.account.lamports = checkedAdd(destInfo.account.lamports, amount);
  }
  saveAccount(ctx, sourceInfo, source);
  saveAccount(ctx, destInfo, dest);
}

function approve(ctx: InstructionContext, amount: bigint, decimals: number | null): void {
  let i = 0;
  const sourceInfo = account(ctx, i++);
  const mintInfo = decimals === null ? null : account(ctx, i++);
  const delegate = account(ctx, i++);
  const owner = account(ctx, i++);
  const source = unpackAccount(ctx, sourceInfo);
  if (source.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (mintInfo && decimals !== null) checkExpectedMint(ctx, source, mintInfo, decimals);
  validateOwner(ctx, source.owner, owner, ctx.accounts.slice(i));
  source.delegate = delegate.key;
  source.delegatedAmount = amount;
  saveAccount(ctx, sourceInfo, source);
}

function revoke(ctx: InstructionContext): void {
  const sourceInfo = account(ctx, 0);
  const source = unpackAccount(ctx, sourceInfo);
  const owner = account(ctx, 1);
  if (source.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  validateOwner(ctx, source.owner, owner, ctx.accounts.slice(2));
  source.delegate = null;
  source.delegatedAmount = 0n;
  saveAccount(ctx, sourceInfo, source);
}

/** Whether the account holds a token account or a mint; SPL Token tells them by size, Token-2022 by AccountType. */
function kindOf(ctx: InstructionContext, info: InstructionAccount): BaseKind {
  const size = info.account.data.length;
  if (size === ACCOUNT_SIZE) return "account";
  if (size === MINT_SIZE) return "mint";
  if (isExtended(ctx) && size > ACCOUNT_SIZE && size !== MULTISIG_SIZE) {
    const type = info.account.data.readUInt8(ACCOUNT_SIZE);
    if (type === 1) return "mint";
    if (type === 2) return "account";
  }
  throw new InstructionError("InvalidArgument");
}

function setAuthority(ctx: InstructionContext, authorityType: number, newAuthority: Address | null): void {
  const target = account(ctx, 0);
  const authority = account(ctx, 1);
  const signers = ctx.accounts.slice(2);

  if (kindOf(ctx, target) === "account") {
    const a = unpackAccount(ctx, target);
    if (a.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
    if (authorityType === AuthorityType.AccountOwner) {
      validateOwner(ctx, a.owner, authority, signers);
      if (isExtended(ctx) && findExtension(target.account.data, ExtensionType.ImmutableOwner)) throw tokenError(TokenError.ImmutableOwner);
      if (newAuthority === null) throw tokenError(TokenError.InvalidInstruction);
      a.owner = newAuthority;
      a.delegate = null;
      a.delegatedAmount = 0n;
      // A new owner of wrapped SOL must not find someone else able to close it and take the lamports.
      if (a.isNative !== null) a.closeAuthority = null;
    } else if (authorityType === AuthorityType.CloseAccount) {
      validateOwner(ctx, a.closeAuthority ?? a.owner, authority, signers);
      a.closeAuthority = newAuthority;
    } else {
      throw tokenError(TokenError.AuthorityTypeNotSupported);
    }
    saveAccount(ctx, target, a);
    return;
  }
  const mint = unpackMint(ctx, target);
  if (authorityType === AuthorityType.MintTokens) {
    // A mint whose supply has been fixed can never get a mint authority back.
    if (mint.mintAuthority === null) throw tokenError(TokenError.FixedSupply);
    validateOwner(ctx, mint.mintAuthority, authority, signers);
    mint.mintAuthority = newAuthority;
  } else if (authorityType === AuthorityType.FreezeAccount) {
    if (mint.freezeAuthority === null) throw tokenError(TokenError.MintCannotFreeze);
    validateOwner(ctx, mint.freezeAuthority, authority, signers);
    mint.freezeAuthority = newAuthority;
  } else {
    setExtensionAuthority(ctx, target.account.data, authorityType, newAuthority, (current) =>
      validateOwner(ctx, current, authority, signers),
    );
  }
  saveMint(ctx, target, mint);
}

/** Where each Token-2022 mint authority lives: its extension and the key's offset in it. */
const EXTENSION_AUTHORITIES: Partial<Record<number, { extension: ExtensionType; offset: number }>> = {
  [AuthorityType.TransferFeeConfig]: { extension: ExtensionType.TransferFeeConfig, offset: 0 },
  [AuthorityType.WithheldWithdraw]: { extension: ExtensionType.TransferFeeConfig, offset: 32 },
  [AuthorityType.CloseMint]: { extension: ExtensionType.MintCloseAuthority, offset: 0 },
  [AuthorityType.PermanentDelegate]: { extension: ExtensionType.PermanentDelegate, offset: 0 },
  [AuthorityType.MetadataPointer]: { extension: ExtensionType.MetadataPointer, offset: 0 },
};

/** A Token-2022 mint authority kept in an extension: set by its current holder; none left means NoAuthorityExists. */
function setExtensionAuthority(
  ctx: InstructionContext,
  mintData: Buffer,
  authorityType: number,
  newAuthority: Address | null,
  validate: (current: Address) => void,
): void {
  const place = isExtended(ctx) ? EXTENSION_AUTHORITIES[authorityType] : undefined;
  const extension = place && findExtension(mintData, place.extension);
  if (!place || !extension) throw tokenError(TokenError.AuthorityTypeNotSupported);
  const current = optionalKey(extension, place.offset);
  if (current === null) throw tokenError(TokenError.NoAuthorityExists);
  validate(current);
  address.write(extension, place.offset, newAuthority ?? NO_KEY);
}

function mintTo(ctx: InstructionContext, amount: bigint, decimals: number | null): void {
  const mintInfo = account(ctx, 0);
  const destInfo = account(ctx, 1);
  const authority = account(ctx, 2);
  const dest = unpackAccount(ctx, destInfo);
  if (dest.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (dest.isNative !== null) throw tokenError(TokenError.NativeNotSupported);
  if (mintInfo.key !== dest.mint) throw tokenError(TokenError.MintMismatch);
  const mint = unpackMint(ctx, mintInfo);
  if (decimals !== null && decimals !== mint.decimals) throw tokenError(TokenError.MintDecimalsMismatch);
  if (isExtended(ctx)) {
    const data = destInfo.account.data;
    if (findExtension(data, ExtensionType.NonTransferableAccount) && !findExtension(data, ExtensionType.ImmutableOwner)) {
      throw tokenError(TokenError.NonTransferableNeedsImmutableOwnership);
    }
  }
  if (mint.mintAuthority === null) throw tokenError(TokenError.FixedSupply);
  validateOwner(ctx, mint.mintAuthority, authority, ctx.accounts.slice(3));
  if (amount === 0n) {
    checkOwner(ctx, mintInfo);
    checkOwner(ctx, destInfo);
  }
  dest.amount = checkedAdd(dest.amount, amount);
  mint.supply = checkedAdd(mint.supply, amount);
  saveAccount(ctx, destInfo, dest);
  saveMint(ctx, mintInfo, mint);
}

function burn(ctx: InstructionContext, amount: bigint, decimals: number | null): void {
  const sourceInfo = account(ctx, 0);
  const mintInfo = account(ctx, 1);
  const authority = account(ctx, 2);
  const signers = ctx.accounts.slice(3);
  const source = unpackAccount(ctx, sourceInfo);
  const mint = unpackMint(ctx, mintInfo);
  if (source.state === AccountState.Frozen) throw tokenError(TokenError.AccountFrozen);
  if (source.isNative !== null) throw tokenError(TokenError.NativeNotSupported);
  if (source.amount < amount) throw tokenError(TokenError.InsufficientFunds);
  if (mintInfo.key !== source.mint) throw tokenError(TokenError.MintMismatch);
  if (decimals !== null && decimals !== mint.decimals) throw tokenError(TokenError.MintDecimalsMismatch);

  if (!ownedBySystemOrIncinerator(source)) {
    const seizer = isExtended(ctx) ? permanentDelegate(mintInfo.account.data) : null;
    if (source.delegate !== null && authority.key === source.delegate) {
      validateOwner(ctx, source.delegate, authority, signers);
      if (source.delegatedAmount < amount) throw tokenError(TokenError.InsufficientFunds);
      source.delegatedAmount -= amount;
      if (source.delegatedAmount === 0n) source.delegate = null;
    } else if (seizer !== null && authority.key === seizer) {
      validateOwner(ctx, seizer, authority, signers);
    } else {
      validateOwner(ctx, source.owner, authority, signers);
    }
  }
  if (amount === 0n) {
    checkOwner(ctx, sourceInfo);
    checkOwner(ctx, mintInfo);
  }
  source.amount -= amount;
  mint.supply = checkedSub(mint.supply, amount);
  saveAccount(ctx, sourceInfo, source);
  saveMint(ctx, mintInfo, mint);
}

/** On-chain the program deletes a closed account outright: its lamports to `destInfo`, back to the System program with no data. */
function deleteAccount(sourceInfo: InstructionAccount, destInfo: InstructionAccount): void {
  destInfo.account.lamports = checkedAdd(destInfo.account.lamports, sourceInfo.account.lamports);
  sourceInfo.account.lamports = 0n;
  sourceInfo.account.owner = SYSTEM_PROGRAM_ID;
  sourceInfo.account.data = Buffer.alloc(0);
}

function closeAccount(ctx: InstructionContext): void {
  const sourceInfo = account(ctx, 0);
  const destInfo = account(ctx, 1);
  const authority = account(ctx, 2);
  if (sourceInfo.key === destInfo.key) throw new InstructionError("InvalidAccountData");
  if (isExtended(ctx) && kindOf(ctx, sourceInfo) === "mint") return closeMint(ctx, sourceInfo, destInfo, authority);
  const source = unpackAccount(ctx, sourceInfo);
  if (source.isNative === null && source.amount !== 0n) throw tokenError(TokenError.NonNativeHasBalance);
  if (!ownedBySystemOrIncinerator(source)) {
    validateOwner(ctx, source.closeAuthority ?? source.owner, authority, ctx.accounts.slice(3));
  } else if (destInfo.key !== INCINERATOR_ID) {
    throw new InstructionError("InvalidAccountData");
  }
  const withheld = isExtended(ctx) ? findExtension(sourceInfo.account.data, ExtensionType.TransferFeeAmount) : null;
  if (withheld && withheld.readBigUInt64LE(0) > 0n) throw tokenError(TokenError.AccountHasWithheldTransferFees);
  deleteAccount(sourceInfo, destInfo);
}

/** Token-2022 closes a mint whose MintCloseAuthority signs, once nothing of it is left in circulation. */
function closeMint(
  ctx: InstructionContext,
  mintInfo: InstructionAccount,
  destInfo: InstructionAccount,
  authority: InstructionAccount,
): void {
  const mint = unpackMint(ctx, mintInfo);
  const extension = findExtension(mintInfo.account.data, ExtensionType.MintCloseAuthority);
  if (!extension) throw new InstructionError("InvalidAccountData");
  const closer = optionalKey(extension, 0);
  if (closer === null) throw tokenError(TokenError.AuthorityTypeNotSupported);
  validateOwner(ctx, closer, authority, ctx.accounts.slice(3));
  if (mint.supply !== 0n) throw tokenError(TokenError.MintHasSupply);
  deleteAccount(mintInfo, destInfo);
}

function toggleFreeze(ctx: InstructionContext, freeze: boolean): void {
  const sourceInfo = account(ctx, 0);
  const mintInfo = account(ctx, 1);
  const authority = account(ctx, 2);
  const source = unpackAccount(ctx, sourceInfo);
  if ((source.state === AccountState.Frozen) === freeze) throw tokenError(TokenError.InvalidState);
  if (source.isNative !== null) throw tokenError(TokenError.NativeNotSupported);
  if (mintInfo.key !== source.mint) throw tokenError(TokenError.MintMismatch);
  const mint = unpackMint(ctx, mintInfo);
  if (mint.freezeAuthority === null) throw tokenError(TokenError.MintCannotFreeze);
  validateOwner(ctx, mint.freezeAuthority, authority, ctx.accounts.slice(3));
  source.state = freeze ? AccountState.Frozen : AccountState.Initialized;
  saveAccount(ctx, sourceInfo, source);
}

function syncNative(ctx: InstructionContext): void {
  const info = account(ctx, 0);
  checkOwner(ctx, info);
  const a = unpackAccount(ctx, info);
  if (a.isNative === null) throw tokenError(TokenError.NonNativeNotSupported);
  const amount = checkedSub(info.account.lamports, a.isNative);
  // Lamports can only arrive from outside; a shrinking balance means the account was tampered with.
  if (amount < a.amount) throw tokenError(TokenError.InvalidState);
  a.amount = amount;
  saveAccount(ctx, info, a);
}

function initializeImmutableOwner(ctx: InstructionContext): void {
  const target = account(ctx, 0);
  const a = decodeTokenAccount(baseOf(ctx, target, "account", true));
  if (a.state !== AccountState.Uninitialized) throw tokenError(TokenError.AlreadyInUse);
  if (!isExtended(ctx)) {
    ctx.log("Please upgrade to SPL Token 2022 for immutable owner support");
    return;
  }
  allocateExtension(target.account.data, ExtensionType.ImmutableOwner, "account");
}

/** GetAccountDataSize: SPL Token's accounts are all 165 bytes; Token-2022 sizes for the mint's and the asked-for extensions. */
function accountDataSize(ctx: InstructionContext, requested: readonly number[]): bigint {
  const mintInfo = account(ctx, 0);
  validMint(ctx, mintInfo);
  if (!isExtended(ctx)) return BigInt(ACCOUNT_SIZE);
  if (requested.some((type) => !isAccountExtension(type))) throw tokenError(TokenError.ExtensionTypeMismatch);
  const types = [...requiredAccountExtensions(extensionTypes(mintInfo.account.data)), ...(requested as ExtensionType[])];
  return BigInt(extendedLength("account", types));
}

/** A Token-2022 mint extension is written before InitializeMint, into a mint still uninitialised. */
function uninitializedMintExtension(ctx: InstructionContext, type: ExtensionType): Buffer {
  const mintInfo = account(ctx, 0);
  const mint = decodeMint(baseOf(ctx, mintInfo, "mint", true));
  if (mint.isInitialized) throw tokenError(TokenError.AlreadyInUse);
  return allocateExtension(mintInfo.account.data, type, "mint");
}

function initializeTransferFeeConfig(ctx: InstructionContext, ix: Extract<Instruction, { type: "InitializeTransferFeeConfig" }>): void {
  const extension = uninitializedMintExtension(ctx, ExtensionType.TransferFeeConfig);
  if (ix.basisPoints > MAX_FEE_BASIS_POINTS) throw tokenError(TokenError.TransferFeeExceedsMaximum);
  const fee = { epoch: ctx.clock.epoch, maximumFee: ix.maximumFee, basisPoints: ix.basisPoints };
  TransferFeeConfigLayout.write(extension, 0, {
    transferFeeConfigAuthority: ix.transferFeeConfigAuthority ?? NO_KEY,
    withdrawWithheldAuthority: ix.withdrawWithheldAuthority ?? NO_KEY,
    withheldAmount: 0n,
    olderTransferFee: fee,
    newerTransferFee: fee,
  });
}

function initializeDefaultAccountState(ctx: InstructionContext, state: number): void {
  if (state !== AccountState.Initialized && state !== AccountState.Frozen) throw tokenError(TokenError.InvalidState);
  uninitializedMintExtension(ctx, ExtensionType.DefaultAccountState).writeUInt8(state, 0);
}

function initializeMetadataPointer(ctx: InstructionContext, authority: Address, metadataAddress: Address): void {
  if (authority === NO_KEY && metadataAddress === NO_KEY) {
    ctx.log("The metadata pointer extension requires at least an authority or an address for initialization, neither was provided");
    throw new InstructionError("InvalidInstructionData");
  }
  const extension = uninitializedMintExtension(ctx, ExtensionType.MetadataPointer);
  address.write(extension, 0, authority);
  address.write(extension, 32, metadataAddress);
}

function u64Bytes(value: bigint): Buffer {
  return new ArgsWriter().u64(value).toBuffer();
}

/** try_ui_amount_into_amount: a decimal string with at most `decimals` significant fraction digits. */
function uiAmountToAmount(text: string, decimals: number): bigint {
  const parts = text.split(".");
  const whole = parts[0];
  const fraction = (parts[1] ?? "").replace(/0+$/, "");
  if ((whole === "" && fraction === "") || parts.length > 2 || fraction.length > decimals) throw new InstructionError("InvalidArgument");
  const digits = whole + fraction + "0".repeat(decimals - fraction.length);
  // Rust's u64 parser: an optional '+', then at least one ASCII digit.
  if (!/^\+?[0-9]+$/.test(digits)) throw new InstructionError("InvalidArgument");
  const value = BigInt(digits.replace(/^\+/, ""));
  if (value > U64_MAX) throw new InstructionError("InvalidArgument");
  return value;
}

function run(ctx: InstructionContext, ix: Instruction): void {
  switch (ix.type) {
    case "InitializeMint":
    case "InitializeMint2":
      return initializeMint(ctx, ix, ix.type === "InitializeMint");
    case "InitializeAccount":
      return initializeAccount(ctx, null, true);
    case "InitializeAccount2":
    case "InitializeAccount3":
      return initializeAccount(ctx, ix.owner, ix.type === "InitializeAccount2");
    case "InitializeMultisig":
    case "InitializeMultisig2":
      return initializeMultisig(ctx, ix.m, ix.type === "InitializeMultisig");
    case "Transfer":
      return transfer(ctx, ix.amount, null);
    case "TransferChecked":
      return transfer(ctx, ix.amount, ix.decimals);
    case "TransferCheckedWithFee":
      return transfer(ctx, ix.amount, ix.decimals, ix.fee);
    case "Approve":
      return approve(ctx, ix.amount, null);
    case "ApproveChecked":
      return approve(ctx, ix.amount, ix.decimals);
    case "Revoke":
      return revoke(ctx);
    case "SetAuthority":
      return setAuthority(ctx, ix.authorityType, ix.newAuthority);
    case "MintTo":
      return mintTo(ctx, ix.amount, null);
    case "MintToChecked":
      return mintTo(ctx, ix.amount, ix.decimals);
    case "Burn":
      return burn(ctx, ix.amount, null);
    case "BurnChecked":
      return burn(ctx, ix.amount, ix.decimals);
    case "CloseAccount":
      return closeAccount(ctx);
    case "FreezeAccount":
      return toggleFreeze(ctx, true);
    case "ThawAccount":
      return toggleFreeze(ctx, false);
    case "SyncNative":
      return syncNative(ctx);
    case "GetAccountDataSize":
      return ctx.setReturnData(u64Bytes(accountDataSize(ctx, ix.extensions)));
    case "InitializeImmutableOwner":
      return initializeImmutableOwner(ctx);
    case "AmountToUiAmount": {
      const mint = validMint(ctx, account(ctx, 0));
      return ctx.setReturnData(Buffer.from(uiAmountString(ix.amount, mint.decimals), "utf8"));
    }
    case "UiAmountToAmount": {
      const mint = validMint(ctx, account(ctx, 0));
      return ctx.setReturnData(u64Bytes(uiAmountToAmount(ix.uiAmount, mint.decimals)));
    }
    case "InitializeMintCloseAuthority":
      return void address.write(uninitializedMintExtension(ctx, ExtensionType.MintCloseAuthority), 0, ix.closeAuthority ?? NO_KEY);
    case "InitializeTransferFeeConfig":
      return initializeTransferFeeConfig(ctx, ix);
    case "InitializeDefaultAccountState":
      return initializeDefaultAccountState(ctx, ix.state);
    case "InitializePermanentDelegate":
      return void address.write(uninitializedMintExtension(ctx, ExtensionType.PermanentDelegate), 0, ix.delegate);
    case "InitializeMetadataPointer":
      return initializeMetadataPointer(ctx, ix.authority, ix.metadataAddress);
    case "InitializeNonTransferableMint":
      return void uninitializedMintExtension(ctx, ExtensionType.NonTransferable);
  }
}

/** What Token-2022's extension processors log for their instructions, where it is not "Instruction: <name>". */
const EXTENSION_LOG: Partial<Record<Instruction["type"], string>> = {
  InitializeTransferFeeConfig: "TransferFeeInstruction: InitializeTransferFeeConfig",
  TransferCheckedWithFee: "TransferFeeInstruction: TransferCheckedWithFee",
  InitializeDefaultAccountState: "DefaultAccountStateInstruction::Initialize",
  InitializeMetadataPointer: "MetadataPointerInstruction::Initialize",
};

/** The entrypoint's error.print::<TokenError>(): one line naming the error before it is returned. */
function printError(ctx: InstructionContext, e: unknown): void {
  if (!(e instanceof InstructionError)) return;
  const v = e.value;
  // Running out of compute aborts the program; it never gets to print.
  if (v === "ComputationalBudgetExceeded") return;
  if (typeof v === "string") ctx.log(`Error: ${v}`);
  else if ("Custom" in v) ctx.log(TOKEN_ERROR_LOG[v.Custom] ?? "Error: Unknown");
  else ctx.log("Error: BorshIoError");
}

/**
 * One implementation of the token instruction set for both programs: SPL Token at its id, and Token-2022 at its own,
 * which reads the same base layouts and adds the extension area and the extension instructions.
 */
function tokenProgram(id: Address): Program {
  return {
    id,
    builtin: false,
    execute(ctx) {
      try {
        ctx.consume(DECODE_UNITS);
        const ix = decode(ctx.data, isExtended(ctx));
        ctx.consume(UNITS[ix.type] - DECODE_UNITS);
        ctx.log(EXTENSION_LOG[ix.type] ?? `Instruction: ${ix.type}`);
        run(ctx, ix);
      } catch (e) {
        printError(ctx, e);
        throw e;
      }
    },
  };
}

export const splTokenProgram: Program = tokenProgram(TOKEN_PROGRAM_ID);
export const token2022Program: Program = tokenProgram(TOKEN_2022_PROGRAM_ID);
