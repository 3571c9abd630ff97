// The selected market's address lookup tables, with their contents read from the ledger: every action loads the
// market's keys from them, so an account holding many banks still fits its health check in one transaction.
import { PublicKey, type AddressLookupTableAccount } from "@solana/web3.js";
import { useQuery } from "@tanstack/react-query";
import { fetchLookupTableAddresses } from "../api/index.js";
import { useHttp } from "../api/context.js";
import { useSelectedMarket } from "../market/MarketProvider.js";
import { queryKeys } from "./keys.js";
import { TIMING } from "./timing.js";

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
    staleTime: TIMING.lookupTables.staleTime,
    retry: TIMING.lookupTables.retry,
  });
}
