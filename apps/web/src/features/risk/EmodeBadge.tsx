// The e-mode badge of an account: which tag and which collateral / borrow pair earned the higher weights.
import { Badge } from "../../ui/index.js";
import { emodeText, type EmodeView } from "./emode-view.js";

export function EmodeBadge({ emode }: { readonly emode: EmodeView }) {
  return (
    <span data-testid="emode-badge">
      <Badge tone="accent">{emodeText(emode)}</Badge>
    </span>
  );
}
