// The settings gear's dialog: how transactions are broadcast, their priority and fee cap, the swap slippage, the theme
// and bank source.
import { useState } from "react";
import { SLIPPAGE, parseTypedAmount, type BroadcastType, type PriorityTier } from "@ballast/sdk";
import { Button, Dialog, Input, Segmented } from "../ui/index.js";
import { MAX_PRIORITY_FEE_CAP_SOL, bpsAsPercent, slippagePercentText, type AppSettings, type Slippage, type Theme } from "./settings.js";
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

/** The unit a custom slippage is typed in. */
export type SlippageUnit = "bps" | "%";

/** Decimal places of each unit in whole basis points: a percent is a hundred of them. */
const SLIPPAGE_UNIT_DECIMALS: Record<SlippageUnit, number> = { bps: 0, "%": 2 };

const SLIPPAGE_RANGE = `from 1 bps (${slippagePercentText(1)}) to ${SLIPPAGE.MAX_BPS} bps (${slippagePercentText(SLIPPAGE.MAX_BPS)})`;

/** A custom slippage typed in `unit`: whole basis points from 1 to SLIPPAGE.MAX_BPS; else the error to show. */
export function validateCustomSlippage(text: string, unit: SlippageUnit): { bps: number } | { error: string } {
  const parsed = parseTypedAmount(text, SLIPPAGE_UNIT_DECIMALS[unit]);
  switch (parsed.kind) {
    case "empty":
    case "not-a-number":
      return { error: unit === "bps" ? "Enter the slippage in basis points, like 50" : "Enter the slippage in percent, like 0.5" };
    case "too-many-decimals":
      return { error: `Slippage comes in whole basis points (1 bps = ${slippagePercentText(1)})` };
    case "amount":
      if (parsed.native < 1n || parsed.native > BigInt(SLIPPAGE.MAX_BPS)) return { error: `Slippage must be ${SLIPPAGE_RANGE}` };
      return { bps: Number(parsed.native) };
  }
}

/** A tolerance as text in `unit`, for the field after a unit switch. */
function slippageText(bps: number, unit: SlippageUnit): string {
  return unit === "bps" ? String(bps) : bpsAsPercent(bps);
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
  const [slippageMode, setSlippageMode] = useState<Slippage["mode"]>(settings.slippage.mode);
  const [slippageUnit, setSlippageUnit] = useState<SlippageUnit>("bps");
  const [slippageInput, setSlippageInput] = useState(settings.slippage.mode === "CUSTOM" ? String(settings.slippage.bps) : "");
  const custom = slippageMode === "CUSTOM" ? validateCustomSlippage(slippageInput, slippageUnit) : null;
  const invalid = (manual !== null && "error" in manual) || (custom !== null && "error" in custom);

  return (
    <form
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (invalid) return;
        onSave({
          maxCap: manual ? { mode: "MANUAL", sol: manual.sol } : { mode: "DYNAMIC" },
          slippage: custom ? { mode: "CUSTOM", bps: custom.bps } : { mode: "AUTO" },
        });
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
      <div className="flex flex-col gap-2">
        <Segmented
          label="Slippage"
          options={[
            { value: "AUTO", label: `Auto (${slippagePercentText(SLIPPAGE.AUTO_BPS)})` },
            { value: "CUSTOM", label: "Custom" },
          ]}
          value={slippageMode}
          onChange={(mode) => {
            setSlippageMode(mode);
            if (mode === "AUTO") onSave({ slippage: { mode: "AUTO" } });
          }}
        />
        {slippageMode === "CUSTOM" && (
          <div className="flex items-start gap-2">
            <Input
              label="Slippage tolerance"
              inputMode="decimal"
              autoComplete="off"
              placeholder={slippageText(SLIPPAGE.AUTO_BPS, slippageUnit)}
              value={slippageInput}
              onChange={(event) => setSlippageInput(event.target.value)}
              error={slippageInput !== "" && custom && "error" in custom ? custom.error : undefined}
              hint={`How far a swap may fall short of its quote before it is refused: ${SLIPPAGE_RANGE}.`}
              className="flex-1"
            />
            <Segmented
              label="Unit"
              options={[
                { value: "bps", label: "bps" },
                { value: "%", label: "%" },
              ]}
              value={slippageUnit}
              onChange={(unit) => {
                // A valid tolerance keeps its value in the new unit; anything else stays as typed.
                if (custom && "bps" in custom) setSlippageInput(slippageText(custom.bps, unit));
                setSlippageUnit(unit);
              }}
            />
          </div>
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
        <Button type="submit" disabled={invalid}>
          Done
        </Button>
      </div>
    </form>
  );
}
