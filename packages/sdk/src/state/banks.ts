// A group's banks, found with getProgramAccounts (size, discriminator, group) or read by address.
import { BankLayout, decodeBank, type Bank } from "@ballast/protocol";
import { PublicKey, type Connection, type GetProgramAccountsFilter } from "@solana/web3.js";
import bs58 from "bs58";
import { fetchAccounts } from "./accounts-rpc.js";
import { BallastSdkError } from "../errors.js";

/** A bank with its raw data: the program's price loading reads the bytes. */
export interface BankAccount {
  readonly address: string;
  readonly data: Buffer;
  readonly bank: Bank;
}

/** The program-account filters (getProgramAccounts, programSubscribe) that select the group's banks. */
export function groupBankFilters(group: string): GetProgramAccountsFilter[] {
  return [
    { dataSize: BankLayout.space },
    { memcmp: { offset: 0, bytes: bs58.encode(BankLayout.discriminator) } },
    { memcmp: { offset: BankLayout.fields.group.offset, bytes: group } },
  ];
}

/** Every bank of the group, by address. */
export async function fetchGroupBanks(connection: Connection, programId: string, group: string): Promise<BankAccount[]> {
  const accounts = await connection.getProgramAccounts(new PublicKey(programId), { filters: groupBankFilters(group) });
  return accounts
    .map(({ pubkey, account }) => ({ address: pubkey.toBase58(), data: account.data, bank: decodeBank(account.data) }))
    .sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}

/** The listed banks, in order; a missing one fails as "Bank {address} not found". */
export async function fetchBanks(connection: Connection, addresses: readonly string[]): Promise<BankAccount[]> {
  const accounts = await fetchAccounts(connection, addresses);
  return accounts.map(({ address, info }) => {
    if (info === null) throw new BallastSdkError("BANK_NOT_FOUND", { bank: address });
    return { address, data: info.data, bank: decodeBank(info.data) };
  });
}
