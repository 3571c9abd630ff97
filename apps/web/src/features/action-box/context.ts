// The action box's public handle: any screen opens the box on one bank of the selected market with a chosen tab.
import { createContext, useContext } from "react";

export type ActionType = "deposit" | "withdraw" | "borrow" | "repay";

export interface ActionBoxApi {
  readonly open: (bankAddress: string, action: ActionType) => void;
}

export const ActionBoxContext = createContext<ActionBoxApi | null>(null);

export function useActionBox(): ActionBoxApi {
  const api = useContext(ActionBoxContext);
  if (!api) throw new Error("useActionBox must be under ActionBoxProvider");
  return api;
}
