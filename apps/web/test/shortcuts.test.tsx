// Keyboard shortcuts: D, B, R and W switch the action box's tab and say so in the live region, a bank without the tab
// says it is not offered, nothing fires while typing in a field or with Ctrl/Alt/Meta; "?" lists every shortcut; page
// keys wait while a dialog is open; the tabs and the close button carry their aria-keyshortcuts.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AssetTag, MarginfiGroupLayout, decodeMarginfiGroup } from "@ballast/protocol";
import type { Market, PricedBank } from "@ballast/sdk";
import { NOW, banksOf, sol, usdc } from "../../../packages/sdk/test/math/support.js";
import { ActionBoxView } from "../src/features/action-box/ActionBoxView.js";
import type { ActionType } from "../src/features/action-box/context.js";
import { apysOf } from "../src/features/markets/bank-rows.js";
import { SEARCH_SHORTCUT, isTypingTarget } from "../src/shortcuts/keys.js";
import { ShortcutsProvider, useShortcut } from "../src/shortcuts/ShortcutsProvider.js";
import { Dialog } from "../src/ui/index.js";

afterEach(cleanup);

function marketOf(...banks: PricedBank[]): Market {
  const group = Buffer.alloc(MarginfiGroupLayout.space);
  MarginfiGroupLayout.discriminator.copy(group, 0);
  return { group: decodeMarginfiGroup(group), banks: banksOf(...banks), now: NOW };
}

const solBank = sol({ totalAssets: "100000000000", assetWeightInit: "0.8" });

function renderBox(bank: PricedBank, initialAction: ActionType) {
  const market = marketOf(solBank, bank);
  render(
    <ShortcutsProvider>
      <ActionBoxView
        market={market}
        bank={bank}
        header={{ symbol: "USDC", name: "USD Coin", price: 1, depositApy: 0.05, borrowApy: 0.08 }}
        symbolOf={() => "USDC"}
        initialAction={initialAction}
        balances={null}
        wallet={{ token: 1_000_000n, nativeSol: 0n }}
        onSend={vi.fn(async () => null)}
        onClose={() => {}}
        apyOf={apysOf(market, undefined)}
      />
    </ShortcutsProvider>,
  );
}

const announced = () => screen.getByRole("status", { name: "Shortcut announcements" }).textContent;
const selectedTab = () => screen.getByRole("tab", { selected: true }).textContent;
const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) => fireEvent.keyDown(target, { key, ...init });

describe("the action box's keys", () => {
  it("switch the tab and announce it; the tabs and the close button name their keys", () => {
    renderBox(usdc({ totalAssets: "1000000000", totalLiabilities: "20000000" }), "deposit");
    const tabs = within(screen.getByRole("tablist", { name: "Action" })).getAllByRole("tab");
    expect(tabs.map((t) => [t.textContent, t.getAttribute("aria-keyshortcuts")])).toEqual([
      ["Deposit", "d"],
      ["Withdraw", "w"],
      ["Borrow", "b"],
      ["Repay", "r"],
    ]);
    expect(screen.getByRole("button", { name: "Close" }).getAttribute("aria-keyshortcuts")).toBe("Escape");
    expect(announced()).toBe("");
    press("b");
    expect(selectedTab()).toBe("Borrow");
    expect(announced()).toBe("Borrow selected");
    expect(screen.getByLabelText("Amount to borrow")).toBeTruthy();
    press("w");
    expect(selectedTab()).toBe("Withdraw");
    expect(announced()).toBe("Withdraw selected");
    press("r");
    expect(selectedTab()).toBe("Repay");
    expect(announced()).toBe("Repay selected");
    press("d");
    expect(selectedTab()).toBe("Deposit");
    expect(announced()).toBe("Deposit selected");
  });

  it("do nothing while typing in the amount, with Ctrl, Alt or Meta held, or for a capital letter", () => {
    renderBox(usdc({ totalAssets: "1000000000" }), "deposit");
    const input = screen.getByLabelText("Amount to deposit");
    press("b", {}, input);
    press("b", { ctrlKey: true });
    press("b", { altKey: true });
    press("b", { metaKey: true });
    press("B", { shiftKey: true });
    expect(selectedTab()).toBe("Deposit");
    expect(announced()).toBe("");
    // A tab has focus: not typing, so the key acts.
    press("w", {}, screen.getByRole("tab", { name: "Deposit" }));
    expect(selectedTab()).toBe("Withdraw");
  });

  it("say a tab the bank does not offer is not offered, and stay", () => {
    renderBox(usdc({ assetTag: AssetTag.Kamino, totalAssets: "1000000000" }), "deposit");
    press("b");
    expect(selectedTab()).toBe("Deposit");
    expect(announced()).toBe("Borrow is not offered by this bank");
    press("r");
    expect(announced()).toBe("Repay is not offered by this bank");
    press("w");
    expect(selectedTab()).toBe("Withdraw");
    expect(announced()).toBe("Withdraw selected");
  });
});

