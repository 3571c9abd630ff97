// The wallet menu offers the price control only where the server has one (/api/config's priceControl): a server with a
// faucet but no price control, as on any chain but the local one with its price walk, shows no entry that would 403.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HttpProvider } from "../src/api/context.js";
import { Http, type AppConfig } from "../src/api/index.js";
import { AuthProvider } from "../src/auth/AuthProvider.js";
import { shortenAddress } from "../src/format/index.js";
import { MarketProvider } from "../src/market/MarketProvider.js";
import { ToastProvider } from "../src/ui/index.js";
import { LOCAL_WALLET_KEY } from "../src/wallet/local-wallet.js";
import { WalletButton } from "../src/wallet/WalletButton.js";
import { WalletProvider } from "../src/wallet/WalletProvider.js";

const ORIGIN = "http://127.0.0.1:9";
const keypair = Keypair.generate();
const WALLET = keypair.publicKey.toBase58();

const config = (priceControl: boolean): AppConfig => ({
  programId: "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA",
  cluster: "local",
  rpcPath: "/rpc",
  authEnabled: false,
  faucet: true,
  priceControl,
  markets: [{ group: "4qp6Fx6tnZkY5Wropq9wUYgtFxXKwE6viZxFHg3rdAG8", name: "Main", main: true }],
  tokens: [],
  explorer: null,
});

/** The wallet menu with the built-in wallet connected, opened. */
async function openWalletMenu(priceControl: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <HttpProvider http={new Http(ORIGIN)}>
        <ToastProvider>
          <MarketProvider config={config(priceControl)} origin={ORIGIN}>
            <WalletProvider cluster="local">
              <AuthProvider enabled={false}>
                <WalletButton />
              </AuthProvider>
            </WalletProvider>
          </MarketProvider>
        </ToastProvider>
      </HttpProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(await screen.findByRole("button", { name: `Wallet ${shortenAddress(WALLET)}` }));
  await screen.findByRole("button", { name: "Copy address" });
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(LOCAL_WALLET_KEY, bs58.encode(keypair.secretKey));
  localStorage.setItem("ballast:last-wallet", "local");
});
afterEach(cleanup);

describe("the wallet menu's price control entry", () => {
  it("is shown when the server has a price control", async () => {
    await openWalletMenu(true);
    expect(screen.getByRole("button", { name: "Price control" })).toBeTruthy();
  });

  it("is hidden when it has none, even beside a faucet", async () => {
    await openWalletMenu(false);
    expect(screen.queryByRole("button", { name: "Price control" })).toBeNull();
    expect(screen.getByRole("button", { name: "Get test tokens" })).toBeTruthy();
  });
});
