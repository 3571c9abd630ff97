// The app's pages. Markets is in the first bundle; every other page loads on demand.
import { lazy } from "react";

export const ROUTES = {
  markets: "/",
  portfolio: "/portfolio",
  loop: "/loop",
  bank: "/banks/:address",
  points: "/points",
  activity: "/activity",
  transaction: "/tx/:signature",
  address: "/address/:address",
} as const;

/** The market's query parameter on a bank link: a shared link opens the bank's own market. */
export const MARKET_PARAM = "market";

export const bankPath = (address: string, group: string) => `/banks/${address}?${MARKET_PARAM}=${group}`;

export const PortfolioPage = lazy(() => import("../features/portfolio/PortfolioPage.js"));
export const LoopPage = lazy(() => import("../features/loop/LoopPage.js"));
export const BankPage = lazy(() => import("../features/bank/BankPage.js"));
export const PointsPage = lazy(() => import("../features/points/PointsPage.js"));
export const ActivityPage = lazy(() => import("../features/activity/ActivityPage.js"));
export const TransactionPage = lazy(() => import("../features/explorer/TransactionPage.js"));
export const AddressPage = lazy(() => import("../features/explorer/AddressPage.js"));

/** The top and bottom navigation. */
export const NAV_ITEMS = [
  { href: ROUTES.markets, label: "Markets" },
  { href: ROUTES.portfolio, label: "Portfolio" },
  { href: ROUTES.loop, label: "Loop" },
  { href: ROUTES.points, label: "Points" },
  { href: ROUTES.activity, label: "Activity" },
] as const;
