// A wallet's margin accounts in a group: getProgramAccounts on the account size and discriminator with memcmp on the
// group (offset 8) and the authority (offset 40). An account transferred to another wallet keeps its authority field
// (emptied, disabled and naming its successor in migrated_to), so it is left out: it is no longer the wallet's.
import { DEFAULT_PUBKEY, MarginfiAccountLayout, decodeMarginfiAccount, i80f48 as fx, type MarginfiAccount } from "@ballast/protocol";
import { PublicKey, type Connection, type GetProgramAccountsFilter } from "@solana/web3.js";
import bs58 from "bs58";
import type { BalanceDto } from "../wire/accounts.js";
import { BallastSdkError } from "../errors.js";

export interface MarginAccount {
  readonly address: string;
  readonly account: MarginfiAccount;
}

/** The program-account filters (getProgramAccounts, programSubscribe) that select every margin account of the group. */
export function groupMarginAccountFilters(group: string): GetProgramAccountsFilter[] {
  return [
    { dataSize: MarginfiAccountLayout.space },
    { memcmp: { offset: 0, bytes: bs58.encode(MarginfiAccountLayout.discriminator) } },
    { memcmp: { offset: MarginfiAccountLayout.fields.group.offset, bytes: group } },
  ];
}

/** The program-account filters (getProgramAccounts, programSubscribe) that select the wallet's accounts in the group. */
export function marginAccountFilters(group: string, authority: string): GetProgramAccountsFilter[] {
  return [...groupMarginAccountFilters(group), { memcmp: { offset: MarginfiAccountLayout.fields.authority.offset, bytes: authority } }];
}

export async function fetchMarginAccounts(
  connection: Connection,
  programId: string,
  group: string,
  authority: string,
): Promise<MarginAccount[]> {
  const accounts = await connection.getProgramAccounts(new PublicKey(programId), { filters: marginAccountFilters(group, authority) });
  return accounts
    .map(({ pubkey, account }) => ({ address: pubkey.toBase58(), account: decodeMarginfiAccount(account.data) }))
    .filter(({ account }) => account.migratedTo === DEFAULT_PUBKEY);
}

/** Every margin account of the group (transferred-away accounts left out, as above). */
export async function fetchGroupMarginAccounts(connection: Connection, programId: string, group: string): Promise<MarginAccount[]> {
  const accounts = await connection.getProgramAccounts(new PublicKey(programId), { filters: groupMarginAccountFilters(group) });
  return accounts
    .map(({ pubkey, account }) => ({ address: pubkey.toBase58(), account: decodeMarginfiAccount(account.data) }))
    .filter(({ account }) => account.migratedTo === DEFAULT_PUBKEY);
}

/** The program-account filters that select every margin account of the wallet, in any group. */
export function authorityMarginAccountFilters(authority: string): GetProgramAccountsFilter[] {
  return [
    { dataSize: MarginfiAccountLayout.space },
    { memcmp: { offset: 0, bytes: bs58.encode(MarginfiAccountLayout.discriminator) } },
    { memcmp: { offset: MarginfiAccountLayout.fields.authority.offset, bytes: authority } },
  ];
}

/** The wallet's margin accounts in every group of the program (transferred-away accounts left out, as above). */
export async function fetchAuthorityMarginAccounts(connection: Connection, programId: string, authority: string): Promise<MarginAccount[]> {
  const accounts = await connection.getProgramAccounts(new PublicKey(programId), { filters: authorityMarginAccountFilters(authority) });
  return accounts
    .map(({ pubkey, account }) => ({ address: pubkey.toBase58(), account: decodeMarginfiAccount(account.data) }))
    .filter(({ account }) => account.migratedTo === DEFAULT_PUBKEY);
}

export async function fetchMarginAccount(connection: Connection, address: string): Promise<MarginAccount> {
  const info = await connection.getAccountInfo(new PublicKey(address));
  if (info === null) throw new BallastSdkError("ACCOUNT_NOT_FOUND");
  return { address, account: decodeMarginfiAccount(info.data) };
}

/** The account's balance slots in the account-info DTO's shape (I80F48 values as exact decimals). */
export function balanceDtosOf(account: MarginfiAccount): BalanceDto[] {
  return account.lendingAccount.balances.map((b) => ({
    bankPk: b.bankPk,
    active: b.active !== 0,
    assetShares: fx.toDecimal(b.assetShares),
    liabilityShares: fx.toDecimal(b.liabilityShares),
    emissionsOutstanding: fx.toDecimal(b.emissionsOutstanding),
    lastUpdate: Number(b.lastUpdate),
  }));
}
