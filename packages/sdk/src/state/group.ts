// The lending group account.
import { decodeMarginfiGroup, type MarginfiGroup } from "@ballast/protocol";
import { PublicKey, type Connection } from "@solana/web3.js";
import { BallastSdkError } from "../errors.js";

export async function fetchGroup(connection: Connection, group: string): Promise<MarginfiGroup> {
  const info = await connection.getAccountInfo(new PublicKey(group));
  if (info === null) throw new BallastSdkError("GROUP_NOT_FOUND", { group });
  return decodeMarginfiGroup(info.data);
}
