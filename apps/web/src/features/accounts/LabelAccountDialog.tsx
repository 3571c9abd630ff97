// Naming an account: the label (at most 24 characters) is signed as a message by the wallet and stored by the server;
// its refusal is shown as the server words it.
import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useHttp } from "../../api/context.js";
import { MAX_LABEL_LENGTH } from "../../api/index.js";
import { Button, Dialog, Input, useToast } from "../../ui/index.js";
import { useWallet } from "../../wallet/WalletProvider.js";
import { labelAccount, labelError } from "./account-label.js";

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
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const invalid = labelError(label);
    if (invalid) return setError(invalid);
    if (!address) return setError("Wallet not connected");
    setSaving(true);
    setError(null);
    try {
      await labelAccount(http, account, label, address, signMessage);
      await client.invalidateQueries({ queryKey: ["account-labels"] });
      toast({ tone: "success", title: "Account labelled" });
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
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
            setError(null);
          }}
          error={error ?? undefined}
          autoComplete="off"
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={saving}>
            Save label
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
