// The selected-account context: the error outside its provider, the remembered account per wallet and market, the
// fallback to the first account, a newly created account becoming the selection, and a closed or transferred account
// leaving the list and the selection at once.
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SelectedAccountProvider, useSelectedAccount } from "../src/account/SelectedAccountProvider.js";
import { selectedAccountStorageKey } from "../src/account/selection.js";

const WALLET = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
const OTHER_WALLET = "7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU";
const GROUP = "4qp6Fx6tnZkY5Wropq9wUYgtFxXKwE6viZxFHg3rdAG8";
const A = "HmpMfL8942u22htC4EMiWgLX931g3sacXFR6KjuLgKLV";
const B = "3Kz9tPfDJqZcKqhAHDDFcGQzjJ2hHRDbKMyWnzjfbYH8";
const NEW = "CWaGRkVfYwLs4Q2yMcnqKGDr52bXqBLGkWSwz1GxHdVj";

let setter: ((account: string) => void) | null = null;
let forget: ((account: string) => void) | null = null;

function Probe() {
  const { selectedAccount, setSelectedAccount, forgetAccount, accounts } = useSelectedAccount();
  setter = setSelectedAccount;
  forget = forgetAccount;
  return (
    <>
      <output aria-label="selected">{selectedAccount ?? "none"}</output>
      <output aria-label="accounts">{accounts?.join(",") ?? "loading"}</output>
    </>
  );
}

function renderWith(props: { wallet: string | null; group?: string; accounts: string[] | undefined }) {
  return render(
    <SelectedAccountProvider wallet={props.wallet} group={props.group ?? GROUP} accounts={props.accounts}>
      <Probe />
    </SelectedAccountProvider>,
  );
}

const selected = () => screen.getByLabelText("selected").textContent;
const listed = () => screen.getByLabelText("accounts").textContent;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  setter = null;
  forget = null;
});

describe("useSelectedAccount", () => {
  it("throws its exact error outside SelectedAccountProvider", () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Probe />)).toThrow("useSelectedAccount must be under SelectedAccountProvider");
    } finally {
      console.error = quiet;
    }
  });

  it("selects the first account when none is remembered, and nothing without a wallet or accounts", () => {
    renderWith({ wallet: WALLET, accounts: [A, B] });
    expect(selected()).toBe(A);
    cleanup();
    renderWith({ wallet: WALLET, accounts: [] });
    expect(selected()).toBe("none");
    cleanup();
    renderWith({ wallet: null, accounts: [A] });
    expect(selected()).toBe("none");
  });

  it("restores the remembered account of the wallet and market", () => {
    localStorage.setItem(selectedAccountStorageKey(WALLET, GROUP), B);
    renderWith({ wallet: WALLET, accounts: [A, B] });
    expect(selected()).toBe(B);
    cleanup();
    // Another wallet has its own memory.
    renderWith({ wallet: OTHER_WALLET, accounts: [A, B] });
    expect(selected()).toBe(A);
  });

  it("falls back to the first account when the remembered one is not in the list", () => {
    localStorage.setItem(selectedAccountStorageKey(WALLET, GROUP), NEW);
    renderWith({ wallet: WALLET, accounts: [A, B] });
    expect(selected()).toBe(A);
  });

  it("selects and remembers a newly created account before the list has it", () => {
    const view = renderWith({ wallet: WALLET, accounts: [A] });
    act(() => setter!(NEW));
    expect(selected()).toBe(NEW);
    expect(localStorage.getItem(selectedAccountStorageKey(WALLET, GROUP))).toBe(NEW);
    view.rerender(
      <SelectedAccountProvider wallet={WALLET} group={GROUP} accounts={[A, NEW]}>
        <Probe />
      </SelectedAccountProvider>,
    );
    expect(selected()).toBe(NEW);
    cleanup();
    // A later visit restores it now that the list has it.
    renderWith({ wallet: WALLET, accounts: [A, NEW] });
    expect(selected()).toBe(NEW);
  });

  it("drops a forgotten account from the list and moves the selection to the first one left", () => {
    const view = renderWith({ wallet: WALLET, accounts: [A, B] });
    act(() => setter!(B));
    expect(selected()).toBe(B);
    act(() => forget!(B));
    expect(selected()).toBe(A);
    expect(listed()).toBe(A);
    // The server's list, refetched before the chain caught up, still names it: it stays gone.
    view.rerender(
      <SelectedAccountProvider wallet={WALLET} group={GROUP} accounts={[A, B]}>
        <Probe />
      </SelectedAccountProvider>,
    );
    expect(listed()).toBe(A);
    // Forgetting the last account leaves nothing selected.
    act(() => forget!(A));
    expect(selected()).toBe("none");
    expect(listed()).toBe("");
  });

  it("does not restore a forgotten account that storage remembers", () => {
    localStorage.setItem(selectedAccountStorageKey(WALLET, GROUP), B);
    renderWith({ wallet: WALLET, accounts: [A, B] });
    expect(selected()).toBe(B);
    act(() => forget!(B));
    expect(selected()).toBe(A);
  });
});
