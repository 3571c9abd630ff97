// Moving an account to another wallet: every position goes to a new account owned by the new authority (the old one
// is disabled), for the program's 0.005 SOL transfer fee.
import { useState, type FormEvent } from "react";
import { errorMessage } from "@ballast/sdk";
import { useSelectedAccount } from "../../account/SelectedAccountProvider.js";
import { useActionContext } from "../../chain/action-context.js";
import { useSelectedMarket } from "../../market/MarketProvider.js";
import { useMarket } from "../../queries/index.js";
import { useRefreshAfterAction } from "../../queries/refresh.js";
import { Button, Dialog, Input, useToast } from "../../ui/index.js";
import { useWallet } from "../../wallet/WalletProvider.js";
import { newAuthorityError, transferAccount } from "./account-actions.js";

export function TransferAccountDialog({
  account,
  open,
  onClose,
}: {
  readonly account: string;
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const { address } = useWallet();
  const { market } = useSelectedMarket();
  const snapshot = useMarket();
  const context = useActionContext();
  const { forgetAccount } = useSelectedAccount();
  const refresh = useRefreshAfterAction();
  const { toast } = useToast();
  const [target, setTarget] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!context || !address) return setError("Wallet not connected");
    const invalid = newAuthorityError(target, address);
    if (invalid) return setError(invalid);
    if (!snapshot.data) return setError("The market is still loading");
    setSending(true);
    setError(null);
    try {
      const moved = await transferAccount(context, {
        group: market.group,
        account,
        newAuthority: target.trim(),
        globalFeeWallet: snapshot.data.group.feeStateCache.globalFeeWallet,
      });
      toast({ tone: "success", title: "Account transferred", description: `New account ${moved.account}` });
      // The account now belongs to the other wallet: it leaves this wallet's list and selection.
      forgetAccount(account);
      onClose();
      await refresh();
    } catch (caught) {
      setError(errorMessage(caught) ?? "Something went wrong");
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Transfer account"
      description="Moves every position of this account to a new account owned by another wallet. This wallet loses access. Fee: 0.005 SOL."
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Input
          label="New authority (wallet address)"
          value={target}
          onChange={(event) => {
            setTarget(event.target.value);
            setError(null);
          }}
          error={error ?? undefined}
          autoComplete="off"
          spellCheck={false}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={sending}>
            Transfer
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
