// "Close position" on a leveraged position: the SDK plans the unwind (flash loan: withdraw all collateral, swap it into
// the debt token, repay all debt) and the dialog shows what comes back to the wallet and the swap before the user
// confirms; the plan then goes out as one transaction under the staged toast.
import { lastOf } from "@ballast/ledger";
import { accountRisk, ceilNative, floorNative, sendSwapFlow, type SwapFlowPlan } from "@ballast/sdk";
import { PublicKey } from "@solana/web3.js";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useActionContext } from "../../chain/action-context.js";
import { useChainAccount, useMarket, useRefreshAfterAction } from "../../queries/index.js";
import { Button, Dialog, Skeleton } from "../../ui/index.js";
import {
  PriceImpactNotice,
  SwapDetails,
  formatSwapAmount,
  priceImpactAccepted,
  useSwapFlowPlan,
  useSwapSlippageBps,
} from "../swap/index.js";
import { useTransactionToasts } from "../transactions/index.js";
import { closeReturn } from "./close-position.js";
import type { LeveragedView } from "./portfolio-model.js";

export function ClosePositionDialog({
  account,
  leveraged,
  onClose,
}: {
  readonly account: string;
  readonly leveraged: LeveragedView;
  readonly onClose: () => void;
}) {
  const { collateral, debt } = leveraged;
  const pair = `${collateral.symbol} / ${debt.symbol}`;
  const chainAccount = useChainAccount(account);
  const market = useMarket().data;
  const context = useActionContext();
  const toasts = useTransactionToasts();
  const refresh = useRefreshAfterAction();
  const slippageBps = useSwapSlippageBps();
  const [acceptedImpact, setAcceptedImpact] = useState(false);

  const accountData = chainAccount.data?.account;
  const inputs = useMemo(
    () =>
      accountData
        ? { marginfiAccount: new PublicKey(account), account: accountData, collateralBank: collateral.bank, debtBank: debt.bank }
        : null,
    [account, accountData, collateral.bank, debt.bank],
  );
  const plan = useSwapFlowPlan("closeLeveraged", inputs);
  useEffect(() => setAcceptedImpact(false), [inputs]);
  const current = plan.data !== undefined && !plan.isPlaceholderData ? plan.data : null;
  const tokens = new Map([collateral, debt].map((p) => [p.mint, p]));
  // What the unwind withdraws and repays: the whole of each side, as the SDK values the account now.
  const sides = useMemo(() => {
    if (!market || !accountData) return null;
    const positions = accountRisk(accountData.lendingAccount.balances, market.banks).positions;
    const held = positions.find((p) => p.bank.address === collateral.bank && p.side === "assets");
    const owed = positions.find((p) => p.bank.address === debt.bank && p.side === "liabilities");
    return held && owed ? { collateral: floorNative(held.amount), debt: ceilNative(owed.amount) } : null;
  }, [market, accountData, collateral.bank, debt.bank]);
  const back = current && sides ? closeReturn(current, sides.collateral, sides.debt) : null;
  const backToken = back ? tokens.get(back.mint) : undefined;

  const close = useMutation({
    mutationFn: async (sent: SwapFlowPlan): Promise<boolean> => {
      if (!context) return false;
      return toasts.run({
        title: `Close: ${pair}`,
        steps: [`Close ${pair} position`],
        wallet: context.wallet,
        lendingProgramId: context.programId,
        send: (wallet) => sendSwapFlow({ ...context, wallet }, sent),
        signatureOf: (result) => lastOf(result.signatures),
        onConfirmed: () => refresh(),
      });
    },
    onSuccess: (confirmed) => {
      if (confirmed) onClose();
    },
  });

  const canClose =
    context !== null && current !== null && priceImpactAccepted(current.preview.priceImpactPct, acceptedImpact) && !close.isPending;
  const input = tokens.get(current?.preview.inputMint ?? collateral.mint) ?? collateral;
  const output = tokens.get(current?.preview.outputMint ?? debt.mint) ?? debt;

  return (
    <Dialog
      open
      onClose={onClose}
      title="Close position"
      description={`Sell all ${collateral.symbol}, repay all ${debt.symbol} and receive the rest, in one transaction.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button busy={close.isPending} disabled={!canClose} onClick={() => current && close.mutate(current)}>
            Close position
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {current && back && backToken ? (
          <>
            <dl aria-label="Close preview" className="flex flex-col divide-y divide-line rounded-xl border border-line px-3 py-1 text-sm">
              <div className="flex items-center justify-between gap-3 py-1" data-preview="To your wallet">
                <dt className="text-muted">To your wallet</dt>
                <dd className="text-right font-medium tabular-nums">{formatSwapAmount(back.expected, backToken)}</dd>
              </div>
              <div className="flex items-center justify-between gap-3 py-1" data-preview="At least">
                <dt className="text-muted">At least</dt>
                <dd className="text-right tabular-nums">{formatSwapAmount(back.minimum, backToken)}</dd>
              </div>
            </dl>
            <SwapDetails
              figures={current.preview}
              input={{ symbol: input.symbol, decimals: input.decimals }}
              output={{ symbol: output.symbol, decimals: output.decimals }}
              slippageBps={slippageBps}
            />
            <PriceImpactNotice priceImpactPct={current.preview.priceImpactPct} value={acceptedImpact} onChange={setAcceptedImpact} />
          </>
        ) : plan.isError ? (
          <p role="alert" className="rounded-lg border border-danger/50 bg-danger/10 px-3 py-2 text-sm text-danger">
            {plan.error.message}
          </p>
        ) : (
          <div className="flex flex-col gap-2" aria-busy="true" aria-label="Planning the close">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        )}
      </div>
    </Dialog>
  );
}
