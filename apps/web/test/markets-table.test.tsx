// The markets table over a realistic bank list: grouping under the seven headings in order, search, sorting per
// mode, the contextual action rule, badges and provider labels, and the action callback.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EmodeTag } from "@ballast/sdk";
import {
  DEFAULT_SORT,
  PROVIDER_BALLAST,
  PROVIDER_KAMINO,
  groupRows,
  rowAction,
  sortRows,
  type BankRow,
  type PersonalAmounts,
} from "../src/features/markets/bank-rows.js";
import { nextSort } from "../src/features/markets/MarketsPage.js";
import { MarketsTable } from "../src/features/markets/MarketsTable.js";

let seq = 0;
function bank(fields: Partial<BankRow> & Pick<BankRow, "symbol" | "category">): BankRow {
  seq += 1;
  const price = fields.price === undefined ? 1 : fields.price;
  const totalDeposits = fields.totalDeposits ?? 1_000;
  const totalBorrows = fields.totalBorrows ?? 500;
  const depositApy = fields.depositApy ?? 0.03;
  const borrowApy = fields.borrowApy ?? 0.06;
  return {
    address: `Bank${seq}${fields.symbol}1111111111111111111111111`.slice(0, 44),
    group: "Group1111111111111111111111111111111111111",
    logoURI: null,
    mint: `Mint${seq}${fields.symbol}1111111111111111111111111`.slice(0, 44),
    name: fields.symbol,
    decimals: 6,
    assetWeight: 0.8,
    ltv: 0.8,
    depositsUsd: price === null ? null : totalDeposits * price,
    borrowsUsd: price === null ? null : totalBorrows * price,
    depositCap: 1_000_000,
    borrowCap: 500_000,
    available: totalDeposits - totalBorrows,
    utilization: totalBorrows / totalDeposits,
    provider: PROVIDER_BALLAST,
    isolated: false,
    emodeTag: EmodeTag.Unset,
    emode: false,
    lstTier: null,
    operationalState: "operational",
    actions: ["deposit", "withdraw", "borrow", "repay"],
    reserve: null,
    insuranceFund: null,
    ...fields,
    depositApy,
    borrowApy,
    lending: fields.lending ?? { side: "lending", interest: depositApy, emissions: 0, stakingYield: 0, total: depositApy },
    borrowing: fields.borrowing ?? { side: "borrowing", interest: borrowApy, emissions: 0, stakingYield: 0, total: borrowApy },
    price,
    totalDeposits,
    totalBorrows,
  };
}

