// The banks of a market under their asset-group headings: a table on wide screens, cards on narrow ones. Each row
// links to its bank page and has the contextual action button.
import { Link } from "wouter";
import { bankPath } from "../../app/routes.js";
import { formatCompact, formatPercent, formatPrice, formatTokenNumber, formatUsdCompact } from "../../format/index.js";
import { Badge, Button, SortableTH, TD, TH, TR, TokenMark, cn } from "../../ui/index.js";
import type { ActionType } from "../action-box/context.js";
import {
  rowAction,
  rowActionLabel,
  type BankAction,
  type BankRow,
  type LendingMode,
  type PersonalAmounts,
  type RowGroup,
  type RowPosition,
  type Sort,
  type SortKey,
} from "./bank-rows.js";
import { ApyBreakdown } from "./ApyBreakdown.js";
import { BankStateBadge } from "./BankStateBadge.js";

export interface MarketsTableProps {
  readonly groups: readonly RowGroup[];
  readonly mode: LendingMode;
  readonly sort: Sort;
  readonly onSort: (key: SortKey) => void;
  /** The selected account's positions by bank address. */
  readonly positions: ReadonlyMap<string, RowPosition>;
  readonly onAction: (bank: BankRow, action: BankAction) => void;
  /** The connected user's wallet balances (lend) or borrowing room (borrow) by bank; null hides the column. */
  readonly personal: PersonalAmounts | null;
}

interface Column {
  readonly key: SortKey | null;
  readonly label: string;
}

const LIQUIDITY = "Liquidity";
const PERSONAL_LABEL: Record<LendingMode, string> = { lend: "Wallet balance", borrow: "Available to borrow" };

function columnsFor(mode: LendingMode, personal: boolean): readonly Column[] {
  const columns: readonly Column[] =
    mode === "lend"
      ? [
          { key: "price", label: "Price" },
          { key: "apy", label: "APY" },
          { key: "weight", label: "Weight" },
          { key: "total", label: "Deposits" },
          { key: "cap", label: "Deposit cap" },
          { key: "utilization", label: "Utilization" },
        ]
      : [
          { key: "price", label: "Price" },
          { key: "apy", label: "APY" },
          { key: "weight", label: "LTV" },
          { key: "total", label: "Borrows" },
          { key: null, label: LIQUIDITY },
          { key: "cap", label: "Borrow cap" },
          { key: "utilization", label: "Utilization" },
        ];
  if (!personal) return columns;
  // What the account can borrow is capped by the bank's liquidity: with it shown, the liquidity column makes room.
  return [...columns.filter((column) => column.label !== LIQUIDITY), { key: null, label: PERSONAL_LABEL[mode] }];
}

export function BankBadges({ row }: { readonly row: BankRow }) {
  return (
    <span className="flex flex-wrap gap-1">
      {row.isolated && (
        <Badge tone="warning" title="Isolated risk tier: borrowed alone, not usable as collateral">
          Isolated
        </Badge>
      )}
      {row.emode && (
        <Badge tone="accent" title="E-mode: boosted weights for paired assets">
          E-mode
        </Badge>
      )}
      {row.lstTier && <Badge tone="info">{row.lstTier}</Badge>}
      <BankStateBadge state={row.operationalState} />
    </span>
  );
}

function Amount({ tokens, usd, symbol }: { readonly tokens: number; readonly usd: number | null; readonly symbol: string }) {
  return (
    <span className="flex flex-col items-end">
      <span className="text-fg">
        {formatTokenNumber(tokens, 2)} <span className="text-muted">{symbol}</span>
      </span>
      <span className="text-xs text-muted">{usd === null ? "—" : formatUsdCompact(usd)}</span>
    </span>
  );
}

function Utilization({ value }: { readonly value: number }) {
  const percent = Math.min(100, Math.max(0, value * 100));
  return (
    <span className="flex flex-col items-end gap-1">
      <span>{formatPercent(value)}</span>
      <span aria-hidden="true" className="h-1 w-16 overflow-hidden rounded-full bg-subtle">
        <span className={cn("block h-full rounded-full", percent >= 90 ? "bg-warning" : "bg-accent")} style={{ width: `${percent}%` }} />
      </span>
    </span>
  );
}

function capText(cap: number | null, symbol: string): string {
  return cap === null ? "No limit" : `${formatTokenNumber(cap, 2)} ${symbol}`;
}

/** The cells after the asset, in column order. */
function cellsFor(row: BankRow, mode: LendingMode, personal: PersonalAmounts | null) {
  const mine = personal?.get(row.address) ?? 0;
  const personalCell = personal ? [<Amount tokens={mine} usd={row.price === null ? null : mine * row.price} symbol={row.symbol} />] : [];
  const market = columnsFor(mode, false);
  // The liquidity cell gives way to the personal one, as its column does.
  const cells = marketCells(row, mode).filter((_, i) => !personal || market[i]!.label !== LIQUIDITY);
  return [...cells, ...personalCell];
}

