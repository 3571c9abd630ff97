// The action box wired to the app: the selected market's snapshot, the selected account read from chain (its slots
// for the math and the risk accounts), the wallet's balances, and sending through the SDK under a staged toast.
// Loaded lazily by ActionBoxProvider on first open.
import { skipToken, useQuery } from "@tanstack/react-query";
import { PublicKey } from "@solana/web3.js";
import { useCallback, useMemo } from "react";
import { fetchMarginAccount, walletFunds, type PricedBank } from "@ballast/sdk";
import { useSelectedAccount } from "../../account/SelectedAccountProvider.js";
import { useActionContext } from "../../chain/action-context.js";
import { useAppConfig, useSelectedMarket } from "../../market/MarketProvider.js";
import { queryKeys, TIMING, useMarket, useMarketBanks, useRefreshAfterAction, useUserBalances } from "../../queries/index.js";
import { useWallet } from "../../wallet/WalletProvider.js";
import { Dialog, EmptyState, Skeleton } from "../../ui/index.js";
import { apysOf, bankRow } from "../markets/bank-rows.js";
import { useTransactionToasts } from "../transactions/index.js";
import { ActionBoxView, type ActionResult } from "./ActionBoxView.js";
import type { ActionType } from "./context.js";
import { sendBankAction, sendSteps } from "./send.js";

export interface ActionBoxProps {
  readonly bankAddress: string;
  readonly initialAction: ActionType;
  readonly onClose: () => void;
}

/** The selected account as the program stores it; shares the "account" key so the post-action polling refetches it. */
function useChainAccount(address: string | null) {
  const { connection } = useSelectedMarket();
  const { address: wallet } = useWallet();
  return useQuery({
    queryKey: queryKeys.chainAccount(address, wallet),
    queryFn: address === null ? skipToken : () => fetchMarginAccount(connection, address),
    staleTime: TIMING.account.staleTime,
    retry: TIMING.account.retry,
    structuralSharing: false,
  });
}

export default function ActionBox({ bankAddress, initialAction, onClose }: ActionBoxProps) {
  const config = useAppConfig();
  const market = useMarket();
  const dtos = useMarketBanks();
  const { address } = useWallet();
  const { selectedAccount, setSelectedAccount } = useSelectedAccount();
  const chainAccount = useChainAccount(selectedAccount);
  const balances = useUserBalances();
  const context = useActionContext();
  const refresh = useRefreshAfterAction();
  const toasts = useTransactionToasts();

  const priced = market.data?.banks.get(bankAddress);
  const dto = dtos.data?.find((d) => d.bank_address === bankAddress);
  const symbolOf = useCallback(
    (bank: PricedBank) =>
      dtos.data?.find((d) => d.bank_address === bank.address)?.symbol ||
      config.tokens.find((t) => t.mint === bank.bank.mint)?.symbol ||
      bank.bank.mint.slice(0, 4),
    [dtos.data, config.tokens],
  );
  const apyOf = useMemo(() => (market.data ? apysOf(market.data, dtos.data) : undefined), [market.data, dtos.data]);
  const header = useMemo(
    () =>
      market.data && priced
        ? bankRow(
            market.data,
            priced,
            dto,
            config.tokens.find((t) => t.mint === priced.bank.mint),
            apyOf,
          )
        : null,
    [market.data, priced, dto, config.tokens, apyOf],
  );

  // A failed background refetch keeps the snapshot it had: the box (and a result it shows) stays.
  if ((market.isError && !market.data) || (market.data && !priced)) {
    return (
      <Dialog open onClose={onClose} title="Unavailable">
        <EmptyState
          title={market.data ? "Bank not found" : "Could not load this market"}
          description={market.data ? `Bank ${bankAddress} not found` : market.error?.message}
        />
      </Dialog>
    );
  }
  if (!market.data || !priced || !header || !apyOf) {
    return (
      <Dialog open onClose={onClose} title="Loading…">
        <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading bank">
          <Skeleton className="h-9 w-full" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      </Dialog>
    );
  }

  const snapshot = market.data;
  const account = selectedAccount && chainAccount.data ? { address: selectedAccount, data: chainAccount.data.account } : null;
  const funds = address && balances.data ? walletFunds(balances.data, priced.bank.mint) : null;
  const loading = (selectedAccount !== null && chainAccount.isPending) || (address !== null && balances.isPending);

  const onSend = async (action: ActionType, amount: bigint, all: boolean): Promise<ActionResult | null> => {
    if (!context) return null;
    let signature: string | null = null;
    const confirmed = await toasts.run({
      title: `${header.symbol}: ${action}`,
      steps: sendSteps(action, amount, all, header.symbol, priced.decimals, account !== null),
      wallet: context.wallet,
      lendingProgramId: new PublicKey(config.programId),
      send: (wallet) =>
        sendBankAction({
          context: { ...context, wallet },
          market: snapshot,
          bank: priced,
          action,
          amount,
          all,
          account,
          tokenProgram: dto?.token_program_address,
        }),
      signatureOf: (result) => result.signature,
      action: { action, symbol: header.symbol },
      onConfirmed: async (result) => {
        signature = result.signature;
        if (result.created) setSelectedAccount(result.marginfiAccount);
        await refresh();
      },
    });
    return confirmed && signature !== null ? { signature } : null;
  };

  return (
    <ActionBoxView
      market={snapshot}
      bank={priced}
      header={header}
      symbolOf={symbolOf}
      initialAction={initialAction}
      balances={account ? account.data.lendingAccount.balances : null}
      wallet={funds}
      loading={loading}
      onSend={onSend}
      onClose={onClose}
      apyOf={apyOf}
    />
  );
}
