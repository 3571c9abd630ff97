// A transaction's page (/tx/:signature): status, fee, compute units, slot and time, every instruction decoded with
// its inner instructions, the accounts with their SOL changes, the token balance changes and the logs, as the server's explorer API decodes them.
import { uiAmountText, type ExplorerTransaction } from "@ballast/sdk";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import { fetchExplorerTransaction } from "../../api/index.js";
import { useHttp } from "../../api/context.js";
import { queryKeys } from "../../queries/keys.js";
import { Card, CardBody, CardHeader, EmptyState, Skeleton, Stat, TBody, TD, TH, THead, TR, Table } from "../../ui/index.js";
import { CopyButton } from "../bank/CopyButton.js";
import { ExplorerLink } from "./ExplorerLink.js";
import { InstructionView } from "./InstructionView.js";

const SOL_DECIMALS = 9;

function TokenChanges({ tx }: { readonly tx: ExplorerTransaction }) {
  if (tx.tokenBalanceChanges.length === 0) return <p className="text-sm text-muted">No token balance changed.</p>;
  return (
    <Table aria-label="Token balance changes">
      <THead>
        <TR>
          <TH>Account</TH>
          <TH>Owner</TH>
          <TH>Token</TH>
          <TH className="text-right">Before</TH>
          <TH className="text-right">After</TH>
          <TH className="text-right">Change</TH>
        </TR>
      </THead>
      <TBody>
        {tx.tokenBalanceChanges.map((change) => (
          <TR key={change.account}>
            <TD label="Account">
              <ExplorerLink target={{ kind: "address", address: change.account }} />
            </TD>
            <TD label="Owner">{change.owner ? <ExplorerLink target={{ kind: "address", address: change.owner }} /> : "—"}</TD>
            <TD label="Token">{change.symbol ?? <ExplorerLink target={{ kind: "address", address: change.mint }} />}</TD>
            <TD label="Before" className="text-right">
              {change.before}
            </TD>
            <TD label="After" className="text-right">
              {change.after}
            </TD>
            <TD label="Change" className="text-right">
              {change.change.startsWith("-") || change.change === "0" ? change.change : `+${change.change}`}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

function AccountKeys({ tx }: { readonly tx: ExplorerTransaction }) {
  return (
    <Table aria-label="Accounts">
      <THead>
        <TR>
          <TH>Account</TH>
          <TH>Flags</TH>
          <TH className="text-right">SOL change</TH>
        </TR>
      </THead>
      <TBody>
        {tx.accounts.map((account) => {
          const change = BigInt(account.lamportsAfter) - BigInt(account.lamportsBefore);
          return (
            <TR key={account.address}>
              <TD label="Account">
                <ExplorerLink target={{ kind: "address", address: account.address }} />
              </TD>
              <TD label="Flags">{[account.writable && "writable", account.signer && "signer"].filter(Boolean).join(", ") || "—"}</TD>
              <TD label="SOL change" className="text-right">
                {change > 0n ? "+" : ""}
                {uiAmountText(change, SOL_DECIMALS)}
              </TD>
            </TR>
          );
        })}
      </TBody>
    </Table>
  );
}

export function TransactionView({ tx }: { readonly tx: ExplorerTransaction }) {
  return (
    <div className="flex flex-col gap-6">
      <header className="flex min-w-0 flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">Transaction</h1>
        <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-muted">
          <span className="font-mono break-all">{tx.signature}</span>
          <CopyButton text={tx.signature} label="Copy signature" copied="Signature copied" />
        </div>
      </header>
      <Card>
        <CardBody>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
            <Stat
              label="Status"
              value={<span className={tx.success ? "text-success" : "text-danger"}>{tx.success ? "Success" : "Failed"}</span>}
              hint={tx.error ? tx.error.message : undefined}
            />
            <Stat label="Fee" value={`${uiAmountText(BigInt(tx.fee), SOL_DECIMALS)} SOL`} />
            <Stat label="Compute units" value={tx.computeUnits === null ? "—" : tx.computeUnits.toLocaleString("en-US")} />
            <Stat label="Slot" value={tx.slot.toLocaleString("en-US")} />
            <Stat label="Block time" value={tx.blockTime ? new Date(tx.blockTime).toLocaleString() : "—"} />
            <Stat label="Version" value={String(tx.version)} />
          </dl>
        </CardBody>
      </Card>
      <section aria-label="Instructions" className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold">Instructions</h2>
        {tx.instructions.map((ix, i) => (
          <InstructionView key={i} ix={ix} index={i} />
        ))}
      </section>
      <Card>
        <CardHeader
          title="Accounts"
          description="Every account the transaction loaded, with its SOL balance change (the fee payer's includes the fee)."
        />
        <CardBody>
          <AccountKeys tx={tx} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Token balance changes" />
        <CardBody>
          <TokenChanges tx={tx} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Logs" />
        <CardBody>
          <pre aria-label="Logs" className="overflow-x-auto text-xs whitespace-pre-wrap break-all">
            {tx.logs.join("\n")}
          </pre>
        </CardBody>
      </Card>
    </div>
  );
}

export default function TransactionPage() {
  const { signature = "" } = useParams<{ signature: string }>();
  const http = useHttp();
  const query = useQuery({
    queryKey: queryKeys.explorerTransaction(signature),
    queryFn: () => fetchExplorerTransaction(http, signature),
    // A landed transaction never changes; a refusal (bad signature, not found) is not retried.
    staleTime: Infinity,
    retry: false,
  });
  if (query.isPending) return <Skeleton className="h-48 w-full" />;
  if (query.isError) return <EmptyState title="Could not load this transaction" description={query.error.message} />;
  return <TransactionView tx={query.data} />;
}
