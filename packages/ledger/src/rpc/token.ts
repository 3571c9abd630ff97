import bs58 from "bs58";
import type { Account, Address } from "../account.js";
import { ACCOUNT_SIZE, MINT_SIZE, TOKEN_PROGRAM_ID } from "../programs/token/layout.js";
import { uiTokenAmount } from "../programs/token/parse.js";
import { isTokenAccountData } from "./accounts.js";

/**
 * Just enough of SPL Token's layouts for the token RPC methods (balances, supply, accounts by owner): fixed
 * offsets in the packed account and mint. Full `jsonParsed` decoding is the injected parser's job.
 */

export { TOKEN_PROGRAM_ID, uiTokenAmount };
export const TOKEN_2022_PROGRAM_ID: Address = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";

export function isTokenProgram(address: Address): boolean {
  return address === TOKEN_PROGRAM_ID || address === TOKEN_2022_PROGRAM_ID;
}

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
