// The market reserves behind Kamino banks, read in one batched call: actions need them for the market's refresh
// instructions and the conversion between tokens and collateral tokens.
import { AssetTag, type Bank } from "@ballast/protocol";
import type { Connection } from "@solana/web3.js";
import { fetchAccounts } from "./accounts-rpc.js";
import { decodeKaminoReserve, type KaminoReserve } from "./kamino.js";
import { BallastSdkError } from "../errors.js";

/** Decoded reserves by reserve address. */
export type KaminoReserveLookup = ReadonlyMap<string, KaminoReserve>;

export const isKaminoBank = (bank: Bank): boolean => bank.config.assetTag === AssetTag.Kamino;

/** The reserves of the Kamino banks among `banks`; a bank whose reserve is missing fails with the reserve's address. */
export async function fetchKaminoReserves(connection: Connection, banks: readonly Bank[]): Promise<KaminoReserveLookup> {
  const keys = [...new Set(banks.filter(isKaminoBank).map((b) => b.integrationAcc1))];
  if (keys.length === 0) return new Map();
  const accounts = await fetchAccounts(connection, keys, "confirmed");
  return new Map(
    accounts.map(({ address, info }) => {
      if (info === null) throw new BallastSdkError("KAMINO_RESERVE_NOT_FOUND", { reserve: address });
      return [address, decodeKaminoReserve(info.data)];
    }),
  );
}
