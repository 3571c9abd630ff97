// Sign-in state belongs to the wallet account it happened with: a refused signature shows as denied for that account,
// and an account switched in the wallet starts clean and signs in as itself (real API server on a real ledger, in a
// child process; a Wallet Standard wallet registered through the standard's window events).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render } from "@testing-library/react";
import { Keypair } from "@solana/web3.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { E2E_WALLET_NAME, USER_REJECTED, pageWalletControl, registerStandardWalletHere } from "../e2e/support/standard-wallet.js";
import { HttpProvider } from "../src/api/context.js";
import { Http } from "../src/api/index.js";
import { AuthProvider, useAuth, type AuthContextValue } from "../src/auth/AuthProvider.js";
import { WalletProvider, useWallet, type WalletContextValue } from "../src/wallet/WalletProvider.js";
import { startServerProcess, type ServerProcess } from "./support/server-process.js";

const SETUP = `
const market = await TestMarket.start();
closers.push(() => market.close());
const server = await startTestServer(market);
closers.push(() => server.close());
ready({ url: server.url });
`;

let server: ServerProcess<object>;
let wallet: WalletContextValue;
let auth: AuthContextValue;

beforeAll(async () => {
  server = await startServerProcess<object>(SETUP);
}, 120_000);

afterAll(() => server?.stop());

afterEach(() => {
  cleanup();
  pageWalletControl().unregister();
});

function Probe() {
  wallet = useWallet();
  auth = useAuth();
  return null;
}

describe("AuthProvider", () => {
  it("keeps a refused signature to the account that refused, and signs a switched account in as itself", async () => {
    const first = Keypair.generate();
    const second = Keypair.generate();
    const standard = registerStandardWalletHere(first);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <HttpProvider http={new Http("")}>
          <WalletProvider cluster="local">
            <AuthProvider enabled>
              <Probe />
            </AuthProvider>
          </WalletProvider>
        </HttpProvider>
      </QueryClientProvider>,
    );
    await act(() => wallet.connect(E2E_WALLET_NAME));

    standard.refuseNextMessage();
    await act(async () => {
      await auth.signIn();
    });
    expect([auth.user, auth.signatureDenied, auth.error]).toEqual([null, true, USER_REJECTED]);

    await act(() => standard.switchAccount(second));
    expect(wallet.address).toBe(second.publicKey.toBase58());
    expect([auth.signatureDenied, auth.error]).toEqual([false, null]);

    await act(async () => {
      await auth.signIn();
    });
    expect([auth.user?.walletAddress, auth.signatureDenied, auth.error]).toEqual([second.publicKey.toBase58(), false, null]);
  }, 60_000);
});
