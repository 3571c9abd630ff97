import { array, skip, struct, structAccessors, u64, u8, type Codec, type StructValue } from "@ballast/codec";
import type { Address } from "../../account.js";
import { InstructionError } from "../../errors.js";
import { address, flag } from "../../layout-codecs.js";

/**
 * SPL Token's packed account layouts (the program's `Pack` impls), byte for byte, declared once on the codec layout
 * engine: fixed offsets, little-endian integers, `COption` as a u32 tag followed by the value.
 */

export const TOKEN_PROGRAM_ID: Address = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const NATIVE_MINT: Address = "So11111111111111111111111111111111111111112";
export const NATIVE_MINT_DECIMALS = 9;

export const MINT_SIZE = 82;
export const ACCOUNT_SIZE = 165;
export const MULTISIG_SIZE = 355;
export const MAX_SIGNERS = 11;

export const AccountState = { Uninitialized: 0, Initialized: 1, Frozen: 2 } as const;
export type AccountState = (typeof AccountState)[keyof typeof AccountState];

const invalid = (): InstructionError => new InstructionError("InvalidAccountData");

const accountState: Codec<AccountState> = {
  size: 1,
  read: (buf, offset) => {
    const state = buf.readUInt8(offset);
    if (state > AccountState.Frozen) throw invalid();
    return state as AccountState;
  },
  write: (buf, offset, state) => void buf.writeUInt8(state, offset),
};

/* @__NO_SIDE_EFFECTS__ */
/** COption<T>: a u32 tag, then the value. Like the program's pack, a None only clears the tag: the stale value stays. */
function cOption<T>(inner: Codec<T>): Codec<T | null> {
  return {
    size: 4 + inner.size,
    read: (buf, offset) => {
      const tag = buf.readUInt32LE(offset);
      if (tag > 1) throw invalid();
      return tag === 1 ? inner.read(buf, offset + 4) : null;
    },
    write: (buf, offset, value) => {
      buf.writeUInt32LE(value === null ? 0 : 1, offset);
      if (value !== null) inner.write(buf, offset + 4, value);
    },
  };
}

export const MintLayout = struct(MINT_SIZE, {
  mintAuthority: [0, cOption(address)],
  supply: [36, u64],
  decimals: [44, u8],
  isInitialized: [45, flag],
  freezeAuthority: [46, cOption(address)],
});
export type Mint = StructValue<typeof MintLayout.fields>;

export const TokenAccountLayout = struct(ACCOUNT_SIZE, {
  mint: [0, address],
  owner: [32, address],
  amount: [64, u64],
  delegate: [72, cOption(address)],
  state: [108, accountState],
  /** For wrapped SOL: the rent-exempt reserve, the lamports that are not tokens. */
  isNative: [109, cOption(u64)],
  delegatedAmount: [121, u64],
  closeAuthority: [129, cOption(address)],
});
export type TokenAccount = StructValue<typeof TokenAccountLayout.fields>;

export const MultisigLayout = struct(MULTISIG_SIZE, {
  m: [0, u8],
  n: [1, u8],
  isInitialized: [2, flag],
  /** All eleven slots; only the first `n` are meaningful. */
  signers: [3, array(address, MAX_SIGNERS)],
});
export type Multisig = StructValue<typeof MultisigLayout.fields>;

/** Single fields read and written in place, for callers that need one field of an account or a mint. */
export const mintFields = structAccessors(MintLayout, 0);
export const tokenAccountFields = structAccessors(TokenAccountLayout, 0);

/**
 * Token-2022 extends a mint or an account past 165 bytes (a mint padded to 165): one AccountType byte, then the
 * extensions as TLV entries.
 */
export const ExtendedAccountType = { Uninitialized: 0, Mint: 1, Account: 2 } as const;
const ExtendedHeaderLayout = struct(ACCOUNT_SIZE + 1, { base: [0, skip(ACCOUNT_SIZE)], accountType: [ACCOUNT_SIZE, u8] });
const extendedHeaderFields = structAccessors(ExtendedHeaderLayout, 0);

/** The AccountType byte of a Token-2022 account with extensions; null for an account of base size or shorter. */
export function extendedAccountType(data: Buffer): number | null {
  return data.length > ACCOUNT_SIZE ? extendedHeaderFields.accountType.get(data) : null;
}

function checkLength(data: Buffer, size: number): void {
  if (data.length !== size) throw invalid();
}

/** Decodes a mint of exactly 82 bytes, initialised or not; malformed bytes are InvalidAccountData. */
export function decodeMint(data: Buffer): Mint {
  checkLength(data, MINT_SIZE);
  return MintLayout.read(data, 0);
}

/** Writes `mint` into `out` (exactly 82 bytes, a fresh zeroed buffer by default) and returns it. */
export function encodeMint(mint: Mint, out: Buffer = Buffer.alloc(MINT_SIZE)): Buffer {
  checkLength(out, MINT_SIZE);
  MintLayout.write(out, 0, mint);
  return out;
}

/** Decodes a token account of exactly 165 bytes, initialised or not; malformed bytes are InvalidAccountData. */
export function decodeTokenAccount(data: Buffer): TokenAccount {
  checkLength(data, ACCOUNT_SIZE);
  return TokenAccountLayout.read(data, 0);
}

/** Writes `account` into `out` (exactly 165 bytes, a fresh zeroed buffer by default) and returns it. */
export function encodeTokenAccount(account: TokenAccount, out: Buffer = Buffer.alloc(ACCOUNT_SIZE)): Buffer {
  checkLength(out, ACCOUNT_SIZE);
  TokenAccountLayout.write(out, 0, account);
  return out;
}

/** Decodes a multisig of exactly 355 bytes, initialised or not; malformed bytes are InvalidAccountData. */
export function decodeMultisig(data: Buffer): Multisig {
  checkLength(data, MULTISIG_SIZE);
  return MultisigLayout.read(data, 0);
}

/** Writes `multisig` into `out` (exactly 355 bytes, a fresh zeroed buffer by default) and returns it. */
export function encodeMultisig(multisig: Multisig, out: Buffer = Buffer.alloc(MULTISIG_SIZE)): Buffer {
  checkLength(out, MULTISIG_SIZE);
  MultisigLayout.write(out, 0, multisig);
  return out;
}

/** The native mint as it exists on every cluster: no authorities, no supply, 9 decimals. */
export function nativeMintData(): Buffer {
  return encodeMint({ mintAuthority: null, supply: 0n, decimals: NATIVE_MINT_DECIMALS, isInitialized: true, freezeAuthority: null });
}