const USDC = bank({
  symbol: "USDC",
  category: "Stablecoins",
  totalDeposits: 4_200_000,
  totalBorrows: 3_100_000,
  depositApy: 0.0612,
  borrowApy: 0.0911,
  assetWeight: 0.9,
  ltv: 0.8,
  depositCap: null,
  insuranceFund: { tokens: 12_345.678, usd: 12_345.678 },
});
const USDT = bank({
  symbol: "USDT",
  category: "Stablecoins",
  totalDeposits: 1_900_000,
  totalBorrows: 1_200_000,
  depositApy: 0.0544,
  borrowApy: 0.0873,
  assetWeight: 0.9,
  ltv: 0.8,
});
const KUSDC = bank({
  symbol: "kUSDC",
  name: "USD Coin (Kamino)",
  category: "Stablecoins",
  totalDeposits: 800_000,
  totalBorrows: 0,
  depositApy: 0.071,
  borrowApy: 0,
  depositCap: 250_000,
  provider: PROVIDER_KAMINO,
  actions: ["deposit", "withdraw"],
  reserve: { supply: 1_500_000, borrowed: 790_500, supplyUsd: 1_500_000, borrowedUsd: 790_500 },
});
const SOL = bank({
  symbol: "SOL",
  category: "SOL / LST",
  price: 150,
  totalDeposits: 52_000,
  totalBorrows: 21_000,
  depositApy: 0.021,
  borrowApy: 0.058,
  assetWeight: 0.75,
  ltv: 0.8,
  emodeTag: EmodeTag.Sol,
  emode: true,
});
const JITOSOL = bank({
  symbol: "JitoSOL",
  category: "SOL / LST",
  price: 178,
  totalDeposits: 31_000,
  totalBorrows: 400,
  depositApy: 0.078,
  borrowApy: 0.091,
  assetWeight: 0.7,
  ltv: 0.75,
  emodeTag: EmodeTag.LstTier1,
  emode: true,
  lstTier: "LST Tier 1",
});
const BSOL = bank({
  symbol: "bSOL",
  category: "SOL / LST",
  price: 170,
  totalDeposits: 900,
  totalBorrows: 10,
  depositApy: 0.069,
  assetWeight: 0.65,
  emodeTag: EmodeTag.LstTier2,
  emode: true,
  lstTier: "LST Tier 2",
  operationalState: "reduce-only",
  actions: ["withdraw", "repay"],
});
const WBTC = bank({
  symbol: "wBTC",
  category: "Bitcoin",
  price: 97_000,
  totalDeposits: 40,
  totalBorrows: 4,
  depositApy: 0.004,
  borrowApy: 0.021,
});
const JUP = bank({ symbol: "JUP", category: "Governance", price: 0.92, totalDeposits: 2_000_000, totalBorrows: 50_000, depositApy: 0.011 });
const ETH = bank({
  symbol: "ETH",
  category: "Blue Chip",
  price: 3_400,
  totalDeposits: 600,
  totalBorrows: 120,
  depositApy: 0.009,
  borrowApy: 0.03,
});
const BONK = bank({
  symbol: "BONK",
  category: "Memes",
  price: 0.000021,
  totalDeposits: 9_000_000_000,
  totalBorrows: 100_000_000,
  isolated: true,
  assetWeight: 0,
  depositApy: 0.002,
});
const ODD = bank({
  symbol: "ODD",
  category: "Other",
  price: null,
  totalDeposits: 10,
  totalBorrows: 0,
  depositApy: 0,
  operationalState: "paused",
  actions: [],
});

const ROWS = [ODD, BONK, ETH, JUP, WBTC, BSOL, JITOSOL, SOL, KUSDC, USDT, USDC];
const symbolsOf = (groups: ReturnType<typeof groupRows>) => groups.map((g) => [g.category, g.rows.map((r) => r.symbol)]);

afterEach(cleanup);

