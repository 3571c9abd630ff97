// Batched account reads: getMultipleAccountsInfo takes at most 100 keys per call.
import { PublicKey, type AccountInfo, type Commitment, type Connection } from "@solana/web3.js";

const MAX_KEYS_PER_CALL = 100;

/** Account infos in the order of `addresses` (null where an account does not exist). */
export async function fetchAccountInfos(
  connection: Connection,
  addresses: readonly string[],
  commitment?: Commitment,
): Promise<(AccountInfo<Buffer> | null)[]> {
  const chunks: string[][] = [];
  for (let i = 0; i < addresses.length; i += MAX_KEYS_PER_CALL) chunks.push(addresses.slice(i, i + MAX_KEYS_PER_CALL));
  const results = await Promise.all(
    chunks.map((keys) =>
      connection.getMultipleAccountsInfo(
        keys.map((k) => new PublicKey(k)),
        commitment,
      ),
    ),
  );
  return results.flat();
}
