// The bank's charts: its totals and rates over a period (1d / 7d / 30d / all, from GET
// /api/banks/db/:bank/historic/:period), the selected account's position in it over the period (its real history,
// GET /api/accounts/:address/history with the bank), and its utilization curve. Recharts loads with the first chart.
import { lazy, Suspense, useId, useState } from "react";
import { HISTORIC_PERIODS, type HistoricPeriod, type PositionDto } from "../../api/index.js";
import { formatPercent } from "../../format/index.js";
import { useAccountHistory, useBankHistory } from "../../queries/index.js";
import { Card, CardBody, CardHeader, EmptyState, Skeleton, Tabs } from "../../ui/index.js";
import type { CurveDatum } from "./bank-detail.js";

const BankChart = lazy(() => import("./BankChart.js"));

export type ChartView = "bank" | "rates" | "portfolio" | "curve";

const VIEWS: readonly { readonly value: ChartView; readonly label: string }[] = [
  { value: "bank", label: "Bank" },
  { value: "rates", label: "Interest rates" },
  { value: "portfolio", label: "Portfolio" },
  { value: "curve", label: "Utilization curve" },
];

const PERIOD_LABELS: Readonly<Record<HistoricPeriod, string>> = { "1d": "1D", "7d": "7D", "30d": "30D", all: "All" };

const chartFallback = <Skeleton className="h-72 w-full" />;

export interface BankHistoryProps {
  readonly bank: string;
  readonly symbol: string;
  /** The selected account, whose position the Portfolio view charts; null without one. */
  readonly account: string | null;
  readonly curve: readonly CurveDatum[];
  /** Fraction 0–1. */
  readonly utilization: number;
  /** The selected account's position in the bank: undefined while loading, null without an account or position. */
  readonly position: PositionDto | null | undefined;
  /** The bank has no borrowing side (a Kamino bank): its charts show no borrows. */
  readonly lendsOnly?: boolean;
}

export function BankHistory({ bank, symbol, account, curve, utilization, position, lendsOnly = false }: BankHistoryProps) {
  const [view, setView] = useState<ChartView>("bank");
  const [period, setPeriod] = useState<HistoricPeriod>("30d");
  const history = useBankHistory(view === "bank" || view === "rates" ? bank : null, period);
  const positionHistory = useAccountHistory(view === "portfolio" && position ? account : null, period, bank);
  const panelId = useId();

  let body;
  if (view === "curve") {
    body = (
      <>
        <Suspense fallback={chartFallback}>
          <BankChart view="curve" curve={curve} utilization={utilization} />
        </Suspense>
        <CurveTable curve={curve} />
      </>
    );
  } else if (view === "portfolio") {
    if (position === null) {
      body = <EmptyState title={`No ${symbol} position`} description="The selected account has no deposit or borrow in this bank." />;
    } else if (position === undefined || positionHistory.isPending) {
      body = chartFallback;
    } else if (positionHistory.isError) {
      body = <EmptyState title="Could not load the history" description={positionHistory.error.message} />;
    } else if (positionHistory.data.points.length === 0) {
      body = <EmptyState title="No history yet" description="The position is valued at each snapshot taken after it was recorded." />;
    } else {
      body = (
        <Suspense fallback={chartFallback}>
          <BankChart view="portfolio" points={positionHistory.data.points} symbol={symbol} />
        </Suspense>
      );
    }
  } else if (history.isPending) {
    body = chartFallback;
  } else if (history.isError) {
    body = <EmptyState title="Could not load the history" description={history.error.message} />;
  } else if (history.data.length === 0) {
    body = <EmptyState title="No history yet" description="Points are recorded every hour; the first appears after the next snapshot." />;
  } else {
    body = (
      <Suspense fallback={chartFallback}>
        <BankChart view={view === "rates" ? "rates" : "bank"} history={history.data} lendsOnly={lendsOnly} />
      </Suspense>
    );
  }

  return (
    <Card>
      <CardHeader
        title="History"
        action={
          <div className="flex flex-wrap gap-2">
            <Tabs label="Chart" size="sm" options={VIEWS} value={view} onChange={setView} panelId={panelId} />
            {view !== "curve" && (
              <Tabs
                label="Period"
                size="sm"
                options={HISTORIC_PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
                value={period}
                onChange={setPeriod}
                panelId={panelId}
              />
            )}
          </div>
        }
      />
      <CardBody id={panelId} role="tabpanel" aria-label={VIEWS.find((v) => v.value === view)!.label}>
        {body}
      </CardBody>
    </Card>
  );
}

/** The curve's numbers for screen readers and exact reading. */
function CurveTable({ curve }: { readonly curve: readonly CurveDatum[] }) {
  return (
    // Hidden through a wrapper: a table ignores the height and overflow that hide it, and its 101 rows stretched the page.
    <div className="sr-only">
      <table>
        <caption>Utilization curve data</caption>
        <thead>
          <tr>
            <th scope="col">Utilization</th>
            <th scope="col">Deposit APR</th>
            <th scope="col">Borrow APR</th>
          </tr>
        </thead>
        <tbody>
          {curve.map((point) => (
            <tr key={point.utilization}>
              <td>{point.utilization}%</td>
              <td>{formatPercent(point.lendingRate)}</td>
              <td>{formatPercent(point.borrowingRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
