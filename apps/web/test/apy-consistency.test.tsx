// One account, one net APY on every screen. An account whose only position is a deposit in an LST bank that pays
// emissions (JitoSOL-like: interest, a reward token's emissions and a 7.2% staking yield) shows the same figure in the
// markets table, on the bank page, in the portfolio (net APY and the position) and in the action box's preview, each
// with its parts: lending rate, emissions, staking yield. Before, the preview left out emissions and staking yield and
// the portfolio left out staking yield, so the three screens disagreed.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, expect, it } from "vitest";
import { BankFlags, MarginfiGroupLayout, decodeMarginfiGroup, i80f48 as fx } from "@ballast/protocol";
import { accountRisk, bankApy, marketEmissionsRates, toBankDto, toNumber, type BankDto, type Market, type PricedBank } from "@ballast/sdk";
import { NOW, balance, banksOf, makeBank, usdc } from "../../../packages/sdk/test/math/support.js";
import { ActionBoxView } from "../src/features/action-box/ActionBoxView.js";
import { emptyBalances } from "../src/features/action-box/model.js";
import { BankStats } from "../src/features/bank/BankStats.js";
import { apysOf, buildBankRows, groupRows, DEFAULT_SORT } from "../src/features/markets/bank-rows.js";
import { MarketsTable } from "../src/features/markets/MarketsTable.js";
import { PortfolioView } from "../src/features/portfolio/PortfolioView.js";
import { SIMULATION_ONCHAIN, portfolioModel } from "../src/features/portfolio/portfolio-model.js";
import { formatPercent } from "../src/format/index.js";

afterEach(cleanup);

const STAKING_YIELD = 0.072;

// The reward token at $2.5; the LST at $200 on a 40%-utilized bank paying 4,000,000 reward native units (6 decimals)
// per token a year: 4 × 2.5 / 200 = 5% emissions APR to lenders.
const reward = usdc({ oracle: { kind: "fixed", price: "2.5" }, totalAssets: "1000000000" });
const lstBase = makeBank({
  decimals: 9,
  oracle: { kind: "fixed", price: "200" },
  totalAssets: "1000000000000",
  totalLiabilities: "400000000000",
  curve: { optimal: "0.8", plateau: "0.1", max: "1" },
  emissionsRate: 4_000_000n,
  flags: BankFlags.EMISSIONS_FLAG_LENDING_ACTIVE,
});
const lst: PricedBank = { ...lstBase, bank: { ...lstBase.bank, emissionsMint: reward.bank.mint } };

function marketOf(...banks: PricedBank[]): Market {
  const group = Buffer.alloc(MarginfiGroupLayout.space);
  MarginfiGroupLayout.discriminator.copy(group, 0);
  return { group: decodeMarginfiGroup(group), banks: banksOf(...banks), now: NOW };
}
const market = marketOf(lst, reward);

const dto = (bank: PricedBank, symbol: string, lstApy: number | null): BankDto =>
  toBankDto(bank.address, bank.bank, {
    symbol,
    name: symbol,
    tokenProgram: "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
    usdPrice: null,
    lstApy,
  });
const dtos = [dto(lst, "JitoSOL", STAKING_YIELD), dto(reward, "RWD", null)];
const tokens = [{ mint: lst.bank.mint, symbol: "JitoSOL", name: "Jito Staked SOL", category: "SOL / LST" as const }];

// 3 JitoSOL deposited, nothing else.
const balances = [balance(lst, "assets", "3000000000")];

// The SDK's figure: interest APY + emissions + staking yield.
const expected = bankApy(lst, { emissions: marketEmissionsRates([reward], lst), lstApy: fx.fromDecimal(String(STAKING_YIELD)) }).lending;
const figure = formatPercent(toNumber(expected.total));

