import type { Account, Address } from "../../account.js";
import type { UiTokenAmount } from "../../service.js";
import {
  ACCOUNT_SIZE,
  AccountState,
  MINT_SIZE,
  MULTISIG_SIZE,
  NATIVE_MINT,
  NATIVE_MINT_DECIMALS,
  TOKEN_PROGRAM_ID,
  decodeMint,
  decodeMultisig,
  decodeTokenAccount,
  type TokenAccount,
} from "./layout.js";
import { AccountType, TOKEN_2022_PROGRAM_ID, tokenBaseState } from "./extensions.js";
import { uiExtensions, type UiExtension } from "./parse-extensions.js";

/**
 * Token accounts as Solana's RPC presents them (`jsonParsed`, pre/postTokenBalances). Object keys are written in
 * the order the RPC emits them, which is alphabetical: its JSON goes through a sorted map.
 */

export interface ParsedTokenAccountInfo {
  closeAuthority?: Address;
  delegate?: Address;
  delegatedAmount?: UiTokenAmount;
  extensions?: UiExtension[];
  isNative: boolean;
  mint: Address;
  owner: Address;
  rentExemptReserve?: UiTokenAmount;
  state: "initialized" | "frozen";
  tokenAmount: UiTokenAmount;
}

export interface ParsedMintInfo {
  decimals: number;
  extensions?: UiExtension[];
  freezeAuthority: Address | null;
  isInitialized: boolean;
  mintAuthority: Address | null;
  supply: string;
}

export interface ParsedMultisigInfo {
  isInitialized: boolean;
  numRequiredSigners: number;
  numValidSigners: number;
  signers: Address[];
}

export type ParsedTokenData =
  | { info: ParsedTokenAccountInfo; type: "account" }
  | { info: ParsedMintInfo; type: "mint" }
  | { info: ParsedMultisigInfo; type: "multisig" };

export interface ParsedTokenProgramAccount {
  parsed: ParsedTokenData;
  program: "spl-token" | "spl-token-2022";
  space: number;
}

export interface TokenBalance {
  mint: Address;
  owner: Address;
  amount: bigint;
  decimals: number;
  programId: Address;
}

/** Looks an account up by address; undefined when it does not exist. */
export type AccountLookup = (address: Address) => Account | undefined;

/** The all-zero key: an unused multisig signer slot. */
const DEFAULT_PUBKEY: Address = "11111111111111111111111111111111";

/** An amount in base units as a decimal string: no exponent, no trailing zeros, no trailing point. */
export function uiAmountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const digits = amount.toString().padStart(decimals + 1, "0");
  const text = `${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}`;
  return text.replace(/0+$/, "").replace(/\.$/, "");
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  // The RPC divides as f64 by 10^decimals held in a u64; past 10^19 that overflows and it reports null.
  const uiAmount = decimals <= 19 ? Number(amount) / Number(10n ** BigInt(decimals)) : null;
  return { amount: amount.toString(), decimals, uiAmount, uiAmountString: uiAmountString(amount, decimals) };
}

/**
 * Whether tokenBaseState could find a base of `size` bytes in the account: SPL Token's exact size, or Token-2022's
 * exact size or extended layout. False is certain; true still needs the full decode.
 */
function couldHoldBase(account: Account, size: number): boolean {
  const length = account.data.length;
  if (account.owner === TOKEN_PROGRAM_ID) return length === size;
  return account.owner === TOKEN_2022_PROGRAM_ID && (length === size || length > ACCOUNT_SIZE);
}

/** An initialised token account's state (SPL Token or Token-2022), or null when the account is not one. */
function tokenAccountOf(account: Account): TokenAccount | null {
  // Most accounts a transaction touches are not token accounts: answer those without decoding (and throwing).
  if (!couldHoldBase(account, ACCOUNT_SIZE)) return null;
  try {
    const state = decodeTokenAccount(tokenBaseState(account.owner, account.data, "account"));
    return state.state === AccountState.Uninitialized ? null : state;
  } catch {
    return null;
  }
}

/** Decimals by mint account object: a committed account is never changed in place, and every transfer reads its mint. */
const decimalsByMint = new WeakMap<Account, number | null>();

/** Decimals of a mint, as the RPC finds them: the native mint is known, any other must be an initialised mint. */
function mintDecimals(mint: Address, getMint: AccountLookup): number | null {
  if (mint === NATIVE_MINT) return NATIVE_MINT_DECIMALS;
  const account = getMint(mint);
  if (!account) return null;
  let decimals = decimalsByMint.get(account);
  if (decimals === undefined) {
    decimals = decodedDecimals(account);
    decimalsByMint.set(account, decimals);
  }
  return decimals;
}

