// The user's transaction settings (broadcast method, priority, max fee cap), display theme, bank source and health
// alert, persisted in localStorage; a stored value that is not a valid choice reads as the default.
import { SLIPPAGE, type BroadcastSettings, type BroadcastType, type PriorityTier } from "@ballast/sdk";
import { formatTokenAmount } from "../format/index.js";
import { readStored, writeStored } from "../storage.js";

export const SETTINGS_KEY = "ballast:settings";

const BROADCAST_METHODS: readonly BroadcastType[] = ["DYNAMIC", "RPC", "BUNDLE"];
const PRIORITY_TIERS: readonly PriorityTier[] = ["NORMAL", "HIGH", "ULTRA"];
const THEMES = ["system", "light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

/** Swap slippage: the SDK's automatic tolerance, or a custom one in basis points (1 to SLIPPAGE.MAX_BPS). */
export type Slippage = { readonly mode: "AUTO" } | { readonly mode: "CUSTOM"; readonly bps: number };

/** DYNAMIC leaves the cap to the fee tier (and the 0.1 SOL ceiling); MANUAL caps each transaction's fee at `sol`. */
export type MaxCap = { readonly mode: "DYNAMIC" } | { readonly mode: "MANUAL"; readonly sol: number };

/**
 * The health alert: off, or a threshold in whole percent of health factor (1 to 99) under which the app warns, with
 * browser notifications only once the user opted in.
 */
export type HealthAlert = { readonly mode: "OFF" } | { readonly mode: "ON"; readonly percent: number; readonly notify: boolean };

export interface AppSettings {
  readonly broadcast: BroadcastType;
  readonly priority: PriorityTier;
  readonly maxCap: MaxCap;
  readonly theme: Theme;
  /** Where the bank list comes from: the stored snapshot (db) or the ledger now (rpc). */
  readonly bankSource: "db" | "rpc";
  /** The tolerance of the swaps in loop, repay-with-collateral and withdraw-as flows. */
  readonly slippage: Slippage;
  readonly healthAlert: HealthAlert;
}

export const DEFAULT_SETTINGS: AppSettings = {
  broadcast: "DYNAMIC",
  priority: "NORMAL",
  maxCap: { mode: "DYNAMIC" },
  theme: "system",
  bankSource: "db",
  slippage: { mode: "AUTO" },
  healthAlert: { mode: "OFF" },
};

/** The program's hard ceiling on one transaction's priority fee, in SOL (spec §5). */
export const MAX_PRIORITY_FEE_CAP_SOL = 0.1;

function oneOf<T>(value: unknown, choices: readonly T[], fallback: T): T {
  return choices.includes(value as T) ? (value as T) : fallback;
}

function parseMaxCap(value: unknown): MaxCap {
  const cap = value as { mode?: unknown; sol?: unknown } | null;
  if (cap?.mode === "MANUAL" && typeof cap.sol === "number" && cap.sol > 0 && cap.sol <= MAX_PRIORITY_FEE_CAP_SOL) {
    return { mode: "MANUAL", sol: cap.sol };
  }
  return { mode: "DYNAMIC" };
}

function parseSlippage(value: unknown): Slippage {
  const slippage = value as { mode?: unknown; bps?: unknown } | null;
  const bps = slippage?.bps;
  if (slippage?.mode === "CUSTOM" && typeof bps === "number" && Number.isInteger(bps) && bps >= 1 && bps <= SLIPPAGE.MAX_BPS) {
    return { mode: "CUSTOM", bps };
  }
  return { mode: "AUTO" };
}

/** A valid alert threshold: a whole percent from 1 to 99. */
export function isHealthAlertPercent(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 99;
}

function parseHealthAlert(value: unknown): HealthAlert {
  const alert = value as { mode?: unknown; percent?: unknown; notify?: unknown } | null;
  if (alert?.mode === "ON" && isHealthAlertPercent(alert.percent)) {
    return { mode: "ON", percent: alert.percent, notify: alert.notify === true };
  }
  return { mode: "OFF" };
}

/** Settings from stored JSON; anything missing or invalid takes the default. */
export function parseSettings(text: string | null): AppSettings {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = text === null ? {} : JSON.parse(text);
    if (parsed && typeof parsed === "object") raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  return {
    broadcast: oneOf(raw.broadcast, BROADCAST_METHODS, DEFAULT_SETTINGS.broadcast),
    priority: oneOf(raw.priority, PRIORITY_TIERS, DEFAULT_SETTINGS.priority),
    maxCap: parseMaxCap(raw.maxCap),
    theme: oneOf(raw.theme, THEMES, DEFAULT_SETTINGS.theme),
    bankSource: oneOf(raw.bankSource, ["db", "rpc"] as const, DEFAULT_SETTINGS.bankSource),
    slippage: parseSlippage(raw.slippage),
    healthAlert: parseHealthAlert(raw.healthAlert),
  };
}

export function loadSettings(): AppSettings {
  return parseSettings(readStored(SETTINGS_KEY));
}

export function saveSettings(settings: AppSettings): void {
  writeStored(SETTINGS_KEY, JSON.stringify(settings));
}

/** The SDK's broadcast settings for an action: method, tier, and the manual cap in SOL (0 = none). */
export function toBroadcastSettings(settings: AppSettings): BroadcastSettings {
  return {
    method: settings.broadcast,
    priorityTier: settings.priority,
    maxCapSol: settings.maxCap.mode === "MANUAL" ? settings.maxCap.sol : 0,
  };
}

/** The slippage the swap flows quote with, in basis points. */
export function swapSlippageBps(settings: AppSettings): number {
  return settings.slippage.mode === "CUSTOM" ? settings.slippage.bps : SLIPPAGE.AUTO_BPS;
}

/** A tolerance in basis points as a plain percent number, exactly: 50 → "0.5", 5 → "0.05". */
export function bpsAsPercent(bps: number): string {
  // A basis point is a hundredth of a percent: the percent is bps at two decimals.
  return formatTokenAmount(BigInt(bps), 2);
}

/** A tolerance in basis points for display: 50 → "0.5%". */
export function slippagePercentText(bps: number): string {
  return `${bpsAsPercent(bps)}%`;
}
