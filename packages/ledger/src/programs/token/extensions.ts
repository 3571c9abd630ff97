import { struct, structAccessors, u16, u64, type StructValue } from "@ballast/codec";
import type { Address } from "../../account.js";
import { InstructionError } from "../../errors.js";
import { address } from "../../layout-codecs.js";
import { ACCOUNT_SIZE, MINT_SIZE, MULTISIG_SIZE, TOKEN_PROGRAM_ID } from "./layout.js";

/**
 * Token-2022's extension area, as spl-token-2022 lays it out: a mint or an account keeps its base state at the
 * front (a mint padded with zeros to 165 bytes), then one AccountType byte at 165, then TLV entries (u16 type,
 * u16 length, value) until the data ends or an entry of type 0 starts the unused tail.
 */

export const TOKEN_2022_PROGRAM_ID: Address = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";
/** Token-2022's wrapped SOL mint (not created at genesis: CreateNativeMint makes it on a real cluster). */
export const NATIVE_MINT_2022: Address = "9pan9bMn5HatX4EJdBwg9VgCa7Uz5HL8N1m5D3NdXejP";

/** spl-token-2022's ExtensionType, by its u16 tag. */
export const ExtensionType = {
  Uninitialized: 0,
  TransferFeeConfig: 1,
  TransferFeeAmount: 2,
  MintCloseAuthority: 3,
  ConfidentialTransferMint: 4,
  ConfidentialTransferAccount: 5,
  DefaultAccountState: 6,
  ImmutableOwner: 7,
  MemoTransfer: 8,
  NonTransferable: 9,
  InterestBearingConfig: 10,
  CpiGuard: 11,
  PermanentDelegate: 12,
  NonTransferableAccount: 13,
  TransferHook: 14,
  TransferHookAccount: 15,
  ConfidentialTransferFeeConfig: 16,
  ConfidentialTransferFeeAmount: 17,
  MetadataPointer: 18,
  TokenMetadata: 19,
  GroupPointer: 20,
  TokenGroup: 21,
  GroupMemberPointer: 22,
  TokenGroupMember: 23,
  ConfidentialMintBurn: 24,
  ScaledUiAmount: 25,
  Pausable: 26,
  PausableAccount: 27,
} as const;
export type ExtensionType = (typeof ExtensionType)[keyof typeof ExtensionType];

/** The AccountType byte at offset 165. */
export const AccountType = { Uninitialized: 0, Mint: 1, Account: 2 } as const;
export type BaseKind = "mint" | "account";

export const ACCOUNT_TYPE_OFFSET = ACCOUNT_SIZE;
const TLV_START = ACCOUNT_SIZE + 1;
const TLV_HEADER = 4;

/** Value sizes of the fixed-size extensions this ledger creates or sizes accounts for. */
const EXTENSION_SIZE: Partial<Record<ExtensionType, number>> = {
  [ExtensionType.TransferFeeConfig]: 108,
  [ExtensionType.TransferFeeAmount]: 8,
  [ExtensionType.MintCloseAuthority]: 32,
  [ExtensionType.DefaultAccountState]: 1,
  [ExtensionType.ImmutableOwner]: 0,
  [ExtensionType.MemoTransfer]: 1,
  [ExtensionType.NonTransferable]: 0,
  [ExtensionType.CpiGuard]: 1,
  [ExtensionType.PermanentDelegate]: 32,
  [ExtensionType.NonTransferableAccount]: 0,
  [ExtensionType.TransferHookAccount]: 1,
  [ExtensionType.MetadataPointer]: 64,
  [ExtensionType.PausableAccount]: 0,
};

/** The extensions an account may carry (the rest belong to mints). */
const ACCOUNT_EXTENSIONS: ReadonlySet<number> = new Set([
  ExtensionType.TransferFeeAmount,
  ExtensionType.ConfidentialTransferAccount,
  ExtensionType.ImmutableOwner,
  ExtensionType.MemoTransfer,
  ExtensionType.CpiGuard,
  ExtensionType.NonTransferableAccount,
  ExtensionType.TransferHookAccount,
  ExtensionType.ConfidentialTransferFeeAmount,
  ExtensionType.PausableAccount,
]);

