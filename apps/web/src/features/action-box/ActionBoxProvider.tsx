// Holds which bank and tab the action box shows, under the staged transaction toasts; the box itself (SDK math, previews, sending) loads on first open so
// the markets page's first load stays small. The box belongs to the page it was opened on: following a link elsewhere
// (a toast's signature to the explorer) closes it.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useLocation } from "wouter";
import { TransactionToastProvider } from "../transactions/index.js";
import { ActionBoxContext, type ActionType } from "./context.js";

const ActionBox = lazy(() => import("./ActionBox.js"));

interface OpenBox {
  readonly bank: string;
  readonly action: ActionType;
  /** Bumped on every open so the box starts fresh even for the same bank and tab. */
  readonly key: number;
  /** The page it was opened on. */
  readonly path: string;
}

export function ActionBoxProvider({ children }: { readonly children: ReactNode }) {
  const [box, setBox] = useState<OpenBox | null>(null);
  const [location] = useLocation();
  const locationRef = useRef(location);
  locationRef.current = location;
  const open = useCallback(
    (bank: string, action: ActionType) =>
      setBox((previous) => ({ bank, action, key: (previous?.key ?? 0) + 1, path: locationRef.current })),
    [],
  );
  useEffect(() => {
    if (box && box.path !== location) setBox(null);
  }, [box, location]);
  const close = useCallback(() => setBox(null), []);
  const api = useMemo(() => ({ open }), [open]);

  return (
    <TransactionToastProvider>
      <ActionBoxContext.Provider value={api}>
        {children}
        {box && box.path === location && (
          <Suspense fallback={null}>
            <ActionBox key={box.key} bankAddress={box.bank} initialAction={box.action} onClose={close} />
          </Suspense>
        )}
      </ActionBoxContext.Provider>
    </TransactionToastProvider>
  );
}