function SearchField({ dialogOpen }: { readonly dialogOpen: boolean }) {
  useShortcut(SEARCH_SHORTCUT, () => {
    document.getElementById("search")?.focus();
    return "Search assets focused";
  });
  return (
    <>
      <input id="search" aria-label="Search assets" aria-keyshortcuts={SEARCH_SHORTCUT.key} />
      <Dialog open={dialogOpen} onClose={() => {}} title="Open">
        <p>Above the page</p>
      </Dialog>
    </>
  );
}

describe("page keys and the shortcut list", () => {
  it('"/" focuses the search and says so, but not while a dialog is open', () => {
    const { rerender } = render(
      <ShortcutsProvider>
        <SearchField dialogOpen />
      </ShortcutsProvider>,
    );
    press("/");
    expect(document.activeElement?.id).not.toBe("search");
    expect(announced()).toBe("");
    rerender(
      <ShortcutsProvider>
        <SearchField dialogOpen={false} />
      </ShortcutsProvider>,
    );
    press("/");
    expect(document.activeElement?.id).toBe("search");
    expect(announced()).toBe("Search assets focused");
  });

  it('"?" opens the list of every shortcut, and Escape closes it', () => {
    render(
      <ShortcutsProvider>
        <p>Page</p>
      </ShortcutsProvider>,
    );
    expect(screen.queryByRole("dialog", { name: "Keyboard shortcuts" })).toBeNull();
    press("?", { shiftKey: true });
    const dialog = screen.getByRole("dialog", { name: "Keyboard shortcuts" });
    const rows = [...dialog.querySelectorAll("dl > div")].map((row) => [
      row.querySelector("dt")!.textContent,
      row.querySelector("dd")!.textContent,
    ]);
    expect(rows).toEqual([
      ["/", "Focus the market search"],
      ["D", "Action box: deposit"],
      ["B", "Action box: borrow"],
      ["R", "Action box: repay"],
      ["W", "Action box: withdraw"],
      ["Esc", "Close the action box or a dialog"],
      ["?", "Show the keyboard shortcuts"],
    ]);
    fireEvent(dialog, new Event("cancel", { cancelable: true }));
    expect(screen.queryByRole("dialog", { name: "Keyboard shortcuts" })).toBeNull();
  });

  it("tells typing from other keys", () => {
    const make = (html: string) => {
      const holder = document.createElement("div");
      holder.innerHTML = html;
      return holder.firstElementChild;
    };
    expect(isTypingTarget(make('<input type="text">'))).toBe(true);
    expect(isTypingTarget(make('<input type="search">'))).toBe(true);
    expect(isTypingTarget(make("<textarea></textarea>"))).toBe(true);
    expect(isTypingTarget(make("<select></select>"))).toBe(true);
    expect(isTypingTarget(make('<input type="checkbox">'))).toBe(false);
    expect(isTypingTarget(make("<button>Go</button>"))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
