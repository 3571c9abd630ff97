// Settings: persisted in localStorage, invalid stored values read as defaults, mapped to the SDK's broadcast
// settings, and changed through the settings dialog.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SettingsDialog, validateManualCap } from "../src/settings/SettingsDialog.js";
import { SettingsProvider, useSettings } from "../src/settings/SettingsProvider.js";
import { DEFAULT_SETTINGS, SETTINGS_KEY, loadSettings, parseSettings, toBroadcastSettings } from "../src/settings/settings.js";

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
  it("defaults to dynamic broadcast, normal priority, dynamic cap", () => {
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toEqual({
      broadcast: "DYNAMIC",
      priority: "NORMAL",
      maxCap: { mode: "DYNAMIC" },
      theme: "system",
      bankSource: "db",
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
        }),
      ),
    ).toEqual({
      broadcast: "BUNDLE",
      priority: "ULTRA",
      maxCap: { mode: "MANUAL", sol: 0.005 },
      theme: "dark",
      bankSource: "rpc",
    });
    expect(parseSettings(JSON.stringify({ broadcast: "JITO", priority: "MAMAS", maxCap: { mode: "MANUAL", sol: 5 }, theme: 3 }))).toEqual(
      DEFAULT_SETTINGS,
    );
    expect(parseSettings(JSON.stringify({ maxCap: { mode: "MANUAL", sol: -1 } })).maxCap).toEqual({ mode: "DYNAMIC" });
    expect(parseSettings("{not json")).toEqual(DEFAULT_SETTINGS);
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
