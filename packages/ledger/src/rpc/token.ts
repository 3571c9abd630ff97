import bs58 from "bs58";
import type { Account, Address } from "../account.js";
import type { UiTokenAmount } from "../service.js";
import { isTokenAccountData } from "./accounts.js";

/**
 * Just enough of SPL Token's layouts for the token RPC methods (balances, supply, accounts by owner): fixed
 * offsets in the packed account and mint. Full `jsonParsed` decoding is the injected parser's job.
 */

export const TOKEN_PROGRAM_ID: Address = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const TOKEN_2022_PROGRAM_ID: Address = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";

export function isTokenProgram(address: Address): boolean {
  return address === TOKEN_PROGRAM_ID || address === TOKEN_2022_PROGRAM_ID;
}

const MINT_SIZE = 82;
const ACCOUNT_SIZE = 165;

export interface TokenAccountFields {
  mint: Address;
  owner: Address;
  amount: bigint;
}

/** mint, owner and amount of an initialised token account; null if the account is not one. */
export function readTokenAccount(account: Account): TokenAccountFields | null {
  if (!isTokenProgram(account.owner) || !isTokenAccountData(account.data)) return null;
  const data = account.data;
  return { mint: bs58.encode(data.subarray(0, 32)), owner: bs58.encode(data.subarray(32, 64)), amount: data.readBigUInt64LE(64) };
}

export interface MintFields {
  supply: bigint;
  decimals: number;
}

/** supply and decimals of an initialised mint; null if the account is not one. */
export function readMint(account: Account): MintFields | null {
  if (!isTokenProgram(account.owner)) return null;
  const data = account.data;
  const isMint = data.length === MINT_SIZE || (data.length > ACCOUNT_SIZE && data[ACCOUNT_SIZE] === 1);
  if (!isMint || data[45] !== 1) return null;
  return { supply: data.readBigUInt64LE(36), decimals: data[44] };
}

/** An amount in base units as a decimal string without trailing zeros. */
function amountString(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const digits = amount.toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return fraction.length > 0 ? `${whole}.${fraction}` : whole;
}

/** Solana's UiTokenAmount: uiAmount is the f64 quotient (null where 10^decimals overflows a u64). */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const uiAmount = decimals <= 19 ? Number(amount) / 10 ** decimals : null;
  return { amount: amount.toString(), decimals, uiAmount, uiAmountString: amountString(amount, decimals) };
}
