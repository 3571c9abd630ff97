// The selected account's value, deposits and debt over 1d / 7d / 30d / all, from the indexer's balance history
// valued at the historic bank snapshots (GET /api/accounts/:address/history), and the interest earned over the period.
import { lazy, Suspense, useState } from "react";
import { ACCOUNT_HISTORY_RANGES, type AccountHistoryPoint, type AccountHistoryRange } from "../../api/index.js";
import { formatSignedUsd, formatUsd } from "../../format/index.js";
import { useAccountHistory } from "../../queries/index.js";
import { Card, CardBody, CardHeader, EmptyState, Segmented, Skeleton, Stat } from "../../ui/index.js";

const AccountHistoryChart = lazy(() => import("./AccountHistoryChart.js"));

const RANGE_LABELS: Readonly<Record<AccountHistoryRange, string>> = { "1d": "1D", "7d": "7D", "30d": "30D", all: "All" };

const chartFallback = <Skeleton className="h-64 w-full" />;

export function AccountHistoryCard({ account }: { readonly account: string }) {
  const [range, setRange] = useState<AccountHistoryRange>("7d");
  const history = useAccountHistory(account, range);

  let body;
  if (history.isPending) {
    body = chartFallback;
  } else if (history.isError) {
    body = <EmptyState title="Could not load the history" description={history.error.message} />;
  } else if (history.data.points.length === 0) {
    body = (
      <EmptyState
        title="No history in this period"
        description="The account is valued at each bank snapshot taken after its first recorded change; the first point appears after the next snapshot."
      />
    );
  } else {
    const { points, interestEarned } = history.data;
    body = (
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-4">
          <Stat label="Net value" value={<span data-testid="history-value">{formatUsd(points.at(-1)!.value)}</span>} />
          <Stat
            label="Interest earned"
            value={<span data-testid="interest-earned">{interestEarned === null ? "—" : formatSignedUsd(interestEarned)}</span>}
            hint={interestEarned === null ? "Needs two snapshots in the period" : "Net of deposits, withdrawals, borrows and repays"}
          />
        </dl>
        <Suspense fallback={chartFallback}>
          <AccountHistoryChart points={points} />
        </Suspense>
        <PointsTable points={points} />
      </div>
    );
  }

  return (
    <Card>
      <CardHeader
        title="Value over time"
        action={
          <Segmented
            label="Period"
            className="w-56"
            options={ACCOUNT_HISTORY_RANGES.map((r) => ({ value: r, label: RANGE_LABELS[r] }))}
            value={range}
            onChange={setRange}
          />
        }
      />
      <CardBody>{body}</CardBody>
    </Card>
  );
}

/** The chart's numbers for screen readers and exact reading. */
function PointsTable({ points }: { readonly points: readonly AccountHistoryPoint[] }) {
  return (
    <div className="sr-only">
      <table>
        <caption>Account history data</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Net value</th>
            <th scope="col">Deposits</th>
            <th scope="col">Debt</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.time}>
              <td>{new Date(point.time * 1000).toLocaleString()}</td>
              <td>{formatUsd(point.value)}</td>
              <td>{formatUsd(point.deposits)}</td>
              <td>{formatUsd(point.debt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
