import type { Account, Address } from "../account.js";
import {
  ExtendedAccountType,
  MINT_SIZE,
  TOKEN_PROGRAM_ID,
  extendedAccountType,
  mintFields,
  tokenAccountFields,
} from "../programs/token/layout.js";
import { uiTokenAmount } from "../programs/token/parse.js";
import { TOKEN_2022_PROGRAM_ID } from "../programs/token/extensions.js";
import { isTokenAccountData } from "./accounts.js";

/**
 * Just enough of SPL Token's layouts for the token RPC methods (balances, supply, accounts by owner): single fields
 * of the packed account and mint, read in place. Full `jsonParsed` decoding is the injected parser's job.
 */

export { TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID, uiTokenAmount };

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
  return {
    mint: tokenAccountFields.mint.get(data),
    owner: tokenAccountFields.owner.get(data),
    amount: tokenAccountFields.amount.get(data),
  };
}

export interface MintFields {
  supply: bigint;
  decimals: number;
}

/** supply and decimals of an initialised mint; null if the account is not one. */
export function readMint(account: Account): MintFields | null {
  if (!isTokenProgram(account.owner)) return null;
  const data = account.data;
  const isMint = data.length === MINT_SIZE || extendedAccountType(data) === ExtendedAccountType.Mint;
  if (!isMint || data.readUInt8(mintFields.isInitialized.offset) !== 1) return null;
  return { supply: mintFields.supply.get(data), decimals: mintFields.decimals.get(data) };
}
