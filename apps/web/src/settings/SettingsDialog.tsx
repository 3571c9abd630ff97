// The settings gear's dialog: how transactions are broadcast, their priority and fee cap, the theme and bank source.
import { useState } from "react";
import type { BroadcastType, PriorityTier } from "@ballast/sdk";
import { Button, Dialog, Input, Segmented } from "../ui/index.js";
import { MAX_PRIORITY_FEE_CAP_SOL, type AppSettings, type Theme } from "./settings.js";
import { useSettings } from "./SettingsProvider.js";

const BROADCAST_OPTIONS = [
  { value: "DYNAMIC", label: "Dynamic", description: "Sends through the RPC; the app picks the route" },
  { value: "RPC", label: "RPC", description: "Sends each transaction through the RPC with a priority fee" },
  { value: "BUNDLE", label: "Bundle", description: "Sends transactions as one atomic bundle with a tip" },
] as const satisfies readonly { value: BroadcastType; label: string; description: string }[];

const PRIORITY_OPTIONS = [
  { value: "NORMAL", label: "Normal" },
  { value: "HIGH", label: "High" },
  { value: "ULTRA", label: "Ultra" },
] as const satisfies readonly { value: PriorityTier; label: string }[];

const THEME_OPTIONS = [
  { value: "system", label: "System" },
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
] as const satisfies readonly { value: Theme; label: string }[];

/** A manual cap in SOL: positive and at most the 0.1 SOL ceiling; else the error to show. */
export function validateManualCap(text: string): { sol: number } | { error: string } {
  const sol = Number(text);
  if (text.trim() === "" || !Number.isFinite(sol) || sol <= 0) return { error: "Enter a positive SOL amount" };
  if (sol > MAX_PRIORITY_FEE_CAP_SOL) return { error: `At most ${MAX_PRIORITY_FEE_CAP_SOL} SOL per transaction` };
  return { sol };
}

export function SettingsDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const { settings, updateSettings } = useSettings();
  return (
    <Dialog open={open} onClose={onClose} title="Settings" description="Saved in this browser.">
      {open && <SettingsForm settings={settings} onSave={(changes) => updateSettings(changes)} onDone={onClose} />}
    </Dialog>
  );
}

function SettingsForm({
  settings,
  onSave,
  onDone,
}: {
  readonly settings: AppSettings;
  readonly onSave: (changes: Partial<AppSettings>) => void;
  readonly onDone: () => void;
}) {
  const [capText, setCapText] = useState(settings.maxCap.mode === "MANUAL" ? String(settings.maxCap.sol) : "");
  const [capMode, setCapMode] = useState(settings.maxCap.mode);
  const manual = capMode === "MANUAL" ? validateManualCap(capText) : null;

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (manual && "error" in manual) return;
        onSave({ maxCap: manual ? { mode: "MANUAL", sol: manual.sol } : { mode: "DYNAMIC" } });
        onDone();
      }}
    >
      <Segmented
        label="Transaction method"
        options={BROADCAST_OPTIONS}
        value={settings.broadcast}
        onChange={(broadcast) => onSave({ broadcast })}
      />
      <Segmented label="Priority" options={PRIORITY_OPTIONS} value={settings.priority} onChange={(priority) => onSave({ priority })} />
      <div className="flex flex-col gap-2">
        <Segmented
          label="Max priority fee"
          options={[
            { value: "DYNAMIC", label: "Dynamic" },
            { value: "MANUAL", label: "Manual" },
          ]}
          value={capMode}
          onChange={(mode) => {
            setCapMode(mode);
            if (mode === "DYNAMIC") onSave({ maxCap: { mode: "DYNAMIC" } });
          }}
        />
        {capMode === "MANUAL" && (
          <Input
            label="Cap per transaction"
            inputMode="decimal"
            placeholder="0.005"
            suffix="SOL"
            value={capText}
            onChange={(event) => setCapText(event.target.value)}
            error={capText !== "" && manual && "error" in manual ? manual.error : undefined}
            hint={`Never more than ${MAX_PRIORITY_FEE_CAP_SOL} SOL.`}
          />
        )}
      </div>
      <Segmented label="Theme" options={THEME_OPTIONS} value={settings.theme} onChange={(theme) => onSave({ theme })} />
      <Segmented
        label="Bank data"
        options={[
          { value: "db", label: "Snapshot", description: "Banks as last stored by the server (fast)" },
          { value: "rpc", label: "Live", description: "Banks read from the chain on every load" },
        ]}
        value={settings.bankSource}
        onChange={(bankSource) => onSave({ bankSource })}
      />
      <div className="flex justify-end">
        <Button type="submit" disabled={manual !== null && "error" in manual}>
          Done
        </Button>
      </div>
    </form>
  );
}
