// The account bar's pieces in the DOM: the label form refuses 25 characters with the server's exact wording (and signs
// nothing), the switcher names accounts by label or "Account N", and a switched account is remembered per wallet and
// market; the transfer form's address checks; why an account cannot be closed, said of that account only.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Keypair } from "@solana/web3.js";
import bs58 from "bs58";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SelectedAccountProvider } from "../src/account/SelectedAccountProvider.js";
import { selectedAccountStorageKey } from "../src/account/selection.js";
import { HttpProvider } from "../src/api/context.js";
import { Http } from "../src/api/index.js";
import type { AccountDto, AppConfig } from "../src/api/index.js";
import { AccountBar, CLOSE_NOT_EMPTY_MESSAGE } from "../src/features/accounts/AccountBar.js";
import { ADDRESS_ERRORS, newAuthorityError } from "../src/features/accounts/account-actions.js";
import { LABEL_LENGTH_MESSAGE, labelError } from "../src/features/accounts/account-label.js";
import { AccountSwitcher, accountName } from "../src/features/accounts/AccountSwitcher.js";
import { LabelAccountDialog } from "../src/features/accounts/LabelAccountDialog.js";
import { MarketProvider } from "../src/market/MarketProvider.js";
import { queryKeys } from "../src/queries/keys.js";
import { SettingsProvider } from "../src/settings/SettingsProvider.js";
import { ToastProvider } from "../src/ui/index.js";
import { LOCAL_WALLET_KEY } from "../src/wallet/local-wallet.js";
import { WalletProvider, useWallet } from "../src/wallet/WalletProvider.js";

const GROUP = "4qp6Fx6tnZkY5Wropq9wUYgtFxXKwE6viZxFHg3rdAG8";
const A = "HmpMfL8942u22htC4EMiWgLX931g3sacXFR6KjuLgKLV";
const B = "3Kz9tPfDJqZcKqhAHDDFcGQzjJ2hHRDbKMyWnzjfbYH8";
const keypair = Keypair.generate();
const WALLET = keypair.publicKey.toBase58();
/** The wallet's labels as the server would answer them, already in the query cache. */
const LABELS = { [B]: "Trading" };

