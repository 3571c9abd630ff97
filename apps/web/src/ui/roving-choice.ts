import { useRef, type KeyboardEvent } from "react";

const MOVES: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * One-of-a-few choice with a roving tab index (WAI-ARIA tabs and radio groups): the chosen option's index, a ref slot
 * per option button, and the key handler — arrows wrap around, Home and End jump to the ends — that moves the choice
 * and the focus together.
 */
export function useRovingChoice<T extends string>(options: readonly { readonly value: T }[], value: T, onChange: (value: T) => void) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const index = Math.max(
    0,
    options.findIndex((o) => o.value === value),
  );

  function onKeyDown(event: KeyboardEvent) {
    let next: number | null = null;
    const move = MOVES[event.key];
    if (move !== undefined) next = (index + move + options.length) % options.length;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = options.length - 1;
    const option = next === null ? undefined : options[next];
    if (next === null || !option) return;
    event.preventDefault();
    onChange(option.value);
    refs.current[next]?.focus();
  }

  const refAt = (i: number) => (element: HTMLButtonElement | null) => {
    refs.current[i] = element;
  };

  return { index, refAt, onKeyDown };
}
