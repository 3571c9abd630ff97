// Batched account reads: getMultipleAccountsInfo takes at most 100 keys per call.
import { PublicKey, type AccountInfo, type Commitment, type Connection } from "@solana/web3.js";

const MAX_KEYS_PER_CALL = 100;

/** An address with what the node holds there (null where no account exists). */
export interface FetchedAccount {
  readonly address: string;
  readonly info: AccountInfo<Buffer> | null;
}

/** Each of `addresses` with its account, in order. */
export async function fetchAccounts(
  connection: Connection,
  addresses: readonly string[],
  commitment?: Commitment,
): Promise<FetchedAccount[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < addresses.length; i += MAX_KEYS_PER_CALL) chunks.push(addresses.slice(i, i + MAX_KEYS_PER_CALL));
  const results = await Promise.all(
    chunks.map(async (keys) => {
      const infos = await connection.getMultipleAccountsInfo(
        keys.map((k) => new PublicKey(k)),
        commitment,
      );
      // The node answers every key in order; a key left unanswered reads as a missing account.
      return keys.map((address, i): FetchedAccount => ({ address, info: infos[i] ?? null }));
    }),
  );
  return results.flat();
}

/** Account infos in the order of `addresses` (null where an account does not exist). */
export async function fetchAccountInfos(
  connection: Connection,
  addresses: readonly string[],
  commitment?: Commitment,
): Promise<(AccountInfo<Buffer> | null)[]> {
  const accounts = await fetchAccounts(connection, addresses, commitment);
  return accounts.map((a) => a.info);
}
