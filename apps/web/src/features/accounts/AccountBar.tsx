// The account bar of the portfolio: switch between the wallet's accounts, create one (it becomes the selection),
// label, transfer, or close the selected one (only once it holds nothing); the selected account's risk beneath.
import { PublicKey } from "@solana/web3.js";
import { closeAccountAction, errorMessage, type ActionContext } from "@ballast/sdk";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useSelectedAccount } from "../../account/SelectedAccountProvider.js";
import { useActionContext } from "../../chain/action-context.js";
import { useSelectedMarket } from "../../market/MarketProvider.js";
import { useAccount, useAccountLabels } from "../../queries/index.js";
import { useRefreshAfterAction } from "../../queries/refresh.js";
import { Button, Dialog, useToast } from "../../ui/index.js";
import { AccountRiskBadges } from "../risk/AccountRiskBadges.js";
import { createAccount } from "./account-actions.js";
import { AccountSwitcher } from "./AccountSwitcher.js";
import { LabelAccountDialog } from "./LabelAccountDialog.js";
import { TransferAccountDialog } from "./TransferAccountDialog.js";
import { ExplorerLink } from "../explorer/ExplorerLink.js";

export const CLOSE_NOT_EMPTY_MESSAGE = "Close every position first: withdraw all supplies and repay all borrowings.";

type OpenDialog = "label" | "transfer" | "close" | null;

export function AccountBar() {
  const { selectedAccount, setSelectedAccount, forgetAccount } = useSelectedAccount();
  const { market } = useSelectedMarket();
  const context = useActionContext();
  const refresh = useRefreshAfterAction();
  const account = useAccount(selectedAccount);
  const labels = useAccountLabels().data ?? {};
  const { toast } = useToast();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  // Why an account cannot be closed, shown only while that account is the selection.
  const [notice, setNotice] = useState<{ readonly account: string; readonly text: string } | null>(null);

  const create = useMutation({
    mutationFn: (signer: ActionContext) => createAccount(signer, market.group),
    onSuccess: async (created) => {
      setSelectedAccount(created.account);
      toast({ tone: "success", title: "Account created" });
      await refresh();
    },
    onError: (error) => {
      toast({ tone: "error", title: "Could not create the account", description: errorMessage(error) ?? "Something went wrong" });
    },
  });

  function askClose() {
    if (!selectedAccount) return;
    const empty = account.data?.balances.every((b) => !b.active) ?? false;
    if (!empty) return setNotice({ account: selectedAccount, text: CLOSE_NOT_EMPTY_MESSAGE });
    setNotice(null);
    setDialog("close");
  }

  const close = useMutation({
    mutationFn: ({ signer, closed }: { readonly signer: ActionContext; readonly closed: string }) =>
      closeAccountAction({ ...signer, marginfiAccount: new PublicKey(closed) }),
    onSuccess: async (_result, { closed }) => {
      // The account no longer exists: the selection moves on before anything asks the server about it again.
      forgetAccount(closed);
      setDialog(null);
      toast({ tone: "success", title: "Account closed" });
      await refresh();
    },
    onError: (error) => {
      toast({ tone: "error", title: "Could not close the account", description: errorMessage(error) ?? "Something went wrong" });
    },
  });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <AccountSwitcher />
        <Button size="sm" variant="secondary" busy={create.isPending} disabled={!context} onClick={() => context && create.mutate(context)}>
          New account
        </Button>
        {selectedAccount && (
          <>
            <ExplorerLink target={{ kind: "address", address: selectedAccount }} className="text-sm" />
            <Button size="sm" variant="ghost" onClick={() => setDialog("label")}>
              Label
            </Button>
            <Button size="sm" variant="ghost" disabled={!account.data} onClick={() => setDialog("transfer")}>
              Transfer
            </Button>
            <Button size="sm" variant="ghost" disabled={!account.data} onClick={askClose}>
              Close account
            </Button>
          </>
        )}
      </div>
      {selectedAccount && <AccountRiskBadges account={selectedAccount} />}
      {notice && notice.account === selectedAccount && (
        <p role="status" className="text-sm text-warning">
          {notice.text}
        </p>
      )}
      {selectedAccount && (
        <>
          {dialog === "label" && (
            <LabelAccountDialog
              account={selectedAccount}
              currentLabel={labels[selectedAccount] ?? ""}
              open
              onClose={() => setDialog(null)}
            />
          )}
          {dialog === "transfer" && <TransferAccountDialog account={selectedAccount} open onClose={() => setDialog(null)} />}
          <Dialog
            open={dialog === "close"}
            onClose={() => setDialog(null)}
            title="Close account"
            description="The account is empty. Closing it returns its rent to your wallet."
            footer={
              <>
                <Button variant="secondary" onClick={() => setDialog(null)}>
                  Cancel
                </Button>
                <Button
                  variant="danger"
                  busy={close.isPending}
                  onClick={() => context && selectedAccount && close.mutate({ signer: context, closed: selectedAccount })}
                >
                  Close account
                </Button>
              </>
            }
          >
            <p className="text-sm text-muted">This cannot be undone.</p>
          </Dialog>
        </>
      )}
    </div>
  );
}
