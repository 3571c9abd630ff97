// The depositors' side of a bankruptcy: how far the bank's asset share value fell when the bad debt insurance did not
// cover was socialised. The event does not say; the bank as the settlement left it does, when nothing wrote it since.
import { PublicKey, type Connection } from "@solana/web3.js";
import { decodeBank, i80f48 as fx } from "@ballast/protocol";
import { toNumber } from "@ballast/sdk";

/**
 * The asset share value's change caused by socialising `socialized` native units, as a fraction (−0.06: each
 * deposit lost 6%), from the bank's data right after the settlement. Shares never change in a bankruptcy, so the
 * deposits were worth their value after plus the loss; a loss that took every deposit reads −1.
 */
export function shareValueChange(bankData: Buffer, socialized: number): number {
  if (!(socialized > 0)) return 0;
  const { totalAssetShares, assetShareValue } = decodeBank(bankData);
  const before = toNumber(fx.mul(totalAssetShares, assetShareValue)) + socialized;
  return Math.max(-1, -socialized / before);
}

/**
 * Whether the bank, read after `signature` landed, is still as that transaction left it: its newest transaction,
 * asked after the read, is that one. Any later transaction naming the bank, even read-only, answers no.
 */
export async function unchangedSince(connection: Connection, bank: string, signature: string): Promise<boolean> {
  const [newest] = await connection.getSignaturesForAddress(new PublicKey(bank), { limit: 1 }, "confirmed");
  return newest?.signature === signature;
}
