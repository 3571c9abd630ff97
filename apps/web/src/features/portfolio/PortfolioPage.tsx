// Portfolio: the wallet's accounts across every market, then the selected account of the selected market — health,
// account figures, rewards, positions and its value over time — with the account bar (switch, create, label,
// transfer, close) on top.
import { useMemo, useState } from "react";
import { Link } from "wouter";
import { useSelectedAccount } from "../../account/SelectedAccountProvider.js";
import { useAppConfig } from "../../market/MarketProvider.js";
import { useAccount, useMarket, useMarketBanks } from "../../queries/index.js";
import { Button, EmptyState, Skeleton } from "../../ui/index.js";
import { useWallet } from "../../wallet/WalletProvider.js";
import { AccountBar } from "../accounts/AccountBar.js";
import { AccountHistoryCard } from "./AccountHistoryCard.js";
import { MarketsSummary } from "./MarketsSummary.js";
import { HealthAlertSettings } from "../alerts/HealthAlertSettings.js";
import { useActionBox } from "../action-box/index.js";
import { ClaimRewards } from "./ClaimRewards.js";
import { ClosePositionDialog } from "./ClosePositionDialog.js";
import { PortfolioView } from "./PortfolioView.js";
import { portfolioInputsFromDto, portfolioModel, type PortfolioInputs, type PortfolioModel } from "./portfolio-model.js";

function PortfolioSkeleton() {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading portfolio">
      <Skeleton className="h-40 w-full" />
      <div className="flex flex-col gap-6">
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    </div>
  );
}

const goToMarkets = (
  <Link href="/" className="focus-ring rounded text-sm font-medium text-accent hover:underline">
    Supply on the markets page
  </Link>
);

function SelectedPortfolio({ account }: { readonly account: string }) {
  const accountQuery = useAccount(account);
  const market = useMarket();
  const banks = useMarketBanks();
  const { tokens } = useAppConfig();
  const actionBox = useActionBox();
  const [closing, setClosing] = useState(false);

  const computed = useMemo((): { model: PortfolioModel; inputs: PortfolioInputs } | { error: string } | null => {
    if (!accountQuery.data || !market.data) return null;
    try {
      const inputs = portfolioInputsFromDto(market.data, accountQuery.data, banks.data, tokens);
      return { model: portfolioModel(inputs), inputs };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }, [accountQuery.data, market.data, banks.data, tokens]);

  const failure = accountQuery.error ?? market.error;
  if (failure) {
    return (
      <EmptyState
        title="Could not load this account"
        description={failure.message}
        action={
          <Button variant="secondary" onClick={() => void (accountQuery.error ? accountQuery.refetch() : market.refetch())}>
            Try again
          </Button>
        }
      />
    );
  }
  if (computed === null) return <PortfolioSkeleton />;
  if ("error" in computed) return <EmptyState title="Could not value this account" description={computed.error} />;

  const { model, inputs } = computed;
  if (model.positions.length === 0) {
    return (
      <EmptyState
        title="No open positions"
        description="This account holds no deposits or borrows. Supply an asset to start earning and to borrow against it."
        action={goToMarkets}
      />
    );
  }
  return (
    <>
      <PortfolioView
        model={model}
        onAction={(bank, action) => actionBox.open(bank, action)}
        alertSettings={<HealthAlertSettings />}
        rewards={<ClaimRewards account={account} market={inputs.market} balances={inputs.balances} readAt={market.dataUpdatedAt} />}
        onClosePosition={() => setClosing(true)}
      />
      <AccountHistoryCard account={account} />
      {closing && model.leveraged && (
        <ClosePositionDialog account={account} leveraged={model.leveraged} onClose={() => setClosing(false)} />
      )}
    </>
  );
}

export default function PortfolioPage() {
  const { address } = useWallet();
  const { selectedAccount, accounts } = useSelectedAccount();

  let body;
  if (!address) {
    body = (
      <EmptyState title="Connect a wallet" description="Your accounts, health and positions appear here once a wallet is connected." />
    );
  } else if (accounts === undefined) {
    body = <PortfolioSkeleton />;
  } else if (selectedAccount === null) {
    body = (
      <EmptyState
        title="No account yet"
        description="Supply an asset to open your account (it is created with your first deposit), or create an empty one above."
        action={goToMarkets}
      />
    );
  } else {
    body = <SelectedPortfolio key={selectedAccount} account={selectedAccount} />;
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Portfolio</h1>
        {address && accounts !== undefined && <AccountBar />}
      </div>
      {address && <MarketsSummary />}
      {body}
    </div>
  );
}
