// The activity screen's body: the wallet's history or one token's (per-mint view), filtered by type, loaded 100
// records at a time.
import { useMemo, useState } from "react";
import { useActivity } from "../../queries/index.js";
import { Button, Card, EmptyState, Segmented, Skeleton } from "../../ui/index.js";
import { ActivityTable } from "./ActivityTable.js";
import { ACTIVITY_TYPE_LABELS, activityRow, type BankProviders, type MintInfo } from "./activity-rows.js";

export interface MarketToken extends MintInfo {
  readonly mint: string;
}

type Scope = "wallet" | "token";
const ALL = "all";

const selectClass = "focus-ring h-10 rounded-lg border border-line bg-surface px-3 text-sm text-fg";

export function ActivityView({
  wallet,
  tokens,
  providers,
}: {
  readonly wallet: string | null;
  readonly tokens: readonly MarketToken[];
  /** Banks of a third-party market, named in their rows. */
  readonly providers?: BankProviders;
}) {
  const [scope, setScope] = useState<Scope>(wallet ? "wallet" : "token");
  const [mint, setMint] = useState<string | null>(tokens[0]?.mint ?? null);
  const [type, setType] = useState(ALL);
  const selectedMint = mint ?? tokens[0]?.mint ?? null;
  const activity = useActivity(scope === "wallet" ? "authority" : "mint", scope === "wallet" ? wallet : selectedMint);
  const mints = useMemo(() => new Map(tokens.map((t) => [t.mint, t] as const)), [tokens]);
  const rows = useMemo(
    () => (activity.data?.pages.flat() ?? []).filter((r) => type === ALL || r.type === type).map((r) => activityRow(r, mints, providers)),
    [activity.data, type, mints, providers],
  );

  let body;
  if (scope === "wallet" && !wallet)
    body = <EmptyState title="Connect a wallet" description="Your deposits, borrows, repayments and withdrawals appear here." />;
  else if (scope === "token" && !selectedMint) body = <EmptyState title="No tokens in this market" />;
  else if (activity.isPending) body = <Skeleton className="m-5 h-32" />;
  else if (activity.isError) body = <EmptyState title="Could not load activity" description={activity.error.message} />;
  else if (rows.length === 0)
    body = (
      <EmptyState
        title={type === ALL ? "No activity yet" : `No ${ACTIVITY_TYPE_LABELS[type] ?? type} activity`}
        description={
          activity.hasNextPage
            ? "Older records may match: load more."
            : scope === "wallet"
              ? "Your lending history appears here after your first transaction."
              : "Nothing has happened in this token yet."
        }
      />
    );
  else body = <ActivityTable rows={rows} wallet={scope === "wallet" ? wallet : null} />;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <Segmented
          label="Show"
          value={scope}
          onChange={setScope}
          options={[
            { value: "wallet", label: "My wallet" },
            { value: "token", label: "By token" },
          ]}
        />
        {scope === "token" && (
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            Token
            <select className={selectClass} value={selectedMint ?? ""} onChange={(event) => setMint(event.target.value)}>
              {tokens.map((t) => (
                <option key={t.mint} value={t.mint}>
                  {t.symbol}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          Type
          <select className={selectClass} value={type} onChange={(event) => setType(event.target.value)}>
            <option value={ALL}>All types</option>
            {Object.entries(ACTIVITY_TYPE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <Card>
        {body}
        {activity.hasNextPage && (
          <div className="flex justify-center border-t border-line p-3">
            <Button variant="secondary" size="sm" busy={activity.isFetchingNextPage} onClick={() => void activity.fetchNextPage()}>
              Load more
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
