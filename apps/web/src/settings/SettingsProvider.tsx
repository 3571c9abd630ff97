import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { loadSettings, saveSettings, type AppSettings } from "./settings.js";

interface SettingsContextValue {
  readonly settings: AppSettings;
  /** Changes some settings and persists them. */
  readonly updateSettings: (changes: Partial<AppSettings>) => void;
}

const SettingsContext = createContext<SettingsContextValue | null>(null);

function applyTheme(theme: AppSettings["theme"]) {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  const dark = theme === "dark" || (theme === "system" && globalThis.matchMedia?.("(prefers-color-scheme: dark)").matches === true);
  root.classList.toggle("dark", dark);
}

export function SettingsProvider({ children }: { readonly children: ReactNode }) {
  const [settings, setSettings] = useState<AppSettings>(loadSettings);

  const updateSettings = useCallback((changes: Partial<AppSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...changes };
      saveSettings(next);
      return next;
    });
  }, []);

  useEffect(() => {
    applyTheme(settings.theme);
    if (settings.theme !== "system" || !globalThis.matchMedia) return;
    const query = globalThis.matchMedia("(prefers-color-scheme: dark)");
    const onChange = () => applyTheme("system");
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, [settings.theme]);

  const value = useMemo(() => ({ settings, updateSettings }), [settings, updateSettings]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsContextValue {
  const value = useContext(SettingsContext);
  if (!value) throw new Error("useSettings must be under SettingsProvider");
  return value;
}
