// The selected market's address lookup tables, with their contents read from the ledger: every action loads the
// market's keys from them, so an account holding many banks still fits its health check in one transaction.
import { PublicKey, type AddressLookupTableAccount } from "@solana/web3.js";
import { useQuery } from "@tanstack/react-query";
import { fetchLookupTableAddresses } from "../api/index.js";
import { useHttp } from "../api/context.js";
import { useSelectedMarket } from "../market/MarketProvider.js";
import { queryKeys } from "./keys.js";

/** As the reference app keeps its lutData: a market's tables change only when the server is set up again. */
export const LOOKUP_TABLES_STALE_MS = 24 * 60 * 60 * 1_000;

export function useLookupTables() {
  const http = useHttp();
  const { connection, market } = useSelectedMarket();
  return useQuery({
    queryKey: queryKeys.lookupTables(market.group),
    queryFn: async (): Promise<AddressLookupTableAccount[]> => {
      const addresses = await fetchLookupTableAddresses(http, market.group);
      return Promise.all(
        addresses.map(async (address) => {
          const table = (await connection.getAddressLookupTable(new PublicKey(address))).value;
          if (table === null) throw new Error(`Lookup table ${address} of market ${market.name} is not on the ledger`);
          return table;
        }),
      );
    },
    staleTime: LOOKUP_TABLES_STALE_MS,
    retry: 2,
  });
}
