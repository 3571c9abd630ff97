// The staged transaction toast: "Sign transaction" → the action's steps → Confirmed with the shortened signature
// and a copy button; a failure shows the SDK's resolved program-error description (never the raw log) and Retry.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Keypair } from "@solana/web3.js";
import { LENDING_PROGRAM_ERRORS, keypairWallet, type ActionWallet } from "@ballast/sdk";
import { TransactionToastProvider, useTransactionToasts, type TransactionRun } from "../src/features/transactions/index.js";
import { CONFIRMED_TOAST_MS } from "../src/features/transactions/TransactionToasts.js";

afterEach(cleanup);

const programId = Keypair.generate().publicKey;
const SIGNATURE = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";

let run: <T>(r: TransactionRun<T>) => Promise<boolean>;
function Harness() {
  run = useTransactionToasts().run;
  return null;
}

const steps = () =>
  [...screen.getByRole("list", { name: "Steps" }).querySelectorAll("li")].map((li) => [li.textContent!.slice(1), li.dataset.status]);

describe("transaction toast", () => {
  it("walks through signing and confirmation, then fails with the resolved message and retries", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <TransactionToastProvider>
          <Harness />
        </TransactionToastProvider>
      </QueryClientProvider>,
    );
    const wallet = keypairWallet(Keypair.generate()) as ActionWallet;
    const [code, entry] = [...LENDING_PROGRAM_ERRORS][0]!;
    let attempt = 0;
    let releaseSend!: () => void;
    const sent = new Promise<void>((resolve) => (releaseSend = resolve));
    let result!: Promise<boolean>;
    act(() => {
      result = run({
        title: "USDC: deposit",
        steps: ["Create account", "Deposit 1.5 USDC"],
        wallet,
        lendingProgramId: programId,
        send: async (w) => {
          attempt += 1;
          expect(w.publicKey?.equals(wallet.publicKey!)).toBe(true);
          if ("signAllTransactions" in w) await w.signAllTransactions([]);
          if (attempt === 1) {
            await sent;
            throw Object.assign(new Error("Transaction simulation failed"), {
              logs: [`Program ${programId.toBase58()} failed: custom program error: 0x${code.toString(16)}`],
            });
          }
          return SIGNATURE;
        },
        signatureOf: (s) => s,
      });
    });
    await vi.waitFor(() => expect(steps()[0]).toEqual(["Sign transaction (done)", "done"]));
    expect(steps().slice(1)).toEqual([
      ["Create account (active)", "active"],
      ["Deposit 1.5 USDC (active)", "active"],
      ["Confirmed", undefined],
    ]);

    await act(async () => releaseSend());
    expect(await result).toBe(false);
    const alert = screen.getByRole("alert", { name: "USDC: deposit" });
    expect(within(alert).getByText(entry.message)).toBeTruthy();
    expect(alert.textContent).not.toContain("custom program error");

    await act(async () => fireEvent.click(within(alert).getByRole("button", { name: "Retry" })));
    const status = await screen.findByRole("status", { name: "USDC: deposit" });
    expect(within(status).getByText("5VERv8…SZkQUW")).toBeTruthy();
    expect(within(status).getByRole("button", { name: "Copy signature" })).toBeTruthy();
    expect(steps().map(([, s]) => s)).toEqual(["done", "done", "done", undefined]);
    expect(attempt).toBe(2);
  });

  it("closes a confirmed toast by itself, but not while the user is on it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout"] });
    try {
      render(
        <QueryClientProvider client={new QueryClient()}>
          <TransactionToastProvider>
            <Harness />
          </TransactionToastProvider>
        </QueryClientProvider>,
      );
      const confirm = () =>
        run({
          title: "SOL: deposit",
          steps: ["Deposit 1 SOL"],
          wallet: keypairWallet(Keypair.generate()) as ActionWallet,
          lendingProgramId: programId,
          send: async () => SIGNATURE,
          signatureOf: (s) => s,
        });
      await act(async () => {
        expect(await confirm()).toBe(true);
      });
      const dismiss = within(screen.getByRole("status", { name: "SOL: deposit" })).getByRole("button", { name: "Dismiss" });
      dismiss.focus();
      act(() => {
        vi.advanceTimersByTime(CONFIRMED_TOAST_MS * 3);
      });
      expect(screen.getByRole("status", { name: "SOL: deposit" })).toBeTruthy();
      dismiss.blur();
      act(() => {
        vi.advanceTimersByTime(CONFIRMED_TOAST_MS);
      });
      expect(screen.queryByRole("status", { name: "SOL: deposit" })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