function marketCells(row: BankRow, mode: LendingMode) {
  const price = row.price === null ? "—" : formatPrice(row.price);
  if (mode === "lend") {
    return [
      price,
      <ApyBreakdown
        apy={row.lending}
        label={`${row.symbol} deposit APY`}
        className="font-medium text-success"
        testId={`apy-${row.address}`}
      />,
      formatPercent(row.assetWeight, 0),
      <Amount tokens={row.totalDeposits} usd={row.depositsUsd} symbol={row.symbol} />,
      capText(row.depositCap, row.symbol),
      <Utilization value={row.utilization} />,
    ];
  }
  return [
    price,
    <ApyBreakdown
      apy={row.borrowing}
      label={`${row.symbol} borrow APY`}
      className="font-medium text-warning"
      testId={`apy-${row.address}`}
    />,
    formatPercent(row.ltv, 0),
    <Amount tokens={row.totalBorrows} usd={row.borrowsUsd} symbol={row.symbol} />,
    `${formatTokenNumber(row.available, 2)} ${row.symbol}`,
    capText(row.borrowCap, row.symbol),
    <Utilization value={row.utilization} />,
  ];
}

/** The insurance fund exactly, with its value: what covers the bank's bad debt before lenders share it. */
function insuranceTitle(fund: NonNullable<BankRow["insuranceFund"]>, symbol: string): string {
  const value = fund.usd === null ? "" : ` (${formatUsdCompact(fund.usd)})`;
  return `Insurance fund: ${formatTokenNumber(fund.tokens, 6)} ${symbol}${value}`;
}

function AssetCell({ row }: { readonly row: BankRow }) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <TokenMark symbol={row.symbol} logoURI={row.logoURI} />
      <div className="flex min-w-0 flex-col gap-1">
        <Link href={bankPath(row.address, row.group)} className="focus-ring truncate rounded font-semibold text-fg hover:underline">
          {row.symbol}
        </Link>
        <span className="truncate text-xs text-muted">{row.provider}</span>
        {row.insuranceFund && (
          // Under the name rather than in a column of its own: the table already fills a wide screen.
          <span className="truncate text-xs text-muted" title={insuranceTitle(row.insuranceFund, row.symbol)}>
            Insurance fund {formatCompact(row.insuranceFund.tokens)} {row.symbol}
          </span>
        )}
        <BankBadges row={row} />
      </div>
    </div>
  );
}

const ROW_ACTIONS: Record<BankAction, ActionType> = { Supply: "deposit", Withdraw: "withdraw", Borrow: "borrow", Repay: "repay" };

/** The bank refuses the action whatever the amount (its state or kind, the SDK's rule). */
function actionDisabled(row: BankRow, action: BankAction): boolean {
  return !row.actions.includes(ROW_ACTIONS[action]);
}

function ActionButton({
  row,
  action,
  onAction,
}: {
  readonly row: BankRow;
  readonly action: BankAction;
  readonly onAction: MarketsTableProps["onAction"];
}) {
  return (
    <Button
      size="sm"
      variant={action === "Supply" || action === "Borrow" ? "primary" : "secondary"}
      disabled={actionDisabled(row, action)}
      aria-label={rowActionLabel(row, action)}
      onClick={() => onAction(row, action)}
    >
      {action}
    </Button>
  );
}

export function MarketsTable({ groups, mode, sort, onSort, positions, onAction, personal }: MarketsTableProps) {
  const columns = columnsFor(mode, personal !== null);
  return (
    <>
      <div className="hidden md:block">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{mode === "lend" ? "Banks to lend to" : "Banks to borrow from"}</caption>
          <thead>
            <tr className="border-b border-line">
              <TH>Asset</TH>
              {columns.map((column) =>
                column.key === null ? (
                  <TH key={column.label} className="text-right">
                    {column.label}
                  </TH>
                ) : (
                  <SortableTH
                    key={column.label}
                    align="right"
                    active={sort.key === column.key}
                    direction={sort.direction}
                    onSort={() => onSort(column.key!)}
                  >
                    {column.label}
                  </SortableTH>
                ),
              )}
              <TH>
                <span className="sr-only">Action</span>
              </TH>
            </tr>
          </thead>
          {groups.map((group) => (
            <tbody key={group.category} aria-label={group.category}>
              <tr>
                <th
                  scope="colgroup"
                  colSpan={columns.length + 2}
                  className="bg-subtle/60 px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase"
                >
                  {group.category}
                </th>
              </tr>
              {group.rows.map((row) => {
                const cells = cellsFor(row, mode, personal);
                return (
                  <TR key={row.address} data-bank={row.address} className="hover:bg-subtle/40">
                    <TD className="max-w-[18rem]">
                      <AssetCell row={row} />
                    </TD>
                    {columns.map((column, i) => (
                      <TD key={column.label} className="text-right whitespace-nowrap">
                        {cells[i]}
                      </TD>
                    ))}
                    <TD className="text-right">
                      <ActionButton row={row} action={rowAction(mode, positions.get(row.address))} onAction={onAction} />
                    </TD>
                  </TR>
                );
              })}
            </tbody>
          ))}
        </table>
      </div>

      <div className="flex flex-col gap-6 md:hidden">
        {groups.map((group) => (
          <section key={group.category} aria-label={group.category}>
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted uppercase">{group.category}</h3>
            <ul className="flex flex-col gap-3">
              {group.rows.map((row) => {
                const cells = cellsFor(row, mode, personal);
                return (
                  <li key={row.address} data-bank={row.address} className="rounded-xl border border-line bg-surface p-4">
                    <div className="flex items-start justify-between gap-3">
                      <AssetCell row={row} />
                      <ActionButton row={row} action={rowAction(mode, positions.get(row.address))} onAction={onAction} />
                    </div>
                    <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                      {columns.map((column, i) => (
                        <div key={column.label} className="flex min-w-0 flex-col items-start [&_span]:items-start">
                          <dt className="text-xs text-muted">{column.label}</dt>
                          <dd className="tabular-nums">{cells[i]}</dd>
                        </div>
                      ))}
                    </dl>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
