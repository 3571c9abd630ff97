// The page frame: top bar (brand, navigation, market selector, settings, wallet), content, footer, and the bottom
// navigation on small screens; the health alert banner above the content on every page.
import { lazy, Suspense, useState, type ReactNode } from "react";
import { Link, useLocation } from "wouter";
import { useSelectedMarket } from "../market/MarketProvider.js";
import { HELP_SHORTCUT } from "../shortcuts/keys.js";
import { useShowShortcuts } from "../shortcuts/ShortcutsProvider.js";
import { cn } from "../ui/index.js";
import { WalletButton } from "../wallet/WalletButton.js";
import { ActivityIcon, GearIcon, LoopIcon, MarketsIcon, PointsIcon, PortfolioIcon } from "./icons.js";
import { NAV_ITEMS, ROUTES } from "./routes.js";
import { HealthAlertBanner } from "../features/alerts/HealthAlertBanner.js";

// The settings form loads with its first opening; it stays mounted after, so closing behaves as any dialog's.
const SettingsDialog = lazy(() => import("../settings/SettingsDialog.js").then((m) => ({ default: m.SettingsDialog })));

const NAV_ICONS = {
  [ROUTES.markets]: MarketsIcon,
  [ROUTES.portfolio]: PortfolioIcon,
  [ROUTES.loop]: LoopIcon,
  [ROUTES.points]: PointsIcon,
  [ROUTES.activity]: ActivityIcon,
} as const;

function isActive(location: string, href: string): boolean {
  return href === "/" ? location === "/" : location.startsWith(href);
}

function MarketSelector() {
  const { markets, market, setMarket } = useSelectedMarket();
  if (markets.length < 2) return <span className="hidden text-sm font-medium text-muted sm:inline">{market.name}</span>;
  return (
    <label className="relative flex items-center">
      <span className="sr-only">Market</span>
      <select
        value={market.group}
        onChange={(event) => setMarket(event.target.value)}
        className="focus-ring h-9 max-w-[9.5rem] appearance-none truncate rounded-lg border border-line bg-surface py-0 pr-8 pl-3 text-sm font-medium text-fg sm:max-w-[14rem]"
      >
        {markets.map((m) => (
          <option key={m.group} value={m.group}>
            {m.name}
          </option>
        ))}
      </select>
      <svg viewBox="0 0 20 20" aria-hidden="true" className="pointer-events-none absolute right-2.5 size-4 text-muted">
        <path d="M6 8l4 4 4-4" stroke="currentColor" strokeWidth="1.8" fill="none" strokeLinecap="round" />
      </svg>
    </label>
  );
}

function ShortcutsButton() {
  const show = useShowShortcuts();
  return (
    <button type="button" onClick={show} aria-keyshortcuts={HELP_SHORTCUT.key} className="focus-ring rounded underline hover:text-fg">
      Keyboard shortcuts
    </button>
  );
}

function Brand() {
  return (
    <Link href="/" className="focus-ring flex items-center gap-2 rounded-lg font-semibold tracking-tight text-fg">
      <img src="/favicon.svg" alt="" className="size-7" />
      <span className="hidden sm:inline">Ballast</span>
    </Link>
  );
}

export function Layout({ children }: { readonly children: ReactNode }) {
  const [location] = useLocation();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsLoaded, setSettingsLoaded] = useState(false);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-line bg-bg/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
          <Brand />
          <nav aria-label="Main" className="ml-4 hidden items-center gap-1 md:flex">
            {NAV_ITEMS.map((item) => (
              <Link
                key={item.href}
                href={item.href}
                aria-current={isActive(location, item.href) ? "page" : undefined}
                className={cn(
                  "focus-ring rounded-lg px-3 py-2 text-sm font-medium transition-colors",
                  isActive(location, item.href) ? "bg-subtle text-fg" : "text-muted hover:text-fg",
                )}
              >
                {item.label}
              </Link>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <MarketSelector />
            <button
              type="button"
              aria-label="Settings"
              onClick={() => {
                setSettingsLoaded(true);
                setSettingsOpen(true);
              }}
              className="focus-ring flex size-9 items-center justify-center rounded-lg border border-line bg-surface text-muted hover:text-fg"
            >
              <GearIcon className="size-[18px]" />
            </button>
            <WalletButton />
          </div>
        </div>
      </header>

      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 pt-6 pb-24 sm:px-6 md:pb-12">
        <HealthAlertBanner />
        {children}
      </main>

      <footer className="hidden border-t border-line md:block">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-2 px-6 py-5 text-xs text-muted">
          <span>Ballast — lend and borrow from your own wallet. Rates are variable; borrowing carries liquidation risk.</span>
          <span className="flex items-center gap-4">
            <span>Prices from on-chain oracles. Not financial advice.</span>
            <ShortcutsButton />
          </span>
        </div>
      </footer>

      <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 backdrop-blur md:hidden">
        <ul className="grid grid-cols-5">
          {NAV_ITEMS.map((item) => {
            const ItemIcon = NAV_ICONS[item.href];
            const active = isActive(location, item.href);
            return (
              <li key={item.href}>
                <Link
                  href={item.href}
                  aria-current={active ? "page" : undefined}
                  className={cn(
                    "focus-ring flex flex-col items-center gap-1 py-2.5 text-[11px] font-medium",
                    active ? "text-accent" : "text-muted",
                  )}
                >
                  <ItemIcon className="size-5" />
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

      {settingsLoaded && (
        <Suspense fallback={null}>
          <SettingsDialog open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
