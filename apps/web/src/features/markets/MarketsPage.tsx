// The markets screen: the selected market's banks to lend to or borrow from, searchable and sortable, grouped by
// asset. A row's action opens the action box on that bank.
import { useMemo, useState } from "react";
import { useSelectedAccount } from "../../account/SelectedAccountProvider.js";
import { SearchIcon } from "../../app/icons.js";
import { formatUsdCompact } from "../../format/index.js";
import { useAppConfig, useSelectedMarket } from "../../market/MarketProvider.js";
import { useActionBox, type ActionType } from "../action-box/index.js";
import { useAccount, useChainAccount, useMarket, useMarketBanks, useUserBalances } from "../../queries/index.js";
import { useWallet } from "../../wallet/WalletProvider.js";
import { Button, Card, EmptyState, Input, Skeleton, Stat, Tabs } from "../../ui/index.js";
import {
  DEFAULT_SORT,
  borrowableAmounts,
  buildBankRows,
  groupRows,
  walletAmounts,
  type BankAction,
  type BankRow,
  type LendingMode,
  type PersonalAmounts,
  type RowPosition,
  type Sort,
  type SortKey,
} from "./bank-rows.js";
import { MarketsTable } from "./MarketsTable.js";
import { SEARCH_SHORTCUT } from "../../shortcuts/keys.js";
import { useShortcut } from "../../shortcuts/ShortcutsProvider.js";

/** The search field, which the "/" shortcut focuses. */
const SEARCH_ID = "market-search";

const MODES = [
  { value: "lend", label: "Lend" },
  { value: "borrow", label: "Borrow" },
] as const;

/** The row's action as the action box's tab ("Supply" deposits). */
const BOX_TABS: Record<BankAction, ActionType> = { Supply: "deposit", Borrow: "borrow", Withdraw: "withdraw", Repay: "repay" };

const SORT_LABELS: Record<SortKey, string> = {
  price: "Price",
  apy: "APY",
  weight: "Weight / LTV",
  total: "Deposits / borrows",
  cap: "Cap",
  utilization: "Utilization",
};

/** Clicking the active column flips its direction; another column starts descending. */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, direction: current.direction === "desc" ? "asc" : "desc" };
  return { key, direction: "desc" };
}

function TableSkeleton() {
  return (
    <div className="flex flex-col gap-3 p-4" aria-busy="true" aria-label="Loading banks">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-4">
          <Skeleton className="size-9 rounded-full" />
          <Skeleton className="h-4 w-24" />
          <Skeleton className="ml-auto h-4 w-16" />
          <Skeleton className="h-4 w-16" />
          <Skeleton className="hidden h-4 w-20 sm:block" />
          <Skeleton className="h-8 w-20" />
        </div>
      ))}
    </div>
  );
}