export function isAccountExtension(type: number): boolean {
  return ACCOUNT_EXTENSIONS.has(type);
}

const invalid = (): InstructionError => new InstructionError("InvalidAccountData");

export function extensionSize(type: ExtensionType): number {
  const size = EXTENSION_SIZE[type];
  if (size === undefined) throw invalid();
  return size;
}

/** ExtensionType::try_calculate_account_len: the base alone without extensions, else base, type byte and entries. */
export function extendedLength(kind: BaseKind, types: readonly ExtensionType[]): number {
  const unique = [...new Set(types)];
  if (unique.length === 0) return kind === "mint" ? MINT_SIZE : ACCOUNT_SIZE;
  const length = unique.reduce((sum, type) => sum + TLV_HEADER + extensionSize(type), TLV_START);
  // A length equal to a multisig's would make the account ambiguous; the program pads it by one type's width.
  return length === MULTISIG_SIZE ? length + 2 : length;
}

/** The account extensions a mint's extensions oblige each of its token accounts to carry. */
export function requiredAccountExtensions(mintTypes: readonly number[]): ExtensionType[] {
  const required: ExtensionType[] = [];
  for (const type of mintTypes) {
    if (type === ExtensionType.TransferFeeConfig) required.push(ExtensionType.TransferFeeAmount);
    if (type === ExtensionType.NonTransferable) required.push(ExtensionType.NonTransferableAccount, ExtensionType.ImmutableOwner);
    if (type === ExtensionType.TransferHook) required.push(ExtensionType.TransferHookAccount);
    if (type === ExtensionType.Pausable) required.push(ExtensionType.PausableAccount);
  }
  return required;
}

export interface TlvEntry {
  type: number;
  /** Where the value starts in the account data. */
  offset: number;
  length: number;
}

/**
 * The TLV entries after the AccountType byte, checked like the program's tlv walk: an entry running past the data
 * is InvalidAccountData; a type 0 entry (or fewer than four bytes left) ends the list.
 */
export function tlvEntries(data: Buffer): TlvEntry[] {
  const entries: TlvEntry[] = [];
  let at = TLV_START;
  while (at + TLV_HEADER <= data.length) {
    const type = data.readUInt16LE(at);
    if (type === ExtensionType.Uninitialized) break;
    const length = data.readUInt16LE(at + 2);
    const offset = at + TLV_HEADER;
    if (offset + length > data.length) throw invalid();
    entries.push({ type, offset, length });
    at = offset + length;
  }
  return entries;
}

export function extensionTypes(data: Buffer): number[] {
  return data.length > ACCOUNT_SIZE ? tlvEntries(data).map((e) => e.type) : [];
}

/** The value of one extension, in place, or null when the data has none. */
export function findExtension(data: Buffer, type: ExtensionType): Buffer | null {
  if (data.length <= ACCOUNT_SIZE) return null;
  const entry = tlvEntries(data).find((e) => e.type === type);
  return entry ? data.subarray(entry.offset, entry.offset + entry.length) : null;
}

/**
 * Writes a new extension entry (zeroed) into the unused tail and returns its value, in place; an entry already there
 * of the same length is reused, as the program's init with overwrite does. No room is InvalidAccountData.
 */
export function allocateExtension(data: Buffer, type: ExtensionType, kind: BaseKind): Buffer {
  if (data.length <= ACCOUNT_SIZE) throw invalid();
  const length = extensionSize(type);
  const entries = tlvEntries(data);
  const existing = entries.find((e) => e.type === type);
  if (existing) {
    if (existing.length !== length) throw invalid();
    return data.subarray(existing.offset, existing.offset + length).fill(0);
  }
  const last = entries.at(-1);
  const at = last ? last.offset + last.length : TLV_START;
  if (at + TLV_HEADER + length > data.length) throw invalid();
  data.writeUInt16LE(type, at);
  data.writeUInt16LE(length, at + 2);
  data.writeUInt8(kind === "mint" ? AccountType.Mint : AccountType.Account, ACCOUNT_TYPE_OFFSET);
  return data.subarray(at + TLV_HEADER, at + TLV_HEADER + length).fill(0);
}

