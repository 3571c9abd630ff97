// The bank's settled bankruptcies (GET /api/bank-bad-debt): when, whose account, the bad debt written off, what the
// insurance fund covered and what the depositors bore, with their share value's fall where the server knows it.
import type { BadDebtSettlement } from "../../api/index.js";
import { formatPercent, formatTokenAmount } from "../../format/index.js";
import { useBankBadDebt } from "../../queries/index.js";
import { Button, Card, CardBody, CardHeader, EmptyState, Skeleton, TBody, TD, TH, THead, TR, Table } from "../../ui/index.js";
import { recordTime } from "../activity/activity-rows.js";
import { ExplorerLink } from "../explorer/ExplorerLink.js";

export interface BadDebtCardProps {
  readonly bank: string;
  readonly symbol: string;
  readonly decimals: number;
}

export function BadDebtCard({ bank, symbol, decimals }: BadDebtCardProps) {
  const badDebt = useBankBadDebt(bank);
  const tokens = (native: string) => `${formatTokenAmount(BigInt(native), decimals)} ${symbol}`;

  let body;
  if (badDebt.isPending) {
    body = <Skeleton className="h-24 w-full" />;
  } else if (badDebt.isError) {
    body = <EmptyState title="Could not load the bad debt" description={badDebt.error.message} />;
  } else {
    const settlements = badDebt.data.pages.flat();
    body =
      settlements.length === 0 ? (
        <EmptyState
          title="No bad debt"
          description={`No bankruptcy has been settled in this bank: ${symbol} depositors have borne no loss.`}
        />
      ) : (
        <>
          <SettlementTable settlements={settlements} tokens={tokens} />
          {badDebt.hasNextPage && (
            <Button variant="secondary" className="mt-4" disabled={badDebt.isFetchingNextPage} onClick={() => void badDebt.fetchNextPage()}>
              Show older
            </Button>
          )}
        </>
      );
  }

  return (
    <Card>
      <CardHeader
        title="Bad debt"
        description="Debt of bankrupt accounts written off: the insurance fund pays first, the bank's depositors share the rest."
      />
      <CardBody>{body}</CardBody>
    </Card>
  );
}

function SettlementTable({
  settlements,
  tokens,
}: {
  readonly settlements: readonly BadDebtSettlement[];
  readonly tokens: (native: string) => string;
}) {
  // The loss column only when the server could work out the share value's change for some settlement.
  const showLoss = settlements.some((s) => s.shareValueChange !== null);
  return (
    <Table aria-label="Settled bad debt">
      <THead>
        <TR>
          <TH>Date</TH>
          <TH>Account</TH>
          <TH className="text-right">Bad debt</TH>
          <TH className="text-right">Covered by insurance</TH>
          <TH className="text-right">Socialised</TH>
          {showLoss && <TH className="text-right">Depositors&apos; loss</TH>}
        </TR>
      </THead>
      <TBody>
        {settlements.map((s) => (
          <TR key={`${s.signature}:${s.eventIndex}`}>
            <TD className="whitespace-nowrap" label="Date">
              {recordTime(s)}
            </TD>
            <TD label="Account">
              <ExplorerLink target={{ kind: "address", address: s.account }} />
            </TD>
            <TD className="text-right" label="Bad debt">
              {tokens(s.badDebt)}
            </TD>
            <TD className="text-right" label="Covered by insurance">
              {tokens(s.coveredByInsurance)}
            </TD>
            <TD className="text-right" label="Socialised">
              {tokens(s.socialized)}
            </TD>
            {showLoss && (
              <TD className="text-right" label="Depositors' loss">
                {s.shareValueChange === null ? "—" : formatPercent(s.shareValueChange)}
              </TD>
            )}
          </TR>
        ))}
      </TBody>
    </Table>
  );
}
