// The account history's chart (recharts; this module loads on demand so recharts stays out of the first bundle).
import { Area, AreaChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { AccountHistoryPoint } from "../../api/index.js";
import { formatUsd, formatUsdCompact } from "../../format/index.js";

const AXIS = { stroke: "var(--color-muted)", fontSize: 12, tickLine: false, axisLine: false } as const;

const dateOf = (seconds: number) => new Date(seconds * 1000);
const tickTime = (seconds: number) => dateOf(seconds).toLocaleString(undefined, { month: "short", day: "numeric", hour: "numeric" });
const fullTime = (seconds: unknown) => dateOf(Number(seconds)).toLocaleString();

export default function AccountHistoryChart({ points }: { readonly points: readonly AccountHistoryPoint[] }) {
  return (
    // Clipped, like the bank charts: a hidden tooltip left past the chart after a resize must not widen the page.
    <div className="h-64 w-full overflow-hidden">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={[...points]}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--color-line)" />
          <XAxis dataKey="time" tickFormatter={tickTime} {...AXIS} />
          <YAxis tickFormatter={(v: number) => formatUsdCompact(v)} width={72} {...AXIS} />
          <Tooltip labelFormatter={fullTime} formatter={(v: unknown) => formatUsd(Number(v))} />
          <Legend />
          <Area
            type="monotone"
            dataKey="value"
            name="Net value"
            stroke="var(--color-accent)"
            fill="var(--color-accent)"
            fillOpacity={0.15}
          />
          <Area type="monotone" dataKey="deposits" name="Deposits" stroke="var(--color-success)" fill="none" />
          <Area type="monotone" dataKey="debt" name="Debt" stroke="var(--color-warning)" fill="none" />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
