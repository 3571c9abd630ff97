// A bank's operational state as a badge, wherever the bank appears (markets table, positions): nothing while it is
// operational, and the reason actions are refused otherwise.
import { Badge } from "../../ui/index.js";
import type { OperationalState } from "./bank-rows.js";

export function BankStateBadge({ state }: { readonly state: OperationalState }) {
  switch (state) {
    case "operational":
      return null;
    case "reduce-only":
      return (
        <Badge tone="warning" title="Only withdrawals and repayments are accepted">
          Reduce-only
        </Badge>
      );
    case "paused":
      return (
        <Badge tone="danger" title="Every action on this bank is paused">
          Paused
        </Badge>
      );
    case "killed-by-bankruptcy":
      return (
        <Badge tone="danger" title="Shut down by a bankruptcy: no action is accepted, ever again">
          Killed by bankruptcy
        </Badge>
      );
  }
}
