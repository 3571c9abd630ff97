// The connected wallet's accounts in every market at once (GET /api/portfolio): the total value, the worst health and,
// per market, each account's value and health with a link that opens it in that market's portfolio.
import { rememberAccount } from "../../account/selection.js";
import { useSelectedAccount } from "../../account/SelectedAccountProvider.js";
import type { PortfolioAccountDto, PortfolioReply } from "../../api/index.js";
import { formatPercent, formatUsd, shortenAddress } from "../../format/index.js";
import { useSelectedMarket } from "../../market/MarketProvider.js";
import { usePortfolio } from "../../queries/index.js";
import { Button, Card, CardBody, CardHeader, EmptyState, Skeleton, Stat } from "../../ui/index.js";
import { useWallet } from "../../wallet/WalletProvider.js";

export function MarketsSummary() {
  const portfolio = usePortfolio();
  let body;
  if (portfolio.isPending) body = <Skeleton className="h-24 w-full" />;
  else if (portfolio.isError) body = <EmptyState title="Could not load your markets" description={portfolio.error.message} />;
  else body = <Summary portfolio={portfolio.data} />;
  return (
    <Card>
      <CardHeader title="All markets" description="Your accounts in every market" />
      <CardBody>{body}</CardBody>
    </Card>
  );
}

function Summary({ portfolio }: { readonly portfolio: PortfolioReply }) {
  const worst = portfolio.worstHealth;
  const worstMarket = worst === null ? null : portfolio.markets.find((m) => m.group === worst.group);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-4">
        <Stat label="Total value" value={<span data-testid="markets-total-value">{formatUsd(Number(portfolio.totalValue))}</span>} />
        <Stat
          label="Worst health"
          value={<span data-testid="markets-worst-health">{worst === null ? "—" : formatPercent(Number(worst.healthFactor))}</span>}
          hint={worstMarket ? worstMarket.name : undefined}
        />
      </dl>
      <ul aria-label="Accounts by market" className="flex flex-col divide-y divide-line">
        {portfolio.markets.map((market) => (
          <li key={market.group} aria-label={market.name} className="flex flex-col gap-1 py-2">
            <div className="flex items-baseline justify-between gap-3">
              <span className="font-medium">{market.name}</span>
              <span className="text-sm text-muted tabular-nums">
                {market.accounts.length === 0 ? "No account" : formatUsd(Number(market.value))}
              </span>
            </div>
            {market.accounts.map((account) => (
              <MarketAccount key={account.address} group={market.group} marketName={market.name} account={account} />
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}

function MarketAccount({
  group,
  marketName,
  account,
}: {
  readonly group: string;
  readonly marketName: string;
  readonly account: PortfolioAccountDto;
}) {
  const { address } = useWallet();
  const { market, setMarket } = useSelectedMarket();
  const { setSelectedAccount } = useSelectedAccount();
  const short = shortenAddress(account.address);
  const open = () => {
    if (group === market.group) {
      setSelectedAccount(account.address);
      return;
    }
    // The market's account selection reads this once the market is switched.
    if (address !== null) rememberAccount(address, group, account.address);
    setMarket(group);
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-sm">
      <span className="font-mono text-muted">{short}</span>
      <span className="flex items-center gap-3 tabular-nums">
        <span>{formatUsd(Number(account.value))}</span>
        <span className={account.liquidationRisk ? "text-danger" : "text-muted"}>Health {formatPercent(Number(account.healthFactor))}</span>
        <Button size="sm" variant="secondary" onClick={open} aria-label={`Open ${marketName} account ${short}`}>
          Open
        </Button>
      </span>
    </div>
  );
}
