// Keyboard shortcuts: screens register keys with useShortcut; the provider announces what a shortcut did in a polite
// live region, so screen-reader users hear it, and opens the "?" dialog listing every shortcut.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Dialog } from "../ui/index.js";
import { ALL_SHORTCUTS, HELP_SHORTCUT, isTypingTarget, type Shortcut } from "./keys.js";

interface ShortcutsApi {
  readonly announce: (text: string) => void;
  readonly showHelp: () => void;
}

const ShortcutsContext = createContext<ShortcutsApi | null>(null);

/** The label of a key as the dialog shows it. */
const keyLabel = (key: string) => (key === "Escape" ? "Esc" : key.toUpperCase());

export interface ShortcutOptions {
  /** Also while a modal dialog is open (the dialog's own keys); page keys wait for it to close. */
  readonly inDialog?: boolean;
  readonly enabled?: boolean;
}

/**
 * Runs `act` when `shortcut`'s key is pressed without Ctrl, Alt or Meta, outside a text field; what it returns is
 * announced (null: nothing to say).
 */
export function useShortcut(shortcut: Shortcut, act: () => string | null, { inDialog = false, enabled = true }: ShortcutOptions = {}) {
  const api = useContext(ShortcutsContext);
  const latest = useRef(act);
  useEffect(() => {
    latest.current = act;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== shortcut.key || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
      if (isTypingTarget(event.target)) return;
      if (!inDialog && document.querySelector("dialog[open]")) return;
      event.preventDefault();
      const said = latest.current();
      if (said !== null) api?.announce(said);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [api, shortcut.key, inDialog, enabled]);
}

/** Opens the shortcuts dialog (the footer's button). */
export function useShowShortcuts(): () => void {
  const api = useContext(ShortcutsContext);
  return api?.showHelp ?? (() => undefined);
}

function ShortcutsDialog({ onClose }: { readonly onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} title="Keyboard shortcuts" description="They work when you are not typing in a field.">
      <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
        {ALL_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.key} className="contents">
            <dt>
              <kbd className="inline-block min-w-8 rounded border border-line bg-subtle px-2 py-0.5 text-center font-mono text-xs">
                {keyLabel(shortcut.key)}
              </kbd>
            </dt>
            <dd>{shortcut.description}</dd>
          </div>
        ))}
      </dl>
    </Dialog>
  );
}

function HelpKey({ onOpen }: { readonly onOpen: () => void }) {
  useShortcut(HELP_SHORTCUT, () => {
    onOpen();
    return null;
  });
  return null;
}

export function ShortcutsProvider({ children }: { readonly children: ReactNode }) {
  const [said, setSaid] = useState({ text: "", count: 0 });
  const [helpOpen, setHelpOpen] = useState(false);
  // A fresh node per announcement, so the same words said twice are announced twice.
  const announce = useCallback((text: string) => setSaid((previous) => ({ text, count: previous.count + 1 })), []);
  const showHelp = useCallback(() => setHelpOpen(true), []);
  const api = useMemo(() => ({ announce, showHelp }), [announce, showHelp]);
  return (
    <ShortcutsContext.Provider value={api}>
      {children}
      <HelpKey onOpen={showHelp} />
      {helpOpen && <ShortcutsDialog onClose={() => setHelpOpen(false)} />}
      <div role="status" aria-live="polite" aria-label="Shortcut announcements" className="sr-only">
        <span key={said.count}>{said.text}</span>
      </div>
    </ShortcutsContext.Provider>
  );
}
