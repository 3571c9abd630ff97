// Export and import of the built-in wallet's secret key.
import { useState } from "react";
import { Button, Dialog, Input, useToast } from "../ui/index.js";
import { exportLocalSecret, importLocalSecret } from "./local-wallet.js";
import { useWallet } from "./WalletProvider.js";

export function LocalWalletKeys() {
  const { switchLocalKeypair } = useWallet();
  const { toast } = useToast();
  const [mode, setMode] = useState<"export" | "import" | null>(null);
  const [secret, setSecret] = useState("");
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setMode(null);
    setSecret("");
    setError(null);
  };

  return (
    <>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="ghost" size="sm" onClick={() => setMode("export")}>
          Export key
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setMode("import")}>
          Import key
        </Button>
      </div>
      <Dialog
        open={mode === "export"}
        onClose={close}
        title="Export secret key"
        description="Anyone with this key controls the wallet and its funds. Keep it private."
      >
        <Input
          label="Secret key (base58)"
          readOnly
          value={mode === "export" ? (exportLocalSecret() ?? "") : ""}
          onFocus={(e) => e.currentTarget.select()}
        />
      </Dialog>
      <Dialog
        open={mode === "import"}
        onClose={close}
        title="Import secret key"
        description="Replaces this browser's wallet key. Export the current one first if it holds funds."
        footer={
          <Button
            onClick={() => {
              try {
                switchLocalKeypair(importLocalSecret(secret));
                toast({ tone: "success", title: "Wallet key imported" });
                close();
              } catch (e) {
                setError(e instanceof Error ? e.message : String(e));
              }
            }}
            disabled={secret.trim() === ""}
          >
            Import
          </Button>
        }
      >
        <Input
          label="Secret key (base58 or JSON byte array)"
          value={secret}
          onChange={(e) => {
            setSecret(e.target.value);
            setError(null);
          }}
          error={error ?? undefined}
          autoComplete="off"
          spellCheck={false}
        />
      </Dialog>
    </>
  );
}