describe("grouping, search and sort", () => {
  it("groups under the seven headings in order, largest pools first by default", () => {
    expect(symbolsOf(groupRows(ROWS, { mode: "lend", sort: DEFAULT_SORT, search: "" }))).toEqual([
      ["Stablecoins", ["USDC", "USDT", "kUSDC"]],
      ["SOL / LST", ["SOL", "JitoSOL", "bSOL"]],
      ["Bitcoin", ["wBTC"]],
      ["Governance", ["JUP"]],
      ["Blue Chip", ["ETH"]],
      ["Memes", ["BONK"]],
      ["Other", ["ODD"]],
    ]);
  });

  it("sorts by the mode's APY, weight and totals", () => {
    const lendApy = groupRows(ROWS, { mode: "lend", sort: { key: "apy", direction: "desc" }, search: "" });
    expect(lendApy[0]!.rows.map((r) => r.symbol)).toEqual(["kUSDC", "USDC", "USDT"]);
    expect(lendApy[1]!.rows.map((r) => r.symbol)).toEqual(["JitoSOL", "bSOL", "SOL"]);
    const borrowApyAsc = sortRows([USDC, USDT, SOL, JITOSOL], { key: "apy", direction: "asc" }, "borrow");
    expect(borrowApyAsc.map((r) => r.symbol)).toEqual(["SOL", "USDT", "JitoSOL", "USDC"]);
    expect(sortRows([SOL, JITOSOL, USDC], { key: "weight", direction: "desc" }, "lend").map((r) => r.symbol)).toEqual([
      "USDC",
      "SOL",
      "JitoSOL",
    ]);
    expect(sortRows([SOL, JITOSOL, USDC], { key: "weight", direction: "desc" }, "borrow").map((r) => r.symbol)).toEqual([
      "SOL",
      "USDC",
      "JitoSOL",
    ]);
    // Borrow mode orders by borrows in USD: SOL $3.15M, USDC $3.1M, JitoSOL $71.2K.
    expect(sortRows([USDC, JITOSOL, SOL], DEFAULT_SORT, "borrow").map((r) => r.symbol)).toEqual(["SOL", "USDC", "JitoSOL"]);
  });

  it("treats no cap as the largest cap and an unpriced bank as last", () => {
    expect(sortRows([USDT, USDC, KUSDC], { key: "cap", direction: "desc" }, "lend").map((r) => r.symbol)).toEqual([
      "USDC",
      "USDT",
      "kUSDC",
    ]);
    expect(sortRows([USDT, USDC, KUSDC], { key: "cap", direction: "asc" }, "lend").map((r) => r.symbol)).toEqual(["kUSDC", "USDT", "USDC"]);
    expect(sortRows([ODD, WBTC, JUP], { key: "price", direction: "asc" }, "lend").map((r) => r.symbol)).toEqual(["JUP", "wBTC", "ODD"]);
    expect(sortRows([ODD, WBTC, JUP], { key: "price", direction: "desc" }, "lend").map((r) => r.symbol)).toEqual(["wBTC", "JUP", "ODD"]);
  });

  it("searches symbol, name and mint, any case", () => {
    expect(symbolsOf(groupRows(ROWS, { mode: "lend", sort: DEFAULT_SORT, search: "sol" }))).toEqual([
      ["SOL / LST", ["SOL", "JitoSOL", "bSOL"]],
    ]);
    expect(symbolsOf(groupRows(ROWS, { mode: "lend", sort: DEFAULT_SORT, search: " kamino " }))).toEqual([["Stablecoins", ["kUSDC"]]]);
    expect(symbolsOf(groupRows(ROWS, { mode: "lend", sort: DEFAULT_SORT, search: WBTC.mint.toLowerCase() }))).toEqual([
      ["Bitcoin", ["wBTC"]],
    ]);
    expect(groupRows(ROWS, { mode: "lend", sort: DEFAULT_SORT, search: "nothing-like-this" })).toEqual([]);
  });

  it("lists banks of the third-party market to lend to only: they take no borrows", () => {
    expect(symbolsOf(groupRows(ROWS, { mode: "borrow", sort: DEFAULT_SORT, search: "" }))[0]).toEqual(["Stablecoins", ["USDC", "USDT"]]);
    expect(groupRows(ROWS, { mode: "borrow", sort: DEFAULT_SORT, search: "kamino" })).toEqual([]);
  });

  it("flips the active column and starts another descending", () => {
    expect(nextSort(DEFAULT_SORT, "total")).toEqual({ key: "total", direction: "asc" });
    expect(nextSort({ key: "total", direction: "asc" }, "total")).toEqual({ key: "total", direction: "desc" });
    expect(nextSort(DEFAULT_SORT, "apy")).toEqual({ key: "apy", direction: "desc" });
  });

  it("picks the contextual action", () => {
    expect(rowAction("lend", undefined)).toBe("Supply");
    expect(rowAction("borrow", undefined)).toBe("Borrow");
    expect(rowAction("lend", { isLending: true })).toBe("Supply");
    expect(rowAction("borrow", { isLending: true })).toBe("Withdraw");
    expect(rowAction("lend", { isLending: false })).toBe("Repay");
    expect(rowAction("borrow", { isLending: false })).toBe("Borrow");
  });
});

