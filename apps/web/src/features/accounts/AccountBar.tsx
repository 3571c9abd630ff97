// The account bar of the portfolio: switch between the wallet's accounts, create one (it becomes the selection),
// label, transfer, or close the selected one (only once it holds nothing).
import { PublicKey } from "@solana/web3.js";
import { closeAccountAction, errorMessage } from "@ballast/sdk";
import { useState } from "react";
import { useSelectedAccount } from "../../account/SelectedAccountProvider.js";
import { useActionContext } from "../../chain/action-context.js";
import { useSelectedMarket } from "../../market/MarketProvider.js";
import { useAccount, useAccountLabels } from "../../queries/index.js";
import { useRefreshAfterAction } from "../../queries/refresh.js";
import { Button, Dialog, useToast } from "../../ui/index.js";
import { createAccount } from "./account-actions.js";
import { AccountSwitcher } from "./AccountSwitcher.js";
import { LabelAccountDialog } from "./LabelAccountDialog.js";
import { TransferAccountDialog } from "./TransferAccountDialog.js";

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
  const [busy, setBusy] = useState<"create" | "close" | null>(null);
  // Why an account cannot be closed, shown only while that account is the selection.
  const [notice, setNotice] = useState<{ readonly account: string; readonly text: string } | null>(null);

  async function create() {
    if (!context) return;
    setBusy("create");
    try {
      const created = await createAccount(context, market.group);
      setSelectedAccount(created.account);
      toast({ tone: "success", title: "Account created" });
      await refresh();
    } catch (error) {
      toast({ tone: "error", title: "Could not create the account", description: errorMessage(error) ?? "Something went wrong" });
    } finally {
      setBusy(null);
    }
  }

  function askClose() {
    if (!selectedAccount) return;
    const empty = account.data?.balances.every((b) => !b.active) ?? false;
    if (!empty) return setNotice({ account: selectedAccount, text: CLOSE_NOT_EMPTY_MESSAGE });
    setNotice(null);
    setDialog("close");
  }

  async function close() {
    if (!context || !selectedAccount) return;
    setBusy("close");
    try {
      await closeAccountAction({ ...context, marginfiAccount: new PublicKey(selectedAccount) });
      // The account no longer exists: the selection moves on before anything asks the server about it again.
      forgetAccount(selectedAccount);
      setDialog(null);
      toast({ tone: "success", title: "Account closed" });
      await refresh();
    } catch (error) {
      toast({ tone: "error", title: "Could not close the account", description: errorMessage(error) ?? "Something went wrong" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <AccountSwitcher />
        <Button size="sm" variant="secondary" busy={busy === "create"} disabled={!context} onClick={create}>
          New account
        </Button>
        {selectedAccount && (
          <>
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
                <Button variant="danger" busy={busy === "close"} onClick={close}>
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
