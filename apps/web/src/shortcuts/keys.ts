// The app's keyboard shortcuts: which key does what (the "?" dialog lists them, aria-keyshortcuts announces them), and
// when a key is the user's typing rather than a shortcut.
import type { ActionType } from "../features/action-box/context.js";

export interface Shortcut {
  /** KeyboardEvent.key, also the aria-keyshortcuts value. */
  readonly key: string;
  readonly description: string;
}

export const SEARCH_SHORTCUT: Shortcut = { key: "/", description: "Focus the market search" };
export const HELP_SHORTCUT: Shortcut = { key: "?", description: "Show the keyboard shortcuts" };
export const CLOSE_SHORTCUT: Shortcut = { key: "Escape", description: "Close the action box or a dialog" };

/** The action box's tabs by key. */
export const ACTION_SHORTCUTS: Readonly<Record<ActionType, Shortcut>> = {
  deposit: { key: "d", description: "Action box: deposit" },
  borrow: { key: "b", description: "Action box: borrow" },
  repay: { key: "r", description: "Action box: repay" },
  withdraw: { key: "w", description: "Action box: withdraw" },
};

/** In the "?" dialog's order. */
export const ALL_SHORTCUTS: readonly Shortcut[] = [
  SEARCH_SHORTCUT,
  ACTION_SHORTCUTS.deposit,
  ACTION_SHORTCUTS.borrow,
  ACTION_SHORTCUTS.repay,
  ACTION_SHORTCUTS.withdraw,
  CLOSE_SHORTCUT,
  HELP_SHORTCUT,
];

const NOT_TYPED_INPUTS = new Set(["button", "checkbox", "radio", "range", "color", "file", "image", "reset", "submit"]);

/** Whether a key pressed on `target` is text being typed: a text field, a select or editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !NOT_TYPED_INPUTS.has(target.type);
  return target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
}
