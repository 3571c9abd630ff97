// Beneath a liquidation of the wallet's own account: the account's last liquidations as the program recorded them on
// chain (GET /api/liquidation-record). Nothing while it loads, when it fails, or when the account has no record: the
// liquidation's own row already says what happened.
import { useLiquidationRecord } from "../../queries/index.js";
import { TD, TR } from "../../ui/index.js";
import { liquidationRecordLine } from "./activity-rows.js";

const TITLE = "Recent liquidations of this account";

export function LiquidationRecordRow({ account, columns }: { readonly account: string; readonly columns: number }) {
  const record = useLiquidationRecord(account);
  const entries = record.data ?? [];
  if (entries.length === 0) return null;
  return (
    <TR>
      <TD colSpan={columns} label={TITLE} className="pt-0">
        <section aria-label={TITLE} className="flex flex-col gap-1 text-xs text-muted">
          <span className="font-medium text-fg">{TITLE}</span>
          <ul className="flex flex-col gap-0.5">
            {entries.map((entry, slot) => (
              <li key={`${entry.timestamp}:${slot}`}>{liquidationRecordLine(entry)}</li>
            ))}
          </ul>
        </section>
      </TD>
    </TR>
  );
}
