// The bank page's charts (recharts; this module loads on demand so recharts stays out of the first bundle).
import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { ReactElement } from "react";
import type { AccountHistoryPoint, HistoricBankPoint } from "../../api/index.js";
import { formatPercent, formatUsd, formatUsdCompact } from "../../format/index.js";
import type { CurveDatum } from "./bank-detail.js";

export type BankChartProps =
  // `lendsOnly`: a bank with no borrowing side (a Kamino bank) charts no borrows and no borrow rate of its own.
  | { readonly view: "bank"; readonly history: readonly HistoricBankPoint[]; readonly lendsOnly?: boolean }
  | { readonly view: "rates"; readonly history: readonly HistoricBankPoint[]; readonly lendsOnly?: boolean }
  | { readonly view: "portfolio"; readonly points: readonly AccountHistoryPoint[]; readonly symbol: string }
  | { readonly view: "curve"; readonly curve: readonly CurveDatum[]; readonly utilization: number };

const COLORS = {
  deposit: "var(--color-success)",
  borrow: "var(--color-warning)",
  utilization: "var(--color-info)",
  value: "var(--color-accent)",
};
const AXIS = { stroke: "var(--color-muted)", fontSize: 12, tickLine: false, axisLine: false } as const;

const dateOf = (seconds: number) => new Date(seconds * 1000);
const tickTime = (seconds: number) => dateOf(seconds).toLocaleDateString(undefined, { month: "short", day: "numeric" });
const fullTime = (seconds: unknown) => dateOf(Number(seconds)).toLocaleString();
const percent = (value: unknown) => formatPercent(Number(value));
const usd = (value: unknown) => formatUsd(Number(value));

function Frame({ children }: { readonly children: ReactElement }) {
  // Clipped: a hidden tooltip keeps its last position, which after a resize (a phone turned upright) lies past the
  // chart and would let the page scroll sideways.
  return (
    <div className="h-72 w-full overflow-hidden">
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

export default function BankChart(props: BankChartProps) {
  if (props.view === "bank") {
    const data = props.history.map((p) => ({
      time: p.start_time,
      deposits: p.usd_price === null ? null : p.total_deposits * p.usd_price,
      borrows: p.usd_price === null ? null : p.total_borrows * p.usd_price,
    }));
    return (
      <Frame>
        <AreaChart data={data}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-line)" />
          <XAxis dataKey="time" tickFormatter={tickTime} {...AXIS} />
          <YAxis tickFormatter={(v: number) => formatUsdCompact(v)} width={72} {...AXIS} />
          <Tooltip labelFormatter={fullTime} formatter={usd} />
          <Legend />
          <Area type="monotone" dataKey="deposits" name="Total deposits" stroke={COLORS.deposit} fill={COLORS.deposit} fillOpacity={0.15} />
          {!props.lendsOnly && (
            <Area type="monotone" dataKey="borrows" name="Total borrows" stroke={COLORS.borrow} fill={COLORS.borrow} fillOpacity={0.15} />
          )}
        </AreaChart>
      </Frame>
    );
  }
  if (props.view === "rates") {
    const data = props.history.map((p) => ({
      time: p.start_time,
      deposit: p.deposit_rate,
      borrow: p.borrow_rate,
      utilization: p.utilization,
    }));
    return (
      <Frame>
        <LineChart data={data}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-line)" />
          <XAxis dataKey="time" tickFormatter={tickTime} {...AXIS} />
          <YAxis tickFormatter={(v: number) => formatPercent(v, 0)} width={56} {...AXIS} />
          <Tooltip labelFormatter={fullTime} formatter={percent} />
          <Legend />
          <Line type="monotone" dataKey="deposit" name="Deposit APY" stroke={COLORS.deposit} dot={false} />
          {!props.lendsOnly && <Line type="monotone" dataKey="borrow" name="Borrow APY" stroke={COLORS.borrow} dot={false} />}
          <Line type="monotone" dataKey="utilization" name="Utilization" stroke={COLORS.utilization} dot={false} strokeDasharray="4 2" />
        </LineChart>
      </Frame>
    );
  }
  if (props.view === "portfolio") {
    const data = props.points.map((p) => ({ time: p.time, value: p.value }));
    return (
      <Frame>
        <AreaChart data={data}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-line)" />
          <XAxis dataKey="time" tickFormatter={tickTime} {...AXIS} />
          <YAxis tickFormatter={(v: number) => formatUsdCompact(v)} width={72} {...AXIS} />
          <Tooltip labelFormatter={fullTime} formatter={usd} />
          <Area
            type="monotone"
            dataKey="value"
            name={`${props.symbol} position`}
            stroke={COLORS.value}
            fill={COLORS.value}
            fillOpacity={0.15}
          />
        </AreaChart>
      </Frame>
    );
  }
  return (
    <Frame>
      <LineChart data={[...props.curve]}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--color-line)" />
        <XAxis dataKey="utilization" type="number" domain={[0, 100]} tickFormatter={(v: number) => `${v}%`} {...AXIS} />
        <YAxis tickFormatter={(v: number) => formatPercent(v, 0)} width={56} {...AXIS} />
        <Tooltip labelFormatter={(v: unknown) => `Utilization ${String(v)}%`} formatter={percent} />
        <Legend />
        <ReferenceLine
          x={props.utilization * 100}
          stroke="var(--color-fg)"
          strokeDasharray="4 2"
          label={{ value: `Now ${formatPercent(props.utilization)}`, position: "top", fill: "var(--color-fg)", fontSize: 12 }}
        />
        <Line type="linear" dataKey="lendingRate" name="Deposit APR" stroke={COLORS.deposit} dot={false} />
        <Line type="linear" dataKey="borrowingRate" name="Borrow APR" stroke={COLORS.borrow} dot={false} />
      </LineChart>
    </Frame>
  );
}