/** The app's providers with the built-in wallet connected and its labels cached (nothing goes to a server). */
function Providers({ accounts, children }: { readonly accounts: string[]; readonly children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(queryKeys.accountLabels(WALLET), LABELS);
  return (
    <QueryClientProvider client={client}>
      <HttpProvider http={new Http("http://127.0.0.1:9")}>
        <ToastProvider>
          <WalletProvider cluster="local">
            <Scoped accounts={accounts}>{children}</Scoped>
          </WalletProvider>
        </ToastProvider>
      </HttpProvider>
    </QueryClientProvider>
  );
}

function Scoped({ accounts, children }: { readonly accounts: string[]; readonly children: ReactNode }) {
  const { address } = useWallet();
  if (!address) return <p>connecting</p>;
  return (
    <SelectedAccountProvider wallet={address} group={GROUP} accounts={accounts}>
      {children}
    </SelectedAccountProvider>
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(LOCAL_WALLET_KEY, bs58.encode(keypair.secretKey));
  localStorage.setItem("ballast:last-wallet", "local");
});
afterEach(cleanup);

describe("account label", () => {
  it("refuses 25 characters, blanks and control characters saying what to fix, and keeps 24", () => {
    expect(labelError("x".repeat(25))).toBe("Enter a label of 1 to 24 characters");
    expect(labelError("   ")).toBe(LABEL_LENGTH_MESSAGE);
    expect(labelError("a\tb")).toBe("A label cannot contain control characters such as tabs or line breaks");
    expect(labelError("x".repeat(24))).toBeNull();
    // Code points, as the server counts them: 24 emoji are 24 characters.
    expect(labelError("🙂".repeat(24))).toBeNull();
  });

  it("shows the message in the form when 25 characters are submitted", async () => {
    render(
      <Providers accounts={[A]}>
        <LabelAccountDialog account={A} currentLabel="" open onClose={() => {}} />
      </Providers>,
    );
    const input = await screen.findByLabelText("Label");
    fireEvent.change(input, { target: { value: "a".repeat(25) } });
    fireEvent.click(screen.getByRole("button", { name: "Save label" }));
    expect(await screen.findByText("Enter a label of 1 to 24 characters")).toBeTruthy();
  });
});

describe("account switcher", () => {
  it("names accounts by label or place", () => {
    expect(accountName(B, [A, B], { [A]: "Main" })).toBe("Account 2");
    expect(accountName(A, [A, B], { [A]: "Main" })).toBe("Main");
  });

  it("switches the selected account and remembers it for the wallet and market", async () => {
    render(
      <Providers accounts={[A, B]}>
        <AccountSwitcher />
      </Providers>,
    );
    const select = (await screen.findByRole("combobox", { name: "Account" })) as HTMLSelectElement;
    expect(select.value).toBe(A);
    expect([...select.options].map((o) => o.textContent)).toEqual(["Account 1 · HmpM…gKLV", "Trading · 3Kz9…bYH8"]);
    act(() => {
      fireEvent.change(select, { target: { value: B } });
    });
    await waitFor(() => expect(select.value).toBe(B));
    expect(localStorage.getItem(selectedAccountStorageKey(WALLET, GROUP))).toBe(B);

    cleanup();
    render(
      <Providers accounts={[A, B]}>
        <AccountSwitcher />
      </Providers>,
    );
    const again = (await screen.findByRole("combobox", { name: "Account" })) as HTMLSelectElement;
    expect(again.value).toBe(B);
  });
});

describe("transfer address", () => {
  it("accepts another wallet's address only", () => {
    expect(newAuthorityError(B, WALLET)).toBeNull();
    expect(newAuthorityError(WALLET, WALLET)).toBe(ADDRESS_ERRORS.same);
    expect(newAuthorityError("not an address", WALLET)).toBe(ADDRESS_ERRORS.invalid);
    expect(newAuthorityError("", WALLET)).toBe(ADDRESS_ERRORS.invalid);
  });
});

describe("closing an account", () => {
  const CONFIG: AppConfig = {
    programId: "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA",
    cluster: "local",
    rpcPath: "/rpc",
    authEnabled: false,
    faucet: false,
    priceControl: false,
    markets: [{ group: GROUP, name: "Main", main: true }],
    tokens: [],
    explorer: null,
  };
  /** What the bar reads of an account: whether any balance is active. */
  const accountData = (active: boolean) => ({ balances: active ? [{ active: true }] : [] }) as unknown as AccountDto;

  it("says why a funded account cannot be closed, for that account only, and offers to close an empty one", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(queryKeys.accountLabels(WALLET), {});
    client.setQueryData(queryKeys.account(A, WALLET), accountData(true));
    client.setQueryData(queryKeys.account(B, WALLET), accountData(false));
    render(
      <QueryClientProvider client={client}>
        <HttpProvider http={new Http("http://127.0.0.1:9")}>
          <SettingsProvider>
            <ToastProvider>
              <MarketProvider config={CONFIG} origin="http://127.0.0.1:9">
                <WalletProvider cluster="local">
                  <Scoped accounts={[A, B]}>
                    <AccountBar />
                  </Scoped>
                </WalletProvider>
              </MarketProvider>
            </ToastProvider>
          </SettingsProvider>
        </HttpProvider>
      </QueryClientProvider>,
    );
    const select = (await screen.findByRole("combobox", { name: "Account" })) as HTMLSelectElement;
    expect(select.value).toBe(A);
    const closeButton = () => screen.getAllByRole("button", { name: "Close account" })[0];
    await waitFor(() => expect((closeButton() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(closeButton()!);
    expect((await screen.findByRole("status")).textContent).toBe(CLOSE_NOT_EMPTY_MESSAGE);
    expect(screen.queryByRole("dialog", { name: "Close account" })).toBeNull();

    // The empty account: the funded one's notice is not about it, and closing it asks for confirmation.
    act(() => {
      fireEvent.change(select, { target: { value: B } });
    });
    await waitFor(() => expect(screen.queryByText(CLOSE_NOT_EMPTY_MESSAGE)).toBeNull());
    fireEvent.click(closeButton()!);
    const dialog = await screen.findByRole("dialog", { name: "Close account" });
    expect(dialog.textContent).toContain("The account is empty. Closing it returns its rent to your wallet.");
  });
});
