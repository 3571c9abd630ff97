import type { Address } from "../../account.js";
import { InstructionError } from "../../errors.js";
import { keyToBase58, writeBase58Key } from "../../tx/base58.js";

/**
 * SPL Token's packed account layouts (the program's `Pack` impls), byte for byte: fixed offsets, little-endian
 * integers, `COption` as a u32 tag followed by the value.
 */

export const TOKEN_PROGRAM_ID: Address = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const NATIVE_MINT: Address = "So11111111111111111111111111111111111111112";
export const NATIVE_MINT_DECIMALS = 9;

export const MINT_SIZE = 82;
export const ACCOUNT_SIZE = 165;
export const MULTISIG_SIZE = 355;
export const MAX_SIGNERS = 11;

export interface Mint {
  mintAuthority: Address | null;
  supply: bigint;
  decimals: number;
  isInitialized: boolean;
  freezeAuthority: Address | null;
}

export const AccountState = { Uninitialized: 0, Initialized: 1, Frozen: 2 } as const;
export type AccountState = (typeof AccountState)[keyof typeof AccountState];

export interface TokenAccount {
  mint: Address;
  owner: Address;
  amount: bigint;
  delegate: Address | null;
  state: AccountState;
  /** For wrapped SOL: the rent-exempt reserve, the lamports that are not tokens. */
  isNative: bigint | null;
  delegatedAmount: bigint;
  closeAuthority: Address | null;
}

export interface Multisig {
  m: number;
  n: number;
  isInitialized: boolean;
  /** All eleven slots; only the first `n` are meaningful. */
  signers: Address[];
}

const invalid = (): InstructionError => new InstructionError("InvalidAccountData");

function checkLength(data: Buffer, size: number): void {
  if (data.length !== size) throw invalid();
}

function readKey(data: Buffer, offset: number): Address {
  return keyToBase58(data.subarray(offset, offset + 32));
}

function writeKey(data: Buffer, offset: number, key: Address): void {
  if (writeBase58Key(key, data, offset) !== 32) throw new InstructionError("InvalidArgument");
}

function readTag(data: Buffer, offset: number): boolean {
  const tag = data.readUInt32LE(offset);
  if (tag > 1) throw invalid();
  return tag === 1;
}

function readBool(data: Buffer, offset: number): boolean {
  const b = data[offset];
  if (b > 1) throw invalid();
  return b === 1;
}

function readOptionKey(data: Buffer, offset: number): Address | null {
  return readTag(data, offset) ? readKey(data, offset + 4) : null;
}

/** Like the program's pack, a None only clears the tag: the stale value bytes stay as they were. */
function writeOptionKey(data: Buffer, offset: number, key: Address | null): void {
  data.writeUInt32LE(key === null ? 0 : 1, offset);
  if (key !== null) writeKey(data, offset + 4, key);
}

/** Decodes a mint of exactly 82 bytes, initialised or not; malformed bytes are InvalidAccountData. */
export function decodeMint(data: Buffer): Mint {
  checkLength(data, MINT_SIZE);
  return {
    mintAuthority: readOptionKey(data, 0),
    supply: data.readBigUInt64LE(36),
    decimals: data[44],
    isInitialized: readBool(data, 45),
    freezeAuthority: readOptionKey(data, 46),
  };
}

/** Writes `mint` into `out` (exactly 82 bytes, a fresh zeroed buffer by default) and returns it. */
export function encodeMint(mint: Mint, out: Buffer = Buffer.alloc(MINT_SIZE)): Buffer {
  checkLength(out, MINT_SIZE);
  writeOptionKey(out, 0, mint.mintAuthority);
  out.writeBigUInt64LE(mint.supply, 36);
  out[44] = mint.decimals;
  out[45] = mint.isInitialized ? 1 : 0;
  writeOptionKey(out, 46, mint.freezeAuthority);
  return out;
}

/** Decodes a token account of exactly 165 bytes, initialised or not; malformed bytes are InvalidAccountData. */
export function decodeTokenAccount(data: Buffer): TokenAccount {
  checkLength(data, ACCOUNT_SIZE);
  const state = data[108];
  if (state > AccountState.Frozen) throw invalid();
  return {
    mint: readKey(data, 0),
    owner: readKey(data, 32),
    amount: data.readBigUInt64LE(64),
    delegate: readOptionKey(data, 72),
    state: state as AccountState,
    isNative: readTag(data, 109) ? data.readBigUInt64LE(113) : null,
    delegatedAmount: data.readBigUInt64LE(121),
    closeAuthority: readOptionKey(data, 129),
  };
}

/** Writes `account` into `out` (exactly 165 bytes, a fresh zeroed buffer by default) and returns it. */
export function encodeTokenAccount(account: TokenAccount, out: Buffer = Buffer.alloc(ACCOUNT_SIZE)): Buffer {
  checkLength(out, ACCOUNT_SIZE);
  writeKey(out, 0, account.mint);
  writeKey(out, 32, account.owner);
  out.writeBigUInt64LE(account.amount, 64);
  writeOptionKey(out, 72, account.delegate);
  out[108] = account.state;
  out.writeUInt32LE(account.isNative === null ? 0 : 1, 109);
  if (account.isNative !== null) out.writeBigUInt64LE(account.isNative, 113);
  out.writeBigUInt64LE(account.delegatedAmount, 121);
  writeOptionKey(out, 129, account.closeAuthority);
  return out;
}

/** Decodes a multisig of exactly 355 bytes, initialised or not; malformed bytes are InvalidAccountData. */
export function decodeMultisig(data: Buffer): Multisig {
  checkLength(data, MULTISIG_SIZE);
  const signers: Address[] = [];
  for (let i = 0; i < MAX_SIGNERS; i++) signers.push(readKey(data, 3 + 32 * i));
  return { m: data[0], n: data[1], isInitialized: readBool(data, 2), signers };
}

/** Writes `multisig` into `out` (exactly 355 bytes, a fresh zeroed buffer by default) and returns it. */
export function encodeMultisig(multisig: Multisig, out: Buffer = Buffer.alloc(MULTISIG_SIZE)): Buffer {
  checkLength(out, MULTISIG_SIZE);
  out[0] = multisig.m;
  out[1] = multisig.n;
  out[2] = multisig.isInitialized ? 1 : 0;
  multisig.signers.forEach((key, i) => writeKey(out, 3 + 32 * i, key));
  return out;
}

/** The native mint as it exists on every cluster: no authorities, no supply, 9 decimals. */
export function nativeMintData(): Buffer {
  return encodeMint({ mintAuthority: null, supply: 0n, decimals: NATIVE_MINT_DECIMALS, isInitialized: true, freezeAuthority: null });
}
