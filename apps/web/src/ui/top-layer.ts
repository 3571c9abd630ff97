// The open modal dialogs, topmost last. A modal <dialog> sits in the browser's top layer and makes everything outside
// it inert, so anything that must stay on top and reachable while one is open (the toasts) renders inside the topmost.
import { useSyncExternalStore } from "react";

const open: HTMLElement[] = [];
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Records a dialog as shown modally; the returned function records it closed. */
export function registerModal(dialog: HTMLElement): () => void {
  open.push(dialog);
  changed();
  return () => {
    const index = open.lastIndexOf(dialog);
    if (index !== -1) open.splice(index, 1);
    changed();
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const topmost = (): HTMLElement | null => open[open.length - 1] ?? null;

/** The topmost open modal dialog, or null while none is open. */
export function useTopModal(): HTMLElement | null {
  return useSyncExternalStore(subscribe, topmost, () => null);
}