/**
 * The base state of a Token-2022 mint or account (`StateWithExtensions::unpack`): the base length exactly, or past
 * 165 bytes (never a multisig's length) with a matching AccountType byte (0 allowed while the base is still
 * uninitialised), zero padding between a mint's base and 165, and a well-formed TLV area. Returns the base bytes,
 * which share memory with `data`.
 */
export function baseState(data: Buffer, kind: BaseKind, uninitialized: boolean): Buffer {
  const base = kind === "mint" ? MINT_SIZE : ACCOUNT_SIZE;
  if (data.length === base) return data;
  if (data.length <= ACCOUNT_SIZE || data.length === MULTISIG_SIZE) throw invalid();
  const type = data.readUInt8(ACCOUNT_TYPE_OFFSET);
  const expected = kind === "mint" ? AccountType.Mint : AccountType.Account;
  if (type !== expected && !(uninitialized && type === AccountType.Uninitialized)) throw invalid();
  if (kind === "mint" && data.subarray(MINT_SIZE, ACCOUNT_SIZE).some((b) => b !== 0)) throw invalid();
  tlvEntries(data);
  return data.subarray(0, base);
}

/**
 * The base state of an initialised-layout mint or token account owned by either token program: SPL Token's exact
 * size, Token-2022's extended layout too. Any other owner, or a malformed layout, is InvalidAccountData.
 */
export function tokenBaseState(owner: Address, data: Buffer, kind: BaseKind): Buffer {
  if (owner === TOKEN_2022_PROGRAM_ID) return baseState(data, kind, false);
  if (owner !== TOKEN_PROGRAM_ID) throw invalid();
  return data;
}

/** The size of a new token account of this mint: room for the account extensions the mint requires. */
export function tokenAccountSizeFor(mintData: Buffer): number {
  return extendedLength("account", requiredAccountExtensions(extensionTypes(mintData)));
}

/** Marks the data's AccountType once the base is initialised (extended data only). */
export function setAccountType(data: Buffer, kind: BaseKind): void {
  if (data.length > ACCOUNT_SIZE) data.writeUInt8(kind === "mint" ? AccountType.Mint : AccountType.Account, ACCOUNT_TYPE_OFFSET);
}

/** One epoch's TransferFee: from `epoch` on, `basisPoints` of each transfer, at most `maximumFee`. */
const TransferFeeLayout = struct(18, { epoch: [0, u64], maximumFee: [8, u64], basisPoints: [16, u16] });
export type TransferFee = StructValue<typeof TransferFeeLayout.fields>;

/** OptionalNonZeroPubkey: all zeros (the System program's key in base58) means none. */
export const NO_KEY: Address = "11111111111111111111111111111111";

export const TransferFeeConfigLayout = struct(108, {
  transferFeeConfigAuthority: [0, address],
  withdrawWithheldAuthority: [32, address],
  withheldAmount: [64, u64],
  olderTransferFee: [72, TransferFeeLayout],
  newerTransferFee: [90, TransferFeeLayout],
});
export type TransferFeeConfig = StructValue<typeof TransferFeeConfigLayout.fields>;
export const transferFeeConfigFields = structAccessors(TransferFeeConfigLayout, 0);

export const MAX_FEE_BASIS_POINTS = 10_000;

/** The fee in force at `epoch`: the newer one once its epoch has come. */
export function epochFee(config: TransferFeeConfig, epoch: bigint): TransferFee {
  return epoch >= config.newerTransferFee.epoch ? config.newerTransferFee : config.olderTransferFee;
}

/** TransferFee::calculate_fee: basis points of the amount rounded up, capped at the maximum; none on zero. */
export function transferFeeOf(fee: TransferFee, amount: bigint): bigint {
  if (fee.basisPoints === 0 || amount === 0n) return 0n;
  const raw = (amount * BigInt(fee.basisPoints) + BigInt(MAX_FEE_BASIS_POINTS) - 1n) / BigInt(MAX_FEE_BASIS_POINTS);
  return raw < fee.maximumFee ? raw : fee.maximumFee;
}
