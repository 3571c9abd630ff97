// The selected account's value over time and the connected wallet's accounts across every market.
import { skipToken, useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchAccountHistory, fetchPortfolio, type AccountHistoryRange } from "../api/index.js";
import { useHttp } from "../api/context.js";
import { useWallet } from "../wallet/WalletProvider.js";
import { seenAccountSlot } from "./accounts.js";
import { queryKeys } from "./keys.js";
import { TIMING } from "./timing.js";

/** With `bank`, the account's position in that bank alone. Asked again as often as prices: snapshots add points. */
export function useAccountHistory(account: string | null, range: AccountHistoryRange, bank?: string) {
  const http = useHttp();
  return useQuery({
    queryKey: queryKeys.accountHistory(account, range, bank ?? null),
    queryFn: account === null ? skipToken : () => fetchAccountHistory(http, account, range, bank),
    staleTime: TIMING.account.staleTime,
    refetchInterval: TIMING.oracle.refetchInterval,
    retry: TIMING.account.retry,
  });
}

/** Never older than an account the page has seen change: it is asked at the latest slot of the cached account views. */
export function usePortfolio() {
  const http = useHttp();
  const client = useQueryClient();
  const { address } = useWallet();
  return useQuery({
    queryKey: queryKeys.portfolio(address),
    queryFn: address === null ? skipToken : () => fetchPortfolio(http, address, seenAccountSlot(client, address)),
    staleTime: TIMING.account.staleTime,
    refetchInterval: TIMING.oracle.refetchInterval,
    retry: TIMING.account.retry,
  });
}
