// Naming an account: the label (at most 24 characters) is signed as a message by the wallet and stored by the server;
// its refusal is shown as the server words it.
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useHttp } from "../../api/context.js";
import { MAX_LABEL_LENGTH } from "../../api/index.js";
import { queryKeys } from "../../queries/keys.js";
import { Button, Dialog, Input, useToast } from "../../ui/index.js";
import { useWallet } from "../../wallet/WalletProvider.js";
import { labelAccount, labelError } from "./account-label.js";

/** A wallet may reject the signature with something other than an Error: it is shown as it is. */
function refusalText(caught: unknown): string {
  return caught instanceof Error ? caught.message : String(caught);
}

export function LabelAccountDialog({
  account,
  currentLabel,
  open,
  onClose,
}: {
  readonly account: string;
  readonly currentLabel: string;
  readonly open: boolean;
  readonly onClose: () => void;
}) {
  const http = useHttp();
  const { address, signMessage } = useWallet();
  const client = useQueryClient();
  const { toast } = useToast();
  const [label, setLabel] = useState(currentLabel);
  // Why the label cannot be sent as typed; the server's refusal is the mutation's error.
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: ({ wallet, text }: { readonly wallet: string; readonly text: string }) =>
      labelAccount(http, account, text, wallet, signMessage),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.allAccountLabels() });
      toast({ tone: "success", title: "Account labelled" });
      onClose();
    },
  });
  const error = invalid ?? (save.isError ? refusalText(save.error) : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const problem = labelError(label) ?? (address ? null : "Wallet not connected");
    setInvalid(problem);
    if (problem === null && address) save.mutate({ wallet: address, text: label });
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Label account"
      description={`At most ${MAX_LABEL_LENGTH} characters, signed by your wallet.`}
    >
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Input
          label="Label"
          value={label}
          onChange={(event) => {
            setLabel(event.target.value);
            setInvalid(null);
            save.reset();
          }}
          error={error ?? undefined}
          autoComplete="off"
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending}>
            Save label
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
