// A bank's page (/banks/:address?market=<group>, which selects the bank's market): header, key figures (the markets
// table's row builder over the SDK), e-mode pairings, the action buttons opening the action box (once on load for a
// `?action=` link), the history charts and the bad debt settled by bankruptcies.
import { useEffect, useMemo, useRef } from "react";
import { useParams, useSearch } from "wouter";
import { bankActionsOffered } from "@ballast/sdk";
import { useSelectedAccount } from "../../account/SelectedAccountProvider.js";
import { formatPrice } from "../../format/index.js";
import { useAppConfig } from "../../market/MarketProvider.js";
import { useAccount, useKaminoFarmRewards, useMarket, useMarketBanks } from "../../queries/index.js";
import { Button, Card, CardBody, EmptyState, Skeleton, TokenMark } from "../../ui/index.js";
import { useActionBox, type ActionType } from "../action-box/index.js";
import { BankBadges } from "../markets/MarketsTable.js";
import { buildBankRows, type BankRow } from "../markets/bank-rows.js";
import { BadDebtCard } from "./BadDebtCard.js";
import { BankHistory } from "./BankHistory.js";
import { useBankMarket } from "./bank-market.js";
import { BankStats } from "./BankStats.js";
import { CopyButton } from "./CopyButton.js";
import { EmodePairingsCard } from "./EmodePairingsCard.js";
import { actionFromSearch, curveData, emodePairings, farmRewardView } from "./bank-detail.js";
import { ExplorerLink } from "../explorer/ExplorerLink.js";

const ACTIONS: readonly { readonly action: ActionType; readonly label: string }[] = [
  { action: "deposit", label: "Supply" },
  { action: "withdraw", label: "Withdraw" },
  { action: "borrow", label: "Borrow" },
  { action: "repay", label: "Repay" },
];

/** Why the bank's actions are limited, under its header; null while it takes them all. */
const STATE_NOTES: Record<BankRow["operationalState"], string | null> = {
  operational: null,
  paused: "This bank is paused: no action is accepted.",
  "reduce-only": "This bank is reduce-only: only withdrawals and repayments are accepted.",
  "killed-by-bankruptcy": "This bank was shut down by a bankruptcy: its deposits are worth nothing and no action is accepted, ever again.",
};

export default function BankPage() {
  const { address = "" } = useParams<{ address: string }>();
  const search = useSearch();
  const config = useAppConfig();
  const market = useMarket();
  const dtos = useMarketBanks();
  const actionBox = useActionBox();
  const { selectedAccount } = useSelectedAccount();
  const account = useAccount(selectedAccount);
  const selectingMarket = useBankMarket(address, search);

  const rows = useMemo(
    () => (market.data ? buildBankRows(market.data, dtos.data ?? [], config.tokens) : []),
    [market.data, dtos.data, config.tokens],
  );
  const priced = market.data?.banks.get(address);
  const row = rows.find((r) => r.address === address);
  const farmRewards = useKaminoFarmRewards(address, row?.reserve != null);
  const farmRewardViews = useMemo(
    () => (farmRewards.data ?? []).map((reward) => farmRewardView(reward, config.tokens)),
    [farmRewards.data, config.tokens],
  );
  const pairings = useMemo(() => (market.data && priced ? emodePairings(market.data, priced, rows) : null), [market.data, priced, rows]);
  const curve = useMemo(() => (market.data && priced ? curveData(market.data, priced) : []), [market.data, priced]);

  // A markets-page link (?action=...) opens the box once, when the bank is known.
  const opened = useRef(false);
  useEffect(() => {
    const action = actionFromSearch(search);
    if (opened.current || !row || action === null) return;
    opened.current = true;
    actionBox.open(row.address, action);
  }, [search, row, actionBox]);

  if (selectingMarket || market.isPending) return <Skeleton className="h-48 w-full" />;
  if (market.isError) return <EmptyState title="Could not load this market" description={market.error.message} />;
  if (!row || !priced || !pairings)
    return <EmptyState title={`Bank ${address} not found`} description="It is not a bank of the selected market." />;

  const position =
    selectedAccount === null ? null : account.data ? (account.data.positions.find((p) => p.bank === address) ?? null) : undefined;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <TokenMark symbol={row.symbol} logoURI={row.logoURI} size="lg" />
            <h1 className="text-2xl font-semibold tracking-tight">{row.symbol}</h1>
            <span className="text-muted">{row.name}</span>
            <span className="text-lg font-semibold tabular-nums" aria-label="Price">
              {row.price === null ? "No price" : formatPrice(row.price)}
            </span>
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-muted">
            <ExplorerLink target={{ kind: "address", address }} className="truncate">
              {address}
            </ExplorerLink>
            <CopyButton text={address} label="Copy bank address" copied="Bank address copied" />
            <span aria-label="Provider">{row.provider}</span>
          </div>
          <BankBadges row={row} />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          {ACTIONS.filter(({ action }) => bankActionsOffered(priced.bank).includes(action)).map(({ action, label }) => (
            <Button
              key={action}
              variant={action === "deposit" ? "primary" : "secondary"}
              disabled={!row.actions.includes(action)}
              onClick={() => actionBox.open(row.address, action)}
            >
              {label}
            </Button>
          ))}
        </div>
      </header>
      <BankStats row={row} farmRewards={farmRewardViews} />
      <EmodePairingsCard symbol={row.symbol} pairings={pairings} />
      <BankHistory
        bank={address}
        symbol={row.symbol}
        account={selectedAccount}
        curve={curve}
        utilization={row.utilization}
        position={position}
        lendsOnly={!bankActionsOffered(priced.bank).includes("borrow")}
      />
      <BadDebtCard bank={address} symbol={row.symbol} decimals={priced.decimals} />
      {STATE_NOTES[row.operationalState] && (
        <Card>
          <CardBody className="text-sm text-muted">{STATE_NOTES[row.operationalState]}</CardBody>
        </Card>
      )}
    </div>
  );
}
