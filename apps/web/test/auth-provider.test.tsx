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
import { REFERRAL_KEY } from "../src/auth/referral.js";
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

  it("says an unknown referral code is unknown, forgets it, and signs up without it", async () => {
    const keypair = Keypair.generate();
    registerStandardWalletHere(keypair);
    globalThis.history.replaceState(null, "", "/?ref=NOPE2345");
    const signups: (string | null | undefined)[] = [];
    const http = new Http("");
    const post = http.post.bind(http);
    http.post = (path, body, init) => {
      if (path === "/api/auth/signup") signups.push((body as { referralCode?: string | null }).referralCode);
      return post(path, body, init);
    };
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <HttpProvider http={http}>
          <WalletProvider cluster="local">
            <AuthProvider enabled>
              <Probe />
            </AuthProvider>
          </WalletProvider>
        </HttpProvider>
      </QueryClientProvider>,
    );
    expect(localStorage.getItem(REFERRAL_KEY)).toBe("NOPE2345");
    await act(() => wallet.connect(E2E_WALLET_NAME));

    await act(async () => {
      await auth.signIn();
    });
    expect([auth.user, auth.error, auth.unknownReferralCode]).toEqual([null, "The referral code NOPE2345 is unknown", "NOPE2345"]);
    expect(localStorage.getItem(REFERRAL_KEY)).toBeNull();

    await act(async () => {
      await auth.continueWithoutReferral();
    });
    expect([auth.user?.walletAddress, auth.error, auth.unknownReferralCode]).toEqual([keypair.publicKey.toBase58(), null, null]);
    expect(signups).toEqual(["NOPE2345", null]);
    globalThis.history.replaceState(null, "", "/");
  }, 60_000);
});