describe("MarketsTable", () => {
  const rowOf = (table: ReturnType<typeof within>, symbol: string) => table.getByRole("link", { name: symbol });

  function renderTable(mode: "lend" | "borrow", onAction = vi.fn(), onSort = vi.fn(), personal: PersonalAmounts | null = null) {
    const positions = new Map([
      [USDC.address, { isLending: true }],
      [SOL.address, { isLending: false }],
    ]);
    render(
      <MarketsTable
        groups={groupRows(ROWS, { mode, sort: DEFAULT_SORT, search: "" })}
        mode={mode}
        sort={DEFAULT_SORT}
        onSort={onSort}
        positions={positions}
        onAction={onAction}
        personal={personal}
      />,
    );
    return within(screen.getByRole("table"));
  }

  it("marks every bank with its token's mark and links it with its market", () => {
    const table = renderTable("lend");
    const marks = ROWS.map((row) => {
      const cell = table.getByRole("link", { name: row.symbol }).closest("td")!;
      const mark = cell.querySelector("[data-token-mark]")!;
      return [row.symbol, mark.getAttribute("data-symbol"), mark.getAttribute("data-token-mark")];
    });
    expect(marks).toEqual(ROWS.map((row) => [row.symbol, row.symbol, "drawn"]));
    expect(rowOf(table, "USDC").getAttribute("href")).toBe(`/banks/${USDC.address}?market=Group1111111111111111111111111111111111111`);
    cleanup();
    render(
      <MarketsTable
        groups={groupRows([{ ...USDC, logoURI: "/logos/usdc.svg" }], { mode: "lend", sort: DEFAULT_SORT, search: "" })}
        mode="lend"
        sort={DEFAULT_SORT}
        onSort={vi.fn()}
        positions={new Map()}
        onAction={vi.fn()}
        personal={null}
      />,
    );
    const logo = screen.getByRole("table").querySelector('[data-symbol="USDC"]')!;
    expect([logo.tagName, logo.getAttribute("src"), logo.getAttribute("data-token-mark")]).toEqual(["IMG", "/logos/usdc.svg", "logo"]);
  });

  it("renders the groups in order with each bank's figures, badges and provider", () => {
    const table = renderTable("lend");
    const headings = table.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headings).toEqual([
      "Asset",
      "Price▼",
      "APY▼",
      "Weight▼",
      "Deposits▼",
      "Deposit cap▼",
      "Utilization▼",
      "Action",
      "Stablecoins",
      "SOL / LST",
      "Bitcoin",
      "Governance",
      "Blue Chip",
      "Memes",
      "Other",
    ]);
    const usdc = within(rowOf(table, "USDC").closest("tr")!);
    // The APY, its parts (all interest here) in the panel shown on hover or focus.
    expect(usdc.getByTestId(`apy-${USDC.address}`).textContent).toBe("6.12%");
    expect(usdc.getByRole("tooltip", { hidden: true }).textContent).toBe(
      "USDC deposit APYLending rate6.12%Emissions0.00%Staking yield0.00%",
    );
    expect(usdc.getByText("90%")).toBeTruthy();
    expect(usdc.getByText("$4.2M")).toBeTruthy();
    expect(usdc.getByText("No limit")).toBeTruthy();
    expect(usdc.getByText("73.81%")).toBeTruthy();
    // The insurance fund under the name, exactly and with its value on hover; none shown where the server read none.
    expect(usdc.getByText("Insurance fund 12.35K USDC").getAttribute("title")).toBe("Insurance fund: 12,345.678 USDC ($12.35K)");
    expect(within(rowOf(table, "USDT").closest("tr")!).queryByText(/Insurance fund/)).toBeNull();
    expect(usdc.getByText(PROVIDER_BALLAST)).toBeTruthy();
    expect(within(rowOf(table, "kUSDC").closest("tr")!).getByText(PROVIDER_KAMINO)).toBeTruthy();
    const jito = within(rowOf(table, "JitoSOL").closest("tr")!);
    expect(jito.getByText("LST Tier 1")).toBeTruthy();
    expect(jito.getByText("E-mode")).toBeTruthy();
    expect(within(rowOf(table, "bSOL").closest("tr")!).getByText("LST Tier 2")).toBeTruthy();
    expect(within(rowOf(table, "bSOL").closest("tr")!).getByText("Reduce-only")).toBeTruthy();
    expect(within(rowOf(table, "BONK").closest("tr")!).getByText("Isolated")).toBeTruthy();
    expect(within(rowOf(table, "ODD").closest("tr")!).getByText("Paused")).toBeTruthy();
    // Unpriced: no price and no USD value.
    expect(within(rowOf(table, "ODD").closest("tr")!).getAllByText("—")).toHaveLength(2);
  });

  it("labels actions by position and mode, disables what the bank's state forbids, and reports clicks", () => {
    const onAction = vi.fn();
    let table = renderTable("lend", onAction);
    expect(table.getByRole("button", { name: "Supply USDC" })).toBeTruthy();
    expect(table.getByRole("button", { name: "Repay SOL" })).toBeTruthy();
    // Two banks of one token stay apart: the third-party market's is named with its provider.
    expect(table.getByRole("button", { name: `Supply kUSDC (${PROVIDER_KAMINO})` })).toBeTruthy();
    expect(table.queryByRole("button", { name: "Supply kUSDC" })).toBeNull();
    expect((table.getByRole("button", { name: "Supply bSOL" }) as HTMLButtonElement).disabled).toBe(true);
    expect((table.getByRole("button", { name: "Supply ODD" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(table.getByRole("button", { name: "Repay SOL" }));
    expect(onAction).toHaveBeenCalledWith(SOL, "Repay");
    cleanup();

    table = renderTable("borrow", onAction);
    expect(table.getByRole("button", { name: "Withdraw USDC" })).toBeTruthy();
    expect(table.getByRole("button", { name: "Borrow SOL" })).toBeTruthy();
    expect(table.queryByRole("link", { name: "kUSDC" })).toBeNull();
    expect(
      table
        .getAllByRole("columnheader")
        .slice(0, 9)
        .map((h) => h.textContent),
    ).toEqual(["Asset", "Price▼", "APY▼", "LTV▼", "Borrows▼", "Liquidity", "Borrow cap▼", "Utilization▼", "Action"]);
    fireEvent.click(table.getByRole("button", { name: "Withdraw USDC" }));
    expect(onAction).toHaveBeenLastCalledWith(USDC, "Withdraw");
  });

  it("adds the connected user's wallet balance (lend) or borrowing room (borrow) as the last column, none without a wallet", () => {
    const headers = (table: ReturnType<typeof within>) =>
      within(table.getAllByRole("row")[0]!)
        .getAllByRole("columnheader")
        .map((h: HTMLElement) => h.textContent);
    const personal = new Map([
      [USDC.address, 1_234.5],
      [SOL.address, 0],
    ]);
    let table = renderTable("lend", vi.fn(), vi.fn(), personal);
    expect(headers(table).slice(-2)).toEqual(["Wallet balance", "Action"]);
    const usdcCells = within(rowOf(table, "USDC").closest("tr")!).getAllByRole("cell");
    expect(usdcCells.at(-2)!.textContent).toBe("1,234.5 USDC$1.23K");
    expect(within(rowOf(table, "SOL").closest("tr")!).getAllByRole("cell").at(-2)!.textContent).toBe("0 SOL$0.00");
    cleanup();

    table = renderTable("borrow", vi.fn(), vi.fn(), personal);
    // The account's borrowing room takes the place of the bank's liquidity, which caps it.
    expect(headers(table)).toEqual([
      "Asset",
      "Price▼",
      "APY▼",
      "LTV▼",
      "Borrows▼",
      "Borrow cap▼",
      "Utilization▼",
      "Available to borrow",
      "Action",
    ]);
    expect(within(rowOf(table, "USDC").closest("tr")!).getAllByRole("cell").at(-2)!.textContent).toBe("1,234.5 USDC$1.23K");
    cleanup();

    table = renderTable("lend");
    expect(headers(table)).not.toContain("Wallet balance");
  });

  it("badges a bank killed by bankruptcy and disables its actions in both modes", () => {
    const killed = bank({ symbol: "DEAD", category: "Other", operationalState: "killed-by-bankruptcy", actions: [] });
    for (const mode of ["lend", "borrow"] as const) {
      render(
        <MarketsTable
          groups={groupRows([killed], { mode, sort: DEFAULT_SORT, search: "" })}
          mode={mode}
          sort={DEFAULT_SORT}
          onSort={vi.fn()}
          positions={new Map()}
          onAction={vi.fn()}
          personal={null}
        />,
      );
      const table = within(screen.getByRole("table"));
      expect(table.getByText("Killed by bankruptcy")).toBeTruthy();
      const action = table.getByRole("button", { name: mode === "lend" ? "Supply DEAD" : "Borrow DEAD" }) as HTMLButtonElement;
      expect(action.disabled).toBe(true);
      cleanup();
    }
  });

  it("sorts from the column headers", () => {
    const onSort = vi.fn();
    const table = renderTable("lend", vi.fn(), onSort);
    fireEvent.click(table.getByRole("button", { name: "APY" }));
    expect(onSort).toHaveBeenCalledWith("apy");
    expect(table.getByRole("columnheader", { name: "Deposits" }).getAttribute("aria-sort")).toBe("descending");
    expect(table.getByRole("columnheader", { name: "APY" }).getAttribute("aria-sort")).toBe("none");
  });
});
