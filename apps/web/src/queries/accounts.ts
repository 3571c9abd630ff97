// The connected wallet's margin accounts, the selected account, token balances and account labels.
import { fetchMarginAccount } from "@ballast/sdk";
import { skipToken, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import {
  fetchAccount,
  fetchAccountAddresses,
  fetchAccountLabels,
  fetchUserBalances,
  type AccountDto,
  type BalanceToken,
} from "../api/index.js";
import { useHttp } from "../api/context.js";
import { useSelectedMarket } from "../market/MarketProvider.js";
import { useWallet } from "../wallet/WalletProvider.js";
import { useMarketBanks } from "./banks.js";
import { queryKeys } from "./keys.js";
import { TIMING } from "./timing.js";

/** The wallet's margin accounts in the selected market. */
export function useAccountAddresses() {
  const http = useHttp();
  const { address } = useWallet();
  const { market } = useSelectedMarket();
  return useQuery({
    queryKey: queryKeys.accountAddresses(address, market.group),
    queryFn: address === null ? skipToken : () => fetchAccountAddresses(http, address, market.main ? undefined : market.group),
    staleTime: TIMING.accountAddresses.staleTime,
    retry: TIMING.accountAddresses.retry,
  });
}

/**
 * One margin account's state, health and positions (POST /api/account-info). Its health is valued at the oracle
 * prices, so it is refetched at the prices' 30 s as well.
 *
 * Never older than what the page has seen: a notification writes the account's balances and slot into the cache, so
 * the refetch asks the server for a view of that slot at least (its cache may hold an older one), and a reply read
 * before a notification that landed meanwhile leaves the newer data in place.
 */
export function useAccount(accountKey: string | null) {
  const http = useHttp();
  const client = useQueryClient();
  const { address } = useWallet();
  const queryKey = queryKeys.account(accountKey, address);
  return useQuery({
    queryKey,
    queryFn:
      accountKey === null || address === null
        ? skipToken
        : async () => {
            const view = await fetchAccount(http, accountKey, address, client.getQueryData<AccountDto>(queryKey)?.slot);
            const seen = client.getQueryData<AccountDto>(queryKey);
            return seen !== undefined && seen.slot > view.slot ? seen : view;
          },
    staleTime: TIMING.account.staleTime,
    refetchInterval: TIMING.oracle.refetchInterval,
    retry: TIMING.account.retry,
  });
}

/** The latest slot of the wallet's cached account views (a notification's, or a server read's); none when there are none. */
export function seenAccountSlot(client: QueryClient, wallet: string): number | undefined {
  let seen: number | undefined;
  for (const [key, data] of client.getQueriesData<Partial<AccountDto>>({ queryKey: queryKeys.allAccounts() })) {
    // An account view's key is ["account", address, wallet]; chain copies, histories and the portfolio hold no slot.
    if (key.length !== 3 || key[2] !== wallet || typeof data?.slot !== "number") continue;
    seen = Math.max(seen ?? 0, data.slot);
  }
  return seen;
}

/**
 * One margin account as the program stores it (its decoded data, what the SDK's actions take), under the account's own
 * key: whatever refreshes the account refreshes it.
 */
export function useChainAccount(accountKey: string | null) {
  const { connection } = useSelectedMarket();
  const { address } = useWallet();
  return useQuery({
    queryKey: queryKeys.chainAccount(accountKey, address),
    queryFn: accountKey === null ? skipToken : () => fetchMarginAccount(connection, accountKey),
    staleTime: TIMING.account.staleTime,
    retry: TIMING.account.retry,
    structuralSharing: false,
  });
}

/** Native SOL and the wallet's token balances of every mint of the selected market. */
export function useUserBalances() {
  const http = useHttp();
  const { address } = useWallet();
  const banks = useMarketBanks();
  const tokens = useMemo<BalanceToken[]>(() => {
    const byMint = new Map<string, BalanceToken>();
    for (const bank of banks.data ?? []) {
      byMint.set(bank.mint, { mint: bank.mint, tokenProgram: bank.token_program_address, decimal: bank.mint_decimals });
    }
    return [...byMint.values()].sort((a, b) => a.mint.localeCompare(b.mint));
  }, [banks.data]);
  return useQuery({
    queryKey: queryKeys.userBalances(
      address,
      tokens.map((t) => t.mint),
    ),
    // The mints come with the banks: until they are in, the balances of no mints would look like an empty wallet.
    queryFn: address === null || banks.data === undefined ? skipToken : () => fetchUserBalances(http, address, tokens),
    staleTime: TIMING.userBalances.staleTime,
    retry: TIMING.userBalances.retry,
  });
}

/** Labels of the wallet's accounts; empty when they cannot be read. */
export function useAccountLabels() {
  const http = useHttp();
  const { address } = useWallet();
  return useQuery({
    queryKey: queryKeys.accountLabels(address),
    queryFn: address === null ? skipToken : () => fetchAccountLabels(http, address),
    staleTime: TIMING.account.staleTime,
  });
}
