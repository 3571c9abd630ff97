// The top bar's wallet control: "Connect wallet" (a list of wallets) or the connected address with a menu — copy,
// sign-in, faucet and price control (local chain), local key export/import, disconnect.
import { useState } from "react";
import { WalletIcon } from "../app/icons.js";
import { useAuth } from "../auth/AuthProvider.js";
import { PriceControlButton } from "../features/price-control/PriceControlButton.js";
import { shortenAddress } from "../format/index.js";
import { useAppConfig } from "../market/MarketProvider.js";
import { Badge, Button, Dialog, EmptyState, Popover, useToast } from "../ui/index.js";
import { FaucetButton } from "./FaucetButton.js";
import { LocalWalletKeys } from "./LocalWalletKeys.js";
import { LOCAL_WALLET_ID } from "./local-wallet.js";
import { useWallet } from "./WalletProvider.js";

function WalletLogo({ icon, name }: { readonly icon: string | null; readonly name: string }) {
  if (icon) return <img src={icon} alt="" className="size-6 rounded" />;
  return (
    <span aria-hidden="true" className="flex size-6 items-center justify-center rounded bg-accent/15 text-xs font-semibold text-accent">
      {name.slice(0, 1)}
    </span>
  );
}

function ConnectDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { options, connect } = useWallet();
  const { toast } = useToast();
  const [pending, setPending] = useState<string | null>(null);
  const installed = options.filter((o) => o.kind === "standard");
  const local = options.filter((o) => o.kind === "local");

  async function pick(id: string) {
    setPending(id);
    try {
      await connect(id);
      onClose();
    } catch (error) {
      toast({ tone: "error", title: "Could not connect", description: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(null);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="Connect a wallet" description="Your keys stay in your wallet; Ballast never holds funds.">
      <div className="flex flex-col gap-4">
        {installed.length === 0 ? (
          <EmptyState
            className="py-4"
            title="No browser wallet found"
            description="Install a Solana wallet extension, or use the built-in browser wallet below."
          />
        ) : (
          <ul className="flex flex-col gap-2" aria-label="Installed wallets">
            {installed.map((o) => (
              <li key={o.id}>
                <Button variant="secondary" className="w-full justify-start" busy={pending === o.id} onClick={() => void pick(o.id)}>
                  <WalletLogo icon={o.icon} name={o.name} />
                  {o.name}
                </Button>
              </li>
            ))}
          </ul>
        )}
        {local.map((o) => (
          <div key={o.id} className="rounded-xl border border-line p-3">
            <Button variant="secondary" className="w-full justify-start" busy={pending === o.id} onClick={() => void pick(o.id)}>
              <WalletLogo icon={null} name={o.name} />
              {o.name}
            </Button>
            <p className="mt-2 text-xs text-muted">
              A key kept in this browser's storage, for trying Ballast and for the local test chain.
            </p>
          </div>
        ))}
      </div>
    </Dialog>
  );
}

/** Sign-in and sign-out report their failures as the auth state's error, shown below. */
function SignInStatus() {
  const auth = useAuth();
  if (!auth.enabled) return null;
  if (auth.user) {
    return (
      <div className="flex items-center justify-between gap-2 px-1 text-sm">
        <Badge tone="success">Signed in</Badge>
        <Button variant="ghost" size="sm" onClick={() => void auth.signOut()}>
          Sign out
        </Button>
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-1">
      <Button size="sm" className="w-full" busy={auth.authenticating} onClick={() => void auth.signIn()}>
        {auth.awaitingSignature ? "Approve in your wallet…" : "Sign in"}
      </Button>
      {auth.error && (
        <p role="alert" className="px-1 text-xs text-danger">
          {auth.signatureDenied ? "Signature request was declined." : auth.error}
        </p>
      )}
      {auth.unknownReferralCode && !auth.authenticating && (
        <Button size="sm" variant="secondary" className="w-full" onClick={() => void auth.continueWithoutReferral()}>
          Continue without referral code
        </Button>
      )}
    </div>
  );
}

export function WalletButton() {
  const { wallet, address, connecting, disconnect } = useWallet();
  const config = useAppConfig();
  const { toast } = useToast();
  const [connectOpen, setConnectOpen] = useState(false);

  if (!wallet || !address) {
    return (
      <>
        <Button size="sm" className="h-9" busy={connecting} onClick={() => setConnectOpen(true)}>
          <WalletIcon className="size-4" />
          <span>Connect</span>
        </Button>
        <ConnectDialog open={connectOpen} onClose={() => setConnectOpen(false)} />
      </>
    );
  }

  async function copyAddress(text: string) {
    try {
      await navigator.clipboard?.writeText(text);
      toast({ title: "Address copied" });
    } catch {
      toast({ title: "Could not copy", description: text, tone: "error" });
    }
  }

  return (
    <Popover
      triggerLabel={`Wallet ${shortenAddress(address)}`}
      triggerClassName="flex h-9 items-center gap-2 rounded-lg border border-line bg-surface px-2.5 text-sm font-medium text-fg hover:bg-subtle"
      trigger={
        <>
          <WalletLogo icon={wallet.icon} name={wallet.name} />
          <span className="font-mono text-xs sm:text-sm">{shortenAddress(address)}</span>
        </>
      }
    >
      {(close) => (
        <div className="flex flex-col gap-3 p-2">
          <div>
            <p className="text-xs text-muted">{wallet.name}</p>
            <p className="font-mono text-xs break-all text-fg">{address}</p>
          </div>
          <Button variant="ghost" size="sm" onClick={() => void copyAddress(address)}>
            Copy address
          </Button>
          <SignInStatus />
          {config.faucet && <FaucetButton wallet={address} />}
          {config.priceControl && <PriceControlButton />}
          {wallet.id === LOCAL_WALLET_ID && <LocalWalletKeys />}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              close();
              // The app has let go of the wallet already; a wallet that fails to disconnect itself changes nothing here.
              disconnect().catch(() => undefined);
            }}
          >
            Disconnect
          </Button>
        </div>
      )}
    </Popover>
  );
}
