// The activity list: time, type (with what happened, for liquidations), token, amount, value now, account and
// transaction (with copy); beneath the newest liquidation of each of the wallet's accounts, the account's liquidation
// record.
import { Fragment, useMemo } from "react";
import { TBody, TD, TH, THead, TR, Table } from "../../ui/index.js";
import { CopyButton } from "../bank/CopyButton.js";
import { LiquidationRecordRow } from "./LiquidationRecordRow.js";
import { liquidationRecordRows, recordTime, type ActivityRow } from "./activity-rows.js";
import { ExplorerLink } from "../explorer/ExplorerLink.js";

const COLUMNS = 7;

export function ActivityTable({
  rows,
  wallet = null,
}: {
  readonly rows: readonly ActivityRow[];
  /** The connected wallet when the table lists its own activity: its liquidated accounts show their record. */
  readonly wallet?: string | null;
}) {
  const withRecord = useMemo(() => liquidationRecordRows(rows, wallet), [rows, wallet]);
  return (
    <Table aria-label="Activity">
      <THead>
        <TR>
          <TH>Time</TH>
          <TH>Type</TH>
          <TH>Token</TH>
          <TH className="text-right">Amount</TH>
          <TH className="text-right">Value now</TH>
          <TH>Account</TH>
          <TH>Transaction</TH>
        </TR>
      </THead>
      <TBody>
        {rows.map((row) => (
          <Fragment key={row.key}>
            <TR>
              <TD className="whitespace-nowrap" label="Time">
                {recordTime(row.record)}
              </TD>
              <TD label="Type">
                <span className="flex flex-col">
                  {row.type}
                  {row.description && <span className="text-xs text-muted">{row.description}</span>}
                </span>
              </TD>
              <TD label="Token">
                <span className="flex flex-col">
                  {row.symbol ?? "—"}
                  {row.provider && <span className="text-xs text-muted">{row.provider}</span>}
                </span>
              </TD>
              <TD className="text-right tabular-nums" label="Amount">
                {row.amount ?? "—"}
              </TD>
              <TD className="text-right tabular-nums" label="Value now">
                {row.usd ?? "—"}
              </TD>
              <TD label="Account">
                <ExplorerLink target={{ kind: "address", address: row.record.account }} />
              </TD>
              <TD className="whitespace-nowrap" label="Transaction">
                <ExplorerLink target={{ kind: "tx", signature: row.record.signature }} />
                <CopyButton text={row.record.signature} label={`Copy signature ${row.record.signature}`} copied="Signature copied" />
              </TD>
            </TR>
            {withRecord.has(row.key) && <LiquidationRecordRow account={row.record.account} columns={COLUMNS} />}
          </Fragment>
        ))}
      </TBody>
    </Table>
  );
}
