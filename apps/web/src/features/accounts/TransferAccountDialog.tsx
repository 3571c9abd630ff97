// Moving an account to another wallet: every position goes to a new account owned by the new authority (the old one
// is disabled), for the program's 0.005 SOL transfer fee.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorMessage, type ActionContext } from "@ballast/sdk";
import { useSelectedAccount } from "../../account/SelectedAccountProvider.js";
import { useActionContext } from "../../chain/action-context.js";
import { useSelectedMarket } from "../../market/MarketProvider.js";
import { useMarket } from "../../queries/index.js";
import { useRefreshAfterAction } from "../../queries/refresh.js";
import { Button, Dialog, Input, useToast } from "../../ui/index.js";
import { useWallet } from "../../wallet/WalletProvider.js";
import { newAuthorityError, transferAccount, type TransferAccountParams } from "./account-actions.js";

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
  // Why the transfer cannot be sent as entered; the send's own failure is the mutation's error.
  const [invalid, setInvalid] = useState<string | null>(null);
  const transfer = useMutation({
    mutationFn: ({ context, params }: { readonly context: ActionContext; readonly params: TransferAccountParams }) =>
      transferAccount(context, params),
    onSuccess: async (moved) => {
      toast({ tone: "success", title: "Account transferred", description: `New account ${moved.account}` });
      // The account now belongs to the other wallet: it leaves this wallet's list and selection.
      forgetAccount(account);
      onClose();
      await refresh();
    },
  });
  const error = invalid ?? (transfer.isError ? (errorMessage(transfer.error) ?? "Something went wrong") : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = !context || !address ? "Wallet not connected" : newAuthorityError(target, address);
    const globalFeeWallet = snapshot.data?.group.feeStateCache.globalFeeWallet;
    setInvalid(problem ?? (globalFeeWallet === undefined ? "The market is still loading" : null));
    if (problem !== null || !context || globalFeeWallet === undefined) return;
    transfer.mutate({ context, params: { group: market.group, account, newAuthority: target.trim(), globalFeeWallet } });
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
            setInvalid(null);
            transfer.reset();
          }}
          error={error ?? undefined}
          autoComplete="off"
          spellCheck={false}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={transfer.isPending}>
            Transfer
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
