// Typing and dragging change a flow's inputs many times a second; each settled value asks the swap API once.
import { useEffect, useState } from "react";

/** How long an input must stay unchanged before a flow is planned for it. */
export const PLAN_DEBOUNCE_MS = 400;

/** `value` once it has stayed the same for `ms` (compared with Object.is). */
export function useDebounced<T>(value: T, ms = PLAN_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
