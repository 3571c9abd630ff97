// The wallet context with a Wallet Standard wallet registered through the standard's window events (the e2e tests'
// wallet, both halves in this realm): it is offered next to the built-in wallet, connects, signs messages and legacy
// and v0 transactions with its account, and the app follows what the user does in the wallet itself — another
// account, disconnecting the site, the wallet going away.
import { ed25519 } from "@noble/curves/ed25519.js";
import { Keypair, SystemProgram, TransactionMessage, VersionedTransaction } from "@solana/web3.js";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  E2E_WALLET_ICON,
  E2E_WALLET_NAME,
  USER_REJECTED,
  pageWalletControl,
  registerStandardWalletHere,
  type StandardTestWallet,
} from "../e2e/support/standard-wallet.js";
import { LOCAL_WALLET_ID } from "../src/wallet/local-wallet.js";
import { WalletProvider, useWallet, type WalletContextValue } from "../src/wallet/WalletProvider.js";

const LAST_WALLET_KEY = "ballast:last-wallet";

let context: WalletContextValue | null = null;
let wallet: StandardTestWallet;
let firstKey: Keypair;
let secondKey: Keypair;

function Probe() {
  context = useWallet();
  return <output aria-label="address">{context.address ?? "none"}</output>;
}

function renderProvider() {
  return render(
    <WalletProvider cluster="local">
      <Probe />
    </WalletProvider>,
  );
}

const shownAddress = () => screen.getByLabelText("address").textContent;

async function connectStandard(): Promise<void> {
  await act(() => context!.connect(E2E_WALLET_NAME));
}

/** A one-instruction transfer paid by `payer`, as a legacy or a v0 message. */
function transfer(payer: Keypair, version: "legacy" | 0): VersionedTransaction {
  const message = new TransactionMessage({
    payerKey: payer.publicKey,
    recentBlockhash: Keypair.generate().publicKey.toBase58(),
    instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports: 1_000 })],
  });
  return new VersionedTransaction(version === "legacy" ? message.compileToLegacyMessage() : message.compileToV0Message());
}

beforeEach(() => {
  localStorage.clear();
  firstKey = Keypair.generate();
  secondKey = Keypair.generate();
  wallet = registerStandardWalletHere(firstKey);
});

afterEach(() => {
  cleanup();
  pageWalletControl().unregister();
  context = null;
});

describe("WalletProvider with a Wallet Standard wallet", () => {
  it("offers the registered wallet with its icon next to the built-in one, and connects to its account", async () => {
    renderProvider();
    expect(context!.options.map((o) => [o.id, o.name, o.kind, o.icon])).toEqual([
      [E2E_WALLET_NAME, E2E_WALLET_NAME, "standard", E2E_WALLET_ICON],
      [LOCAL_WALLET_ID, "Browser wallet", "local", null],
    ]);
    await connectStandard();
    expect(shownAddress()).toBe(firstKey.publicKey.toBase58());
    expect(context!.wallet?.icon).toBe(E2E_WALLET_ICON);
    expect(localStorage.getItem(LAST_WALLET_KEY)).toBe(E2E_WALLET_NAME);
  });

  it("signs messages and legacy and v0 transactions with the connected account, and passes a refusal on", async () => {
    renderProvider();
    await connectStandard();
    const message = new TextEncoder().encode("Welcome to Ballast");
    const signature = await context!.signMessage(message);
    expect(ed25519.verify(signature, message, firstKey.publicKey.toBytes())).toBe(true);
    wallet.refuseNextMessage();
    await expect(context!.signMessage(message)).rejects.toThrow(USER_REJECTED);

    const signed = await context!.wallet!.signAllTransactions([transfer(firstKey, "legacy"), transfer(firstKey, 0)]);
    expect(signed.map((tx) => tx.version)).toEqual(["legacy", 0]);
    for (const tx of signed) expect(ed25519.verify(tx.signatures[0]!, tx.message.serialize(), firstKey.publicKey.toBytes())).toBe(true);
    expect(wallet.transactions.map((t) => t.version)).toEqual(["legacy", 0]);
  });

  it("follows an account switched in the wallet: the new address, and signing with that account", async () => {
    renderProvider();
    await connectStandard();
    await act(() => wallet.switchAccount(secondKey));
    expect(shownAddress()).toBe(secondKey.publicKey.toBase58());
    expect(context!.actionWallet?.publicKey?.toBase58()).toBe(secondKey.publicKey.toBase58());
    const message = new TextEncoder().encode("after the switch");
    const signature = await context!.signMessage(message);
    expect(ed25519.verify(signature, message, secondKey.publicKey.toBytes())).toBe(true);
    const [tx] = await context!.wallet!.signAllTransactions([transfer(secondKey, 0)]);
    expect(ed25519.verify(tx!.signatures[0]!, tx!.message.serialize(), secondKey.publicKey.toBytes())).toBe(true);
  });

  it("disconnects when the user disconnects the site in the wallet, and does not reconnect on the next visit", async () => {
    const view = renderProvider();
    await connectStandard();
    await act(() => wallet.disconnectSite());
    expect(shownAddress()).toBe("none");
    expect(context!.wallet).toBeNull();
    expect(localStorage.getItem(LAST_WALLET_KEY)).toBeNull();
    view.unmount();
    renderProvider();
    await act(async () => {});
    expect(shownAddress()).toBe("none");
  });

  it("reconnects silently on the next visit to a wallet that approved the site", async () => {
    const view = renderProvider();
    await connectStandard();
    view.unmount();
    renderProvider();
    await act(async () => {});
    expect(shownAddress()).toBe(firstKey.publicKey.toBase58());
  });

  it("disconnects when the wallet unregisters (the extension is disabled)", async () => {
    renderProvider();
    await connectStandard();
    act(() => pageWalletControl().unregister());
    expect(shownAddress()).toBe("none");
    expect(context!.options.map((o) => o.id)).toEqual([LOCAL_WALLET_ID]);
  });
});
