// The action box wired to the app: the selected market's snapshot, the selected account read from chain (its slots
// for the math and the risk accounts), the wallet's balances, and sending through the SDK under a staged toast; the
// swap flows (repay with collateral, withdraw as another token) plan through the SDK on the server's quote API at the
// user's slippage. Loaded lazily by ActionBoxProvider on first open, so the swap client loads with it.
import { PublicKey } from "@solana/web3.js";
import { useCallback, useMemo } from "react";
import { sendSwapFlow, walletFunds, type ActionContext, type PricedBank, type SwapFlowPlan } from "@ballast/sdk";
import { lastOf } from "@ballast/ledger";
import { useSelectedAccount } from "../../account/SelectedAccountProvider.js";
import { useActionContext } from "../../chain/action-context.js";
import { useAppConfig } from "../../market/MarketProvider.js";
import { useChainAccount, useMarket, useMarketBanks, useRefreshAfterAction, useUserBalances } from "../../queries/index.js";
import { useWallet } from "../../wallet/WalletProvider.js";
import { Dialog, EmptyState, Skeleton } from "../../ui/index.js";
import { apysOf, bankRow } from "../markets/bank-rows.js";
import { useSwapFlowPlan, useSwapSlippageBps } from "../swap/index.js";
import { useTransactionToasts } from "../transactions/index.js";
import { ActionBoxView, type ActionResult } from "./ActionBoxView.js";
import type { ActionType } from "./context.js";
import { sendBankAction, sendSteps } from "./send.js";
import { flowInputs, type ChainAccount, type SwapFlowRequest } from "./swap-modes.js";
import type { SwapModes } from "./SwapFlowSection.js";

/**
 * The plan of a `kind` flow on the account (the account's decoded data is in the plan's key, so a landed transaction
 * plans afresh); none while `request` is null.
 */
function useAccountSwapPlan(account: ChainAccount, bank: string, kind: SwapFlowRequest["kind"], request: SwapFlowRequest | null) {
  return useSwapFlowPlan(kind, request?.kind === kind ? flowInputs(account, bank, request) : null);
}

export interface ActionBoxProps {
  readonly bankAddress: string;
  readonly initialAction: ActionType;
  readonly onClose: () => void;
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
  const slippageBps = useSwapSlippageBps();

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
  const account: ChainAccount | null =
    selectedAccount && chainAccount.data ? { address: selectedAccount, data: chainAccount.data.account } : null;
  const funds = address && balances.data ? walletFunds(balances.data, priced.bank.mint) : null;
  const loading = (selectedAccount !== null && chainAccount.isPending) || (address !== null && balances.isPending);

  /** Runs a send under the box's staged toast; resolves with the signature once confirmed, null when it failed. */
  const sendUnderToast = async <T,>(run: {
    readonly action: ActionType;
    readonly steps: readonly string[];
    /** Sends with the box's context, its wallet the toast's (which reports signing). */
    readonly send: (context: ActionContext) => Promise<T>;
    readonly signatureOf: (result: T) => string;
    readonly onConfirmed?: (result: T) => void;
  }): Promise<ActionResult | null> => {
    if (!context) return null;
    let signature: string | null = null;
    const confirmed = await toasts.run({
      title: `${header.symbol}: ${run.action}`,
      steps: run.steps,
      wallet: context.wallet,
      lendingProgramId: new PublicKey(config.programId),
      send: (wallet) => run.send({ ...context, wallet }),
      signatureOf: run.signatureOf,
      action: { action: run.action, symbol: header.symbol },
      onConfirmed: async (result) => {
        signature = run.signatureOf(result);
        run.onConfirmed?.(result);
        await refresh();
      },
    });
    return confirmed && signature !== null ? { signature } : null;
  };

  const onSend = (action: ActionType, amount: bigint, all: boolean): Promise<ActionResult | null> =>
    sendUnderToast({
      action,
      steps: sendSteps(action, amount, all, header.symbol, priced.decimals, account !== null),
      send: (sending) =>
        sendBankAction({
          context: sending,
          market: snapshot,
          bank: priced,
          action,
          amount,
          all,
          account,
          tokenProgram: dto?.token_program_address,
        }),
      signatureOf: (result) => result.signature,
      onConfirmed: (result) => {
        if (result.created) setSelectedAccount(result.marginfiAccount);
      },
    });

  const sendSwap = (plan: SwapFlowPlan, step: string): Promise<ActionResult | null> =>
    sendUnderToast({
      action: plan.kind === "repayWithCollateral" ? "repay" : "withdraw",
      steps: [step],
      send: (sending) => sendSwapFlow(sending, plan),
      signatureOf: (result) => lastOf(result.signatures),
    });

  // A swap flow needs an account to withdraw from and a wallet to sign (and to name in the swap's instructions).
  const swap: SwapModes | undefined =
    context && account
      ? {
          slippageBps,
          usePlan: (kind, request) => useAccountSwapPlan(account, priced.address, kind, request),
          send: sendSwap,
        }
      : undefined;

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
      swap={swap}
    />
  );
}
