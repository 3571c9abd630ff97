// An account's page (/address/:address): owner, balance, executable, data size, the data decoded by its owner's
// layout, and its recent transactions linking to their pages.
import type { ExplorerAccount } from "@ballast/sdk";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "wouter";
import { fetchExplorerAccount } from "../../api/index.js";
import { useHttp } from "../../api/context.js";
import { queryKeys } from "../../queries/keys.js";
import { Card, CardBody, CardHeader, EmptyState, Skeleton, Stat, TBody, TD, TH, THead, TR, Table } from "../../ui/index.js";
import { CopyButton } from "../bank/CopyButton.js";
import { DecodedValue } from "./DecodedValue.js";
import { ExplorerLink } from "./ExplorerLink.js";

function RecentTransactions({ account }: { readonly account: ExplorerAccount }) {
  if (account.recentTransactions.length === 0) return <p className="text-sm text-muted">No transactions yet.</p>;
  return (
    <Table aria-label="Recent transactions">
      <THead>
        <TR>
          <TH>Signature</TH>
          <TH>Slot</TH>
          <TH>Time</TH>
          <TH>Status</TH>
        </TR>
      </THead>
      <TBody>
        {account.recentTransactions.map((tx) => (
          <TR key={tx.signature}>
            <TD label="Signature">
              <ExplorerLink target={{ kind: "tx", signature: tx.signature }} />
            </TD>
            <TD label="Slot">{tx.slot.toLocaleString("en-US")}</TD>
            <TD label="Time">{tx.blockTime ? new Date(tx.blockTime).toLocaleString() : "—"}</TD>
            <TD label="Status" className={tx.success ? "text-success" : "text-danger"}>
              {tx.success ? "Success" : "Failed"}
            </TD>
          </TR>
        ))}
      </TBody>
    </Table>
  );
}

export function AddressView({ account }: { readonly account: ExplorerAccount }) {
  const heading = account.program ?? (account.decoded ? account.decoded.layout : "Account");
  return (
    <div className="flex flex-col gap-6">
      <header className="flex min-w-0 flex-col gap-2">
        <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
        <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-muted">
          <span className="font-mono break-all">{account.address}</span>
          <CopyButton text={account.address} label="Copy address" copied="Address copied" />
        </div>
      </header>
      <Card>
        <CardBody>
          <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
            <Stat
              label="Owner"
              value={account.owner ? <ExplorerLink target={{ kind: "address", address: account.owner }} /> : "No account"}
              hint={account.ownerProgram ?? undefined}
            />
            <Stat label="Balance" value={`${account.sol} SOL`} />
            <Stat label="Executable" value={account.executable ? "Yes" : "No"} />
            <Stat label="Data size" value={`${account.dataSize.toLocaleString("en-US")} bytes`} />
          </dl>
        </CardBody>
      </Card>
      {account.decoded && (
        <Card>
          <CardHeader title={`Data: ${account.decoded.layout}`} />
          <CardBody className="text-sm" aria-label="Decoded data">
            <DecodedValue value={account.decoded.fields} />
          </CardBody>
        </Card>
      )}
      {account.rawData !== null && (
        <Card>
          <CardHeader title="Data (hex)" description="No layout of the owner program reads this account; its first bytes." />
          <CardBody>
            <code className="block font-mono text-xs break-all">{account.rawData}</code>
          </CardBody>
        </Card>
      )}
      <Card>
        <CardHeader title="Recent transactions" />
        <CardBody>
          <RecentTransactions account={account} />
        </CardBody>
      </Card>
    </div>
  );
}

export default function AddressPage() {
  const { address = "" } = useParams<{ address: string }>();
  const http = useHttp();
  const query = useQuery({
    queryKey: queryKeys.explorerAccount(address),
    queryFn: () => fetchExplorerAccount(http, address),
    retry: false,
  });
  if (query.isPending) return <Skeleton className="h-48 w-full" />;
  if (query.isError) return <EmptyState title="Could not load this address" description={query.error.message} />;
  return <AddressView account={query.data} />;
}
