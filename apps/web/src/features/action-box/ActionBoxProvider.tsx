// Holds which bank and tab the action box shows, under the staged transaction toasts; the box itself (SDK math, previews, sending) loads on first open so
// the markets page's first load stays small.
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from "react";
import { TransactionToastProvider } from "../transactions/index.js";
import { ActionBoxContext, type ActionType } from "./context.js";

const ActionBox = lazy(() => import("./ActionBox.js"));

interface OpenBox {
  readonly bank: string;
  readonly action: ActionType;
  /** Bumped on every open so the box starts fresh even for the same bank and tab. */
  readonly key: number;
}

export function ActionBoxProvider({ children }: { readonly children: ReactNode }) {
  const [box, setBox] = useState<OpenBox | null>(null);
  const open = useCallback(
    (bank: string, action: ActionType) => setBox((previous) => ({ bank, action, key: (previous?.key ?? 0) + 1 })),
    [],
  );
  const close = useCallback(() => setBox(null), []);
  const api = useMemo(() => ({ open }), [open]);

  return (
    <TransactionToastProvider>
      <ActionBoxContext.Provider value={api}>
        {children}
        {box && (
          <Suspense fallback={null}>
            <ActionBox key={box.key} bankAddress={box.bank} initialAction={box.action} onClose={close} />
          </Suspense>
        )}
      </ActionBoxContext.Provider>
    </TransactionToastProvider>
  );
}