export function MarketsPage() {
  const config = useAppConfig();
  const { market: marketInfo } = useSelectedMarket();
  const market = useMarket();
  const dtos = useMarketBanks();
  const { selectedAccount } = useSelectedAccount();
  const account = useAccount(selectedAccount);
  const { address } = useWallet();
  const balances = useUserBalances();
  const chainAccount = useChainAccount(selectedAccount);
  const actionBox = useActionBox();
  const [mode, setMode] = useState<LendingMode>("lend");
  const [search, setSearch] = useState("");
  const [sort, setSort] = useState<Sort>(DEFAULT_SORT);

  const rows = useMemo(
    () => (market.data ? buildBankRows(market.data, dtos.data ?? [], config.tokens) : []),
    [market.data, dtos.data, config.tokens],
  );
  const groups = useMemo(() => groupRows(rows, { mode, sort, search }), [rows, mode, sort, search]);
  const positions = useMemo(() => {
    const map = new Map<string, RowPosition>();
    for (const position of account.data?.positions ?? []) if (!position.isDust) map.set(position.bank, { isLending: position.isLending });
    return map;
  }, [account.data]);
  // Shown once the wallet is connected and what the column needs has loaded; the SDK's math on the same snapshot.
  const personal = useMemo((): PersonalAmounts | null => {
    if (address === null || !market.data) return null;
    if (mode === "lend") return balances.data ? walletAmounts(market.data, balances.data) : null;
    if (selectedAccount !== null && !chainAccount.data) return null;
    return borrowableAmounts(market.data, chainAccount.data?.account.lendingAccount.balances ?? null);
  }, [address, market.data, mode, balances.data, selectedAccount, chainAccount.data]);
  const totals = useMemo(
    () => ({
      deposits: rows.reduce((sum, row) => sum + (row.depositsUsd ?? 0), 0),
      borrows: rows.reduce((sum, row) => sum + (row.borrowsUsd ?? 0), 0),
    }),
    [rows],
  );

  useShortcut(SEARCH_SHORTCUT, () => {
    document.getElementById(SEARCH_ID)?.focus();
    return "Search assets focused";
  });

  const onAction = (bank: BankRow, action: BankAction) => actionBox.open(bank.address, BOX_TABS[action]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-fg">Markets</h1>
          <p className="mt-1 text-sm text-muted">{marketInfo.name} — lend to earn interest, or borrow against your deposits.</p>
        </div>
        <dl className="flex gap-8">
          <Stat label="Total deposits" value={market.data ? formatUsdCompact(totals.deposits) : <Skeleton className="h-6 w-20" />} />
          <Stat label="Total borrows" value={market.data ? formatUsdCompact(totals.borrows) : <Skeleton className="h-6 w-20" />} />
        </dl>
      </div>

      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-line p-4">
          <Tabs label="Mode" options={MODES} value={mode} onChange={setMode} panelId="markets-panel" />
          <Input
            className="order-last w-full sm:order-none sm:ml-auto sm:w-64"
            id={SEARCH_ID}
            label="Search assets"
            hideLabel
            aria-keyshortcuts={SEARCH_SHORTCUT.key}
            type="search"
            placeholder="Search assets"
            prefix={<SearchIcon className="size-4" />}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <label className="flex items-center gap-2 text-sm text-muted md:hidden">
            Sort
            <select
              className="focus-ring h-9 rounded-lg border border-line bg-surface px-2 text-sm text-fg"
              value={`${sort.key}:${sort.direction}`}
              onChange={(event) => {
                const [key, direction] = event.target.value.split(":") as [SortKey, Sort["direction"]];
                setSort({ key, direction });
              }}
            >
              {(Object.keys(SORT_LABELS) as SortKey[]).flatMap((key) => [
                <option key={`${key}:desc`} value={`${key}:desc`}>
                  {SORT_LABELS[key]} ↓
                </option>,
                <option key={`${key}:asc`} value={`${key}:asc`}>
                  {SORT_LABELS[key]} ↑
                </option>,
              ])}
            </select>
          </label>
        </div>
        <div id="markets-panel" role="tabpanel" aria-label={mode === "lend" ? "Lend" : "Borrow"} className="p-0 md:p-2">
          {market.isPending ? (
            <TableSkeleton />
          ) : market.isError ? (
            <EmptyState
              title="Could not load this market"
              description={market.error.message}
              action={
                <Button variant="secondary" onClick={() => void market.refetch()}>
                  Try again
                </Button>
              }
            />
          ) : rows.length === 0 ? (
            <EmptyState title="No banks in this market yet" description="Banks appear here as soon as the market lists them." />
          ) : groups.length === 0 ? (
            <EmptyState title={`No assets match “${search.trim()}”`} description="Try a symbol, a token name or a mint address." />
          ) : (
            <div className="p-4 md:p-0">
              <MarketsTable
                groups={groups}
                mode={mode}
                sort={sort}
                onSort={(key) => setSort((s) => nextSort(s, key))}
                positions={positions}
                onAction={onAction}
                personal={personal}
              />
            </div>
          )}
        </div>
      </Card>
    </div>
  );
}
