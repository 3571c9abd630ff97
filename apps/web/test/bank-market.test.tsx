// A bank link selects the bank's own market: `?market=` names it; an old link without it (or naming a market the
// server does not serve) finds the bank's market in the server's bank list; the page waits while the market is still
// to be selected, and a market chosen afterwards is kept.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { AppConfig, BankDto } from "@ballast/sdk";
import { HttpProvider } from "../src/api/context.js";
import { Http } from "../src/api/index.js";
import { bankPath } from "../src/app/routes.js";
import { marketFromSearch, useBankMarket } from "../src/features/bank/bank-market.js";
import { MarketProvider, useSelectedMarket } from "../src/market/MarketProvider.js";
import { queryKeys } from "../src/queries/index.js";
import { SettingsProvider } from "../src/settings/SettingsProvider.js";

const MAIN = "Main111111111111111111111111111111111111111";
const HARBOR = "Harbor1111111111111111111111111111111111111";
const HARBOR_BANK = "HarborBank11111111111111111111111111111111";

const CONFIG: AppConfig = {
  programId: "MFv2hWf31Z9kbCa1snEPYctwafyhdvnV7FZnsebVacA",
  cluster: "local",
  rpcPath: "/rpc",
  authEnabled: false,
  faucet: false,
  priceControl: false,
  explorer: null,
  markets: [
    { group: MAIN, name: "Ballast Main", main: true },
    { group: HARBOR, name: "Harbor", main: false },
  ],
  tokens: [],
};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

let pick: (group: string) => void = () => undefined;

function Probe({ address, search }: { readonly address: string; readonly search: string }) {
  const selecting = useBankMarket(address, search);
  const { market, setMarket } = useSelectedMarket();
  pick = setMarket;
  return <p data-testid="probe">{`${market.name}${selecting ? ", selecting" : ""}`}</p>;
}

/** The app's providers with the server's bank list in the cache (undefined: still loading). */
function renderProbe(address: string, search: string, banks: readonly Pick<BankDto, "bank_address" | "group_address">[] | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // A list still loading stays loading: its fetch never settles.
  if (banks) client.setQueryData(queryKeys.banks("db"), banks);
  else void client.prefetchQuery({ queryKey: queryKeys.banks("db"), queryFn: () => new Promise<never>(() => undefined) });
  const ui = (props: { search: string }) => (
    <QueryClientProvider client={client}>
      <HttpProvider http={new Http("http://127.0.0.1:9")}>
        <SettingsProvider>
          <MarketProvider config={CONFIG} origin="http://127.0.0.1:9">
            <Probe address={address} search={props.search} />
          </MarketProvider>
        </SettingsProvider>
      </HttpProvider>
    </QueryClientProvider>
  );
  const view = render(ui({ search }));
  return { rerender: (next: string) => view.rerender(ui({ search: next })) };
}

const shown = () => screen.getByTestId("probe").textContent;

describe("bank links", () => {
  it("carry the market", () => {
    expect(bankPath(HARBOR_BANK, HARBOR)).toBe(`/banks/${HARBOR_BANK}?market=${HARBOR}`);
    expect(marketFromSearch(`market=${HARBOR}&action=borrow`, CONFIG.markets)).toBe(HARBOR);
    expect(marketFromSearch("market=Elsewhere1111111111111111111111111111111", CONFIG.markets)).toBeNull();
    expect(marketFromSearch("action=borrow", CONFIG.markets)).toBeNull();
  });

  it("select the market they name, without waiting for the bank list", () => {
    renderProbe(HARBOR_BANK, `market=${HARBOR}`, undefined);
    expect(shown()).toBe("Harbor");
    expect(localStorage.getItem("ballast:market")).toBe(HARBOR);
  });

  it("without a market, wait for the bank list and select the bank's market", async () => {
    renderProbe(HARBOR_BANK, "", [
      { bank_address: "MainBank111111111111111111111111111111111111", group_address: MAIN },
      { bank_address: HARBOR_BANK, group_address: HARBOR },
    ]);
    expect(shown()).toBe("Harbor");
  });

  it("wait while the bank list loads", () => {
    renderProbe(HARBOR_BANK, "", undefined);
    expect(shown()).toBe("Ballast Main, selecting");
  });

  it("keep the selected market for a bank no market lists, and one naming an unserved market look the bank up", () => {
    const banks = [{ bank_address: HARBOR_BANK, group_address: HARBOR }];
    renderProbe("Unknown1111111111111111111111111111111111111", "", banks);
    expect(shown()).toBe("Ballast Main");
    cleanup();
    renderProbe(HARBOR_BANK, "market=Elsewhere1111111111111111111111111111111", banks);
    expect(shown()).toBe("Harbor");
  });

  it("keep a market chosen after the link opened, until another link opens", () => {
    const { rerender } = renderProbe(HARBOR_BANK, `market=${HARBOR}`, undefined);
    expect(shown()).toBe("Harbor");
    act(() => pick(MAIN));
    rerender(`market=${HARBOR}`);
    expect(shown()).toBe("Ballast Main");
    rerender(`market=${HARBOR}&action=deposit`);
    expect(shown()).toBe("Harbor");
  });
});
