// Providers, from the outside in: query cache → API client → settings → toasts → keyboard shortcuts → server config →
// market → wallet → sign-in → selected account → live updates → action box; then the layout and the routes.
import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import { Suspense, type ReactNode } from "react";
import { Route, Switch } from "wouter";
import { AccountScope } from "../account/AccountScope.js";
import { HttpProvider } from "../api/context.js";
import type { Http } from "../api/index.js";
import { AuthProvider } from "../auth/AuthProvider.js";
import { LiveUpdatesProvider } from "../chain/LiveUpdatesProvider.js";
import { ActionBoxProvider } from "../features/action-box/index.js";
import { MarketsPage } from "../features/markets/MarketsPage.js";
import { MarketProvider } from "../market/MarketProvider.js";
import { useConfigQuery } from "../queries/config.js";
import { SettingsProvider } from "../settings/SettingsProvider.js";
import { ShortcutsProvider } from "../shortcuts/ShortcutsProvider.js";
import { Button, EmptyState, Skeleton, ToastProvider } from "../ui/index.js";
import { WalletProvider } from "../wallet/WalletProvider.js";
import { Layout } from "./Layout.js";
import { ActivityPage, AddressPage, BankPage, LoopPage, PointsPage, PortfolioPage, ROUTES, TransactionPage } from "./routes.js";
import { NotFoundPage } from "./NotFoundPage.js";

function ConfigGate({ origin, children }: { readonly origin: string; readonly children: ReactNode }) {
  const config = useConfigQuery();
  if (config.isPending) {
    return (
      <div className="mx-auto flex max-w-7xl flex-col gap-4 p-6" aria-busy="true" aria-label="Loading Ballast">
        <Skeleton className="h-10 w-48" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  if (config.isError) {
    return (
      <EmptyState
        className="min-h-dvh justify-center"
        title="Ballast is unreachable"
        description={config.error.message}
        action={<Button onClick={() => void config.refetch()}>Try again</Button>}
      />
    );
  }
  const data = config.data;
  return (
    <MarketProvider config={data} origin={origin}>
      <WalletProvider cluster={data.cluster}>
        <AuthProvider enabled={data.authEnabled}>
          <AccountScope>
            <LiveUpdatesProvider>
              <ActionBoxProvider>{children}</ActionBoxProvider>
            </LiveUpdatesProvider>
          </AccountScope>
        </AuthProvider>
      </WalletProvider>
    </MarketProvider>
  );
}

function PageFallback() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Skeleton className="h-8 w-56" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

function AppRoutes() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Switch>
        <Route path={ROUTES.markets} component={MarketsPage} />
        <Route path={ROUTES.portfolio} component={PortfolioPage} />
        <Route path={ROUTES.loop} component={LoopPage} />
        <Route path={ROUTES.bank} component={BankPage} />
        <Route path={ROUTES.points} component={PointsPage} />
        <Route path={ROUTES.activity} component={ActivityPage} />
        <Route path={ROUTES.transaction} component={TransactionPage} />
        <Route path={ROUTES.address} component={AddressPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

export function App({ http, queryClient, origin }: { readonly http: Http; readonly queryClient: QueryClient; readonly origin: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <HttpProvider http={http}>
        <SettingsProvider>
          <ToastProvider>
            <ShortcutsProvider>
              <ConfigGate origin={origin}>
                <Layout>
                  <AppRoutes />
                </Layout>
              </ConfigGate>
            </ShortcutsProvider>
          </ToastProvider>
        </SettingsProvider>
      </HttpProvider>
    </QueryClientProvider>
  );
}