/** The parts panel of an APY figure: label → value. */
function partsOf(figureElement: HTMLElement): Record<string, string> {
  const panel = document.getElementById(figureElement.getAttribute("aria-describedby")!)!;
  return Object.fromEntries(
    [...panel.querySelectorAll<HTMLElement>("[data-apy-part]")].map((part) => [part.dataset.apyPart!, part.lastElementChild!.textContent]),
  );
}
const PARTS = {
  "Lending rate": formatPercent(toNumber(expected.interest)),
  Emissions: formatPercent(toNumber(expected.emissions)),
  "Staking yield": "7.20%",
};

it("has the test bank's parts: interest, 5% emissions and 7.2% staking yield", () => {
  expect(figure).toBe("14.22%");
  expect(PARTS["Lending rate"]).toBe("2.02%");
  expect(toNumber(expected.interest)).toBeGreaterThan(0.01);
  expect(toNumber(expected.emissions)).toBeCloseTo(0.05, 12);
  expect(toNumber(expected.stakingYield)).toBeCloseTo(STAKING_YIELD, 12);
});

it("shows the account's one net APY in the markets table, bank page, portfolio and action box, with its parts", () => {
  const rows = buildBankRows(market, dtos, tokens);
  const row = rows.find((r) => r.address === lst.address)!;

  render(
    <MarketsTable
      groups={groupRows(rows, { mode: "lend", sort: DEFAULT_SORT, search: "" })}
      mode="lend"
      sort={DEFAULT_SORT}
      onSort={() => {}}
      positions={new Map([[lst.address, { isLending: true }]])}
      onAction={() => {}}
      personal={null}
    />,
  );
  const marketsCell = screen.getAllByTestId(`apy-${lst.address}`)[0];
  expect(marketsCell!.textContent).toBe(figure);
  expect(partsOf(marketsCell!)).toEqual(PARTS);
  cleanup();

  render(<BankStats row={row} />);
  const bankStat = screen.getByTestId("bank-deposit-apy");
  expect(bankStat.textContent).toBe(figure);
  expect(partsOf(bankStat)).toEqual(PARTS);
  cleanup();

  const health = accountRisk(balances, market.banks).health;
  const model = portfolioModel({ market, balances, health, simulationStatus: SIMULATION_ONCHAIN, bankDtos: dtos, tokens });
  render(<PortfolioView model={model} onAction={() => {}} />);
  const netApy = screen.getByTestId("net-apy");
  expect(netApy.textContent).toBe(figure);
  // The net APY's parts: interest earned less paid, emissions, staking yield.
  expect(partsOf(netApy)).toEqual({ Interest: PARTS["Lending rate"], Emissions: PARTS.Emissions, "Staking yield": PARTS["Staking yield"] });
  const position = within(screen.getByTestId(`position-${lst.address}`)).getByTestId("position-apy");
  expect(position.querySelector("[aria-describedby]")!.textContent).toBe(figure);
  cleanup();

  render(
    <ActionBoxView
      market={market}
      bank={lst}
      header={{ symbol: "JitoSOL", name: "Jito Staked SOL", price: 200, depositApy: row.depositApy, borrowApy: row.borrowApy }}
      symbolOf={() => "JitoSOL"}
      initialAction="deposit"
      balances={[...balances, ...emptyBalances().slice(1)]}
      wallet={{ token: 10_000_000_000n, nativeSol: 0n }}
      onSend={async () => null}
      onClose={() => {}}
      apyOf={apysOf(market, dtos)}
    />,
  );
  fireEvent.change(screen.getByLabelText("Amount to deposit"), { target: { value: "1" } });
  const preview = document.querySelector<HTMLElement>('[data-preview="Net APY"]')!;
  expect(preview.querySelector('[data-part="before"]')!.textContent).toBe(figure);
  // One more JitoSOL in the same bank keeps the same APY.
  const after = screen.getByTestId("preview-net-apy");
  expect(after.textContent).toBe(figure);
  expect(partsOf(after)).toEqual({ Interest: PARTS["Lending rate"], Emissions: PARTS.Emissions, "Staking yield": PARTS["Staking yield"] });
});
