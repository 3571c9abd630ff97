// Toasts over dialogs: a modal <dialog> is in the browser's top layer and makes the rest of the page inert, so toasts
// (the app's and the transactions') must render inside the topmost open dialog, after its controls in the keyboard
// order, and move back to the page when it closes. (The browser journeys check what the user sees at both widths.)
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Keypair } from "@solana/web3.js";
import { keypairWallet, type ActionWallet } from "@ballast/sdk";
import { TransactionToastProvider, useTransactionToasts } from "../src/features/transactions/index.js";
import { Dialog, ToastProvider, useToast } from "../src/ui/index.js";

afterEach(cleanup);

const SIGNATURE = "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW";

function Screen() {
  const [open, setOpen] = useState<"none" | "outer" | "both">("none");
  const { toast } = useToast();
  const { run } = useTransactionToasts();
  return (
    <>
      <button type="button" onClick={() => setOpen("outer")}>
        Open
      </button>
      <button type="button" onClick={() => toast({ title: "Saved" })}>
        Notify
      </button>
      <Dialog open={open !== "none"} onClose={() => setOpen("none")} title="Action box">
        <button type="button" onClick={() => setOpen("both")}>
          Settings
        </button>
        <button
          type="button"
          onClick={() =>
            void run({
              title: "USDC: repay",
              steps: ["Repay all USDC"],
              wallet: keypairWallet(Keypair.generate()) as ActionWallet,
              lendingProgramId: Keypair.generate().publicKey,
              send: async () => SIGNATURE,
              signatureOf: (s) => s,
            })
          }
        >
          Send
        </button>
      </Dialog>
      <Dialog open={open === "both"} onClose={() => setOpen("outer")} title="Settings">
        <p>Inner</p>
      </Dialog>
    </>
  );
}

const dialogNamed = (name: string) => screen.getAllByRole("dialog", { hidden: true }).find((d) => d.textContent?.includes(name))!;

describe("toasts over dialogs", () => {
  it("render inside the topmost open dialog, after its controls, and return to the page when it closes", async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ToastProvider>
          <TransactionToastProvider>
            <Screen />
          </TransactionToastProvider>
        </ToastProvider>
      </QueryClientProvider>,
    );
    const region = () => screen.getByLabelText("Notifications", { selector: "[aria-live]" });
    expect(region().closest("dialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Open" }));
    const outer = dialogNamed("Action box");
    expect(region().closest("dialog")).toBe(outer);

    await act(async () => fireEvent.click(within(outer).getByRole("button", { name: "Send" })));
    const confirmed = await screen.findByRole("status", { name: "USDC: repay" });
    // Confirmed once it offers the signature (the send loads its SDK part first).
    await within(confirmed).findByRole("button", { name: "Copy signature" });
    expect(confirmed.closest("dialog")).toBe(outer);
    // Tab order: the dialog's own controls first, then the toast's buttons, all inside the dialog's focus trap.
    const focusable = [...outer.querySelectorAll("button")].map((b) => b.getAttribute("aria-label") ?? b.textContent);
    expect(focusable).toEqual(["Close", "Settings", "Send", "Dismiss", "Copy signature"]);

    fireEvent.click(within(outer).getByRole("button", { name: "Settings" }));
    const inner = dialogNamed("Inner");
    expect(screen.getByRole("status", { name: "USDC: repay" }).closest("dialog")).toBe(inner);
    expect(region().closest("dialog")).toBe(inner);

    fireEvent.click(within(inner).getByRole("button", { name: "Close" }));
    expect(region().closest("dialog")).toBe(outer);
    fireEvent.click(within(outer).getByRole("button", { name: "Close" }));
    expect(region().closest("dialog")).toBeNull();
    expect(screen.getByRole("status", { name: "USDC: repay" }).closest("dialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Notify" }));
    expect(within(region()).getByText("Saved")).toBeTruthy();
  });
});
