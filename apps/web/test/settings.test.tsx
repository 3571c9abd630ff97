// Settings: persisted in localStorage, invalid stored values read as defaults, mapped to the SDK's broadcast
// settings, and changed through the settings dialog.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SettingsDialog, validateCustomSlippage, validateManualCap } from "../src/settings/SettingsDialog.js";
import { SettingsProvider, useSettings } from "../src/settings/SettingsProvider.js";
import {
  DEFAULT_SETTINGS,
  SETTINGS_KEY,
  loadSettings,
  parseSettings,
  slippagePercentText,
  swapSlippageBps,
  toBroadcastSettings,
} from "../src/settings/settings.js";

function Shown() {
  const { settings } = useSettings();
  return <output aria-label="settings">{JSON.stringify(settings)}</output>;
}

const stored = () => JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? "null");

beforeEach(() => {
  localStorage.clear();
  document.documentElement.classList.remove("dark");
});
afterEach(cleanup);

describe("settings", () => {
  it("defaults to dynamic broadcast, normal priority, dynamic cap, automatic slippage", () => {
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toEqual({
      broadcast: "DYNAMIC",
      priority: "NORMAL",
      maxCap: { mode: "DYNAMIC" },
      theme: "system",
      bankSource: "db",
      slippage: { mode: "AUTO" },
      healthAlert: { mode: "OFF" },
    });
  });

  it("reads stored values and replaces invalid ones by the defaults", () => {
    expect(
      parseSettings(
        JSON.stringify({
          broadcast: "BUNDLE",
          priority: "ULTRA",
          maxCap: { mode: "MANUAL", sol: 0.005 },
          theme: "dark",
          bankSource: "rpc",
          slippage: { mode: "CUSTOM", bps: 120 },
          healthAlert: { mode: "ON", percent: 25, notify: true },
        }),
      ),
    ).toEqual({
      broadcast: "BUNDLE",
      priority: "ULTRA",
      maxCap: { mode: "MANUAL", sol: 0.005 },
      theme: "dark",
      bankSource: "rpc",
      slippage: { mode: "CUSTOM", bps: 120 },
      healthAlert: { mode: "ON", percent: 25, notify: true },
    });
    expect(parseSettings(JSON.stringify({ broadcast: "JITO", priority: "MAMAS", maxCap: { mode: "MANUAL", sol: 5 }, theme: 3 }))).toEqual(
      DEFAULT_SETTINGS,
    );
    expect(parseSettings(JSON.stringify({ maxCap: { mode: "MANUAL", sol: -1 } })).maxCap).toEqual({ mode: "DYNAMIC" });
    expect(parseSettings("{not json")).toEqual(DEFAULT_SETTINGS);
    const alertOf = (healthAlert: unknown) => parseSettings(JSON.stringify({ healthAlert })).healthAlert;
    expect([0, 100, 12.5, "20", null].map((percent) => alertOf({ mode: "ON", percent, notify: true }))).toEqual(
      Array(5).fill({ mode: "OFF" }),
    );
    expect(alertOf({ mode: "ON", percent: 99, notify: "yes" })).toEqual({ mode: "ON", percent: 99, notify: false });
  });

  it("reads a stored custom slippage of 1 to 5000 whole bps, anything else or nothing as automatic", () => {
    const slippageOf = (slippage: unknown) => parseSettings(JSON.stringify({ slippage })).slippage;
    expect(slippageOf({ mode: "CUSTOM", bps: 1 })).toEqual({ mode: "CUSTOM", bps: 1 });
    expect(slippageOf({ mode: "CUSTOM", bps: 5000 })).toEqual({ mode: "CUSTOM", bps: 5000 });
    for (const outOfRange of [0, -5, 5001, 1e9]) expect(slippageOf({ mode: "CUSTOM", bps: outOfRange })).toEqual({ mode: "AUTO" });
    for (const notWhole of [12.5, "50", null, Number.NaN]) expect(slippageOf({ mode: "CUSTOM", bps: notWhole })).toEqual({ mode: "AUTO" });
    expect(slippageOf({ mode: "FIXED", bps: 50 })).toEqual({ mode: "AUTO" });
    expect(slippageOf({ mode: "CUSTOM" })).toEqual({ mode: "AUTO" });
    expect(parseSettings(JSON.stringify({ theme: "dark" })).slippage).toEqual({ mode: "AUTO" });
    expect(parseSettings(null).slippage).toEqual({ mode: "AUTO" });
  });

  it("quotes swaps at 50 bps on auto and at the custom bps otherwise, shown as a percent", () => {
    expect(swapSlippageBps(DEFAULT_SETTINGS)).toBe(50);
    expect(swapSlippageBps({ ...DEFAULT_SETTINGS, slippage: { mode: "CUSTOM", bps: 300 } })).toBe(300);
    expect([1, 5, 50, 125, 5000].map(slippagePercentText)).toEqual(["0.01%", "0.05%", "0.5%", "1.25%", "50%"]);
  });

  it("validates a custom slippage in bps or percent: whole bps from 1 to 5000", () => {
    expect(validateCustomSlippage("50", "bps")).toEqual({ bps: 50 });
    expect(validateCustomSlippage("5000", "bps")).toEqual({ bps: 5000 });
    expect(validateCustomSlippage("0.5", "%")).toEqual({ bps: 50 });
    expect(validateCustomSlippage("1,25", "%")).toEqual({ bps: 125 });
    expect(validateCustomSlippage("0.01", "%")).toEqual({ bps: 1 });
    expect(validateCustomSlippage("50", "%")).toEqual({ bps: 5000 });
    const range = "Slippage must be from 1 bps (0.01%) to 5000 bps (50%)";
    expect(validateCustomSlippage("0", "bps")).toEqual({ error: range });
    expect(validateCustomSlippage("5001", "bps")).toEqual({ error: range });
    expect(validateCustomSlippage("50.01", "%")).toEqual({ error: range });
    expect(validateCustomSlippage("12.5", "bps")).toEqual({ error: "Slippage comes in whole basis points (1 bps = 0.01%)" });
    expect(validateCustomSlippage("0.005", "%")).toEqual({ error: "Slippage comes in whole basis points (1 bps = 0.01%)" });
    expect(validateCustomSlippage("abc", "bps")).toEqual({ error: "Enter the slippage in basis points, like 50" });
    expect(validateCustomSlippage("-1", "%")).toEqual({ error: "Enter the slippage in percent, like 0.5" });
    expect(validateCustomSlippage("", "bps")).toEqual({ error: "Enter the slippage in basis points, like 50" });
  });

  it("sets a custom slippage in the dialog, refuses an invalid one inline without saving, and goes back to auto", () => {
    render(
      <SettingsProvider>
        <SettingsDialog open onClose={() => {}} />
      </SettingsProvider>,
    );
    expect(screen.getByRole("radio", { name: "Auto (0.5%)" }).getAttribute("aria-checked")).toBe("true");
    fireEvent.click(screen.getByRole("radio", { name: "Custom" }));
    const field = screen.getByLabelText("Slippage tolerance");
    const done = () => screen.getByRole("button", { name: "Done" }) as HTMLButtonElement;
    fireEvent.change(field, { target: { value: "6000" } });
    expect(screen.getByText("Slippage must be from 1 bps (0.01%) to 5000 bps (50%)")).toBeTruthy();
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(done().disabled).toBe(true);
    fireEvent.click(done());
    expect(stored()).toBeNull();

    fireEvent.change(field, { target: { value: "125" } });
    expect(screen.queryByText(/Slippage must be/)).toBeNull();
    fireEvent.click(screen.getByRole("radio", { name: "%" }));
    expect((screen.getByLabelText("Slippage tolerance") as HTMLInputElement).value).toBe("1.25");
    fireEvent.change(screen.getByLabelText("Slippage tolerance"), { target: { value: "0.005" } });
    expect(screen.getByText("Slippage comes in whole basis points (1 bps = 0.01%)")).toBeTruthy();
    expect(done().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText("Slippage tolerance"), { target: { value: "0.75" } });
    fireEvent.click(done());
    expect(stored().slippage).toEqual({ mode: "CUSTOM", bps: 75 });

    cleanup();
    render(
      <SettingsProvider>
        <SettingsDialog open onClose={() => {}} />
      </SettingsProvider>,
    );
    expect(screen.getByRole("radio", { name: "Custom" }).getAttribute("aria-checked")).toBe("true");
    expect((screen.getByLabelText("Slippage tolerance") as HTMLInputElement).value).toBe("75");
    fireEvent.click(screen.getByRole("radio", { name: "Auto (0.5%)" }));
    expect(stored().slippage).toEqual({ mode: "AUTO" });
    expect(screen.queryByLabelText("Slippage tolerance")).toBeNull();
  });

  it("maps to the SDK's broadcast settings, the manual cap in SOL and 0 for dynamic", () => {
    expect(toBroadcastSettings(DEFAULT_SETTINGS)).toEqual({ method: "DYNAMIC", priorityTier: "NORMAL", maxCapSol: 0 });
    expect(toBroadcastSettings({ ...DEFAULT_SETTINGS, broadcast: "RPC", priority: "HIGH", maxCap: { mode: "MANUAL", sol: 0.01 } })).toEqual(
      {
        method: "RPC",
        priorityTier: "HIGH",
        maxCapSol: 0.01,
      },
    );
  });

  it("validates a manual cap: positive and at most 0.1 SOL", () => {
    expect(validateManualCap("0.005")).toEqual({ sol: 0.005 });
    expect(validateManualCap("0.1")).toEqual({ sol: 0.1 });
    expect(validateManualCap("0.2")).toEqual({ error: "At most 0.1 SOL per transaction" });
    expect(validateManualCap("0")).toEqual({ error: "Enter a positive SOL amount" });
    expect(validateManualCap("abc")).toEqual({ error: "Enter a positive SOL amount" });
  });

  it("persists choices made in the dialog and restores them on the next visit", () => {
    render(
      <SettingsProvider>
        <SettingsDialog open onClose={() => {}} />
        <Shown />
      </SettingsProvider>,
    );
    fireEvent.click(screen.getByRole("radio", { name: "RPC" }));
    fireEvent.click(screen.getByRole("radio", { name: "Ultra" }));
    fireEvent.click(screen.getByRole("radio", { name: "Dark" }));
    expect(stored()).toMatchObject({ broadcast: "RPC", priority: "ULTRA", theme: "dark" });
    expect(document.documentElement.classList.contains("dark")).toBe(true);

    fireEvent.click(screen.getByRole("radio", { name: "Manual" }));
    const cap = screen.getByLabelText("Cap per transaction");
    fireEvent.change(cap, { target: { value: "0.5" } });
    expect(screen.getByText("At most 0.1 SOL per transaction")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Done" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(cap, { target: { value: "0.002" } });
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    expect(stored()).toEqual({
      broadcast: "RPC",
      priority: "ULTRA",
      maxCap: { mode: "MANUAL", sol: 0.002 },
      theme: "dark",
      bankSource: "db",
      slippage: { mode: "AUTO" },
      healthAlert: { mode: "OFF" },
    });

    cleanup();
    render(
      <SettingsProvider>
        <Shown />
      </SettingsProvider>,
    );
    expect(JSON.parse(screen.getByLabelText("settings").textContent!)).toEqual(stored());
  });

  it("moves between options with the arrow keys", () => {
    render(
      <SettingsProvider>
        <SettingsDialog open onClose={() => {}} />
      </SettingsProvider>,
    );
    const normal = screen.getByRole("radio", { name: "Normal" });
    expect(normal.getAttribute("aria-checked")).toBe("true");
    fireEvent.keyDown(normal, { key: "ArrowRight" });
    expect(screen.getByRole("radio", { name: "High" }).getAttribute("aria-checked")).toBe("true");
    expect(stored().priority).toBe("HIGH");
  });
});