function decodedDecimals(account: Account): number | null {
  if (!couldHoldBase(account, MINT_SIZE)) return null;
  try {
    const state = decodeMint(tokenBaseState(account.owner, account.data, "mint"));
    return state.isInitialized ? state.decimals : null;
  } catch {
    return null;
  }
}

/** The pre/postTokenBalances entry of an account, or null when it is not a token account with a known mint. */
export function tokenBalanceOf(account: Account, getMint: AccountLookup): TokenBalance | null {
  const state = tokenAccountOf(account);
  if (!state) return null;
  const decimals = mintDecimals(state.mint, getMint);
  if (decimals === null) return null;
  return { mint: state.mint, owner: state.owner, amount: state.amount, decimals, programId: account.owner };
}

/**
 * The `jsonParsed` data of an account owned by either token program, or null where the RPC would fall back to
 * base64: unknown size, uninitialised state, or a token account whose mint cannot be read. Token-2022's accounts are
 * "spl-token-2022" and list their extensions.
 */
export function parseAccountJson(account: Account, getMint: AccountLookup): ParsedTokenProgramAccount | null {
  const extended = account.owner === TOKEN_2022_PROGRAM_ID;
  if (account.owner !== TOKEN_PROGRAM_ID && !extended) return null;
  const parsed = parseData(account, getMint);
  return parsed && { parsed, program: extended ? "spl-token-2022" : "spl-token", space: account.data.length };
}

/** What the account holds, by size, or for Token-2022's extended layout by its AccountType byte. */
function layoutKind(account: Account): ParsedTokenData["type"] | null {
  const size = account.data.length;
  if (size === ACCOUNT_SIZE) return "account";
  if (size === MINT_SIZE) return "mint";
  if (size === MULTISIG_SIZE) return "multisig";
  if (account.owner !== TOKEN_2022_PROGRAM_ID || size < ACCOUNT_SIZE) return null;
  const type = account.data.readUInt8(ACCOUNT_SIZE);
  return type === AccountType.Account ? "account" : type === AccountType.Mint ? "mint" : null;
}

/** The extensions key, present only when there are any. */
function extensionsOf(data: Buffer): { extensions?: UiExtension[] } {
  const extensions = uiExtensions(data);
  return extensions.length > 0 ? { extensions } : {};
}

function parseData(account: Account, getMint: AccountLookup): ParsedTokenData | null {
  const data = account.data;
  const kind = layoutKind(account);
  if (kind === "account") {
    const state = tokenAccountOf(account);
    if (!state) return null;
    const decimals = mintDecimals(state.mint, getMint);
    if (decimals === null) return null;
    const info: ParsedTokenAccountInfo = {
      ...(state.closeAuthority !== null && { closeAuthority: state.closeAuthority }),
      ...(state.delegate !== null && { delegate: state.delegate, delegatedAmount: uiTokenAmount(state.delegatedAmount, decimals) }),
      ...extensionsOf(data),
      isNative: state.isNative !== null,
      mint: state.mint,
      owner: state.owner,
      ...(state.isNative !== null && { rentExemptReserve: uiTokenAmount(state.isNative, decimals) }),
      state: state.state === AccountState.Frozen ? "frozen" : "initialized",
      tokenAmount: uiTokenAmount(state.amount, decimals),
    };
    return { info, type: "account" };
  }
  try {
    if (kind === "mint") {
      const mint = decodeMint(tokenBaseState(account.owner, data, "mint"));
      if (!mint.isInitialized) return null;
      const info: ParsedMintInfo = {
        decimals: mint.decimals,
        ...extensionsOf(data),
        freezeAuthority: mint.freezeAuthority,
        isInitialized: true,
        mintAuthority: mint.mintAuthority,
        supply: mint.supply.toString(),
      };
      return { info, type: "mint" };
    }
    if (kind === "multisig") {
      const multisig = decodeMultisig(data);
      if (!multisig.isInitialized) return null;
      const info: ParsedMultisigInfo = {
        isInitialized: true,
        numRequiredSigners: multisig.m,
        numValidSigners: multisig.n,
        signers: multisig.signers.filter((key) => key !== DEFAULT_PUBKEY),
      };
      return { info, type: "multisig" };
    }
  } catch {
    return null;
  }
  return null;
}
