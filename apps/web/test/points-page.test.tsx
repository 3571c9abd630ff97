// The points screen's parts: the boost for a typed valuation equals the SDK's pointsBoost over the total points and
// the valuation persists in sessionStorage; the leaderboard shows the server's fields (apps/server/POINTS.md's
// reply), searches by address and pages through the top 100.
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BORROWING_POINTS_PER_USD_DAY, LENDING_POINTS_PER_USD_DAY, pointsBoost, pointsBoostAt as boostAt, toNumber } from "@ballast/sdk";
import { i80f48 as fx } from "@ballast/protocol";
import type { LeaderboardEntry } from "../src/api/index.js";
import { formatPercent } from "../src/format/index.js";
import { BoostCard } from "../src/features/points/BoostCard.js";
import { Leaderboard } from "../src/features/points/Leaderboard.js";
import { referralLink } from "../src/features/points/PointsPage.js";
import { VALUATION_KEY } from "../src/features/points/valuation.js";

const TOTAL_POINTS = 12853.75;

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

const boostShown = (label: string) => within(screen.getByLabelText("Points boost")).getByText(label).nextElementSibling!.textContent;

describe("points boost", () => {
  it("shows the SDK's boost for the typed valuation and keeps the valuation for the session", () => {
    render(<BoostCard totalPoints={TOTAL_POINTS} />);
    expect(boostShown("Borrowing boost")).toBe("—");
    fireEvent.change(screen.getByLabelText("Estimated token valuation"), { target: { value: "1,000,000,000" } });

    const divisor = fx.fromDecimal("12853.75");
    const borrowing = toNumber(pointsBoost(fx.fromDecimal("1000000000"), BORROWING_POINTS_PER_USD_DAY, divisor));
    const lending = toNumber(pointsBoost(fx.fromDecimal("1000000000"), LENDING_POINTS_PER_USD_DAY, divisor));
    expect(lending).toBe(0);
    // 0.2 × 1e9 × (2 − 1) / 12,853.75 × 365 ≈ 5,679,276.5 (an APR fraction).
    expect(borrowing).toBeCloseTo(5_679_276.5, 0);
    expect(boostShown("Borrowing boost")).toBe(formatPercent(borrowing));
    expect(boostShown("Lending boost")).toBe("0.00%");
    expect(boostAt("1000000000", TOTAL_POINTS)).toEqual({ lending, borrowing });
    expect(sessionStorage.getItem(VALUATION_KEY)).toBe("1,000,000,000");

    cleanup();
    render(<BoostCard totalPoints={TOTAL_POINTS} />);
    expect((screen.getByLabelText("Estimated token valuation") as HTMLInputElement).value).toBe("1,000,000,000");
    expect(boostShown("Borrowing boost")).toBe(formatPercent(borrowing));
  });

  it("rejects what is not a dollar amount and gives no boost before a whole point exists", () => {
    render(<BoostCard totalPoints={0.5} />);
    const input = screen.getByLabelText("Estimated token valuation");
    fireEvent.change(input, { target: { value: "12abc" } });
    expect(screen.getByText("Enter a US dollar amount such as 1000000000 or 2.5")).toBeTruthy();
    expect(boostShown("Borrowing boost")).toBe("—");
    fireEvent.change(input, { target: { value: "2.5" } });
    expect(screen.queryByText("Enter a US dollar amount such as 1000000000 or 2.5")).toBeNull();
    expect(boostShown("Borrowing boost")).toBe("—");
    expect(screen.getByText("No points issued yet")).toBeTruthy();
    expect(boostAt("2.5", 0.5)).toBeNull();
  });
});

const wallet = (i: number) => `${String(i).padStart(3, "0")}Wa11et1111111111111111111111111111111111`.slice(0, 44);
const ENTRIES: LeaderboardEntry[] = Array.from({ length: 60 }, (_, i) => ({
  rank: i + 1,
  wallet: wallet(i),
  totalPoints: 5628.75 - i * 10,
  lendingPoints: 3375 - i * 10,
  borrowingPoints: 2250,
  referralPoints: 3.75,
}));

describe("leaderboard", () => {
  it("shows rank, short address and the server's points fields, 25 a page", () => {
    render(<Leaderboard entries={ENTRIES} wallet={wallet(1)} />);
    const rows = within(screen.getByRole("table", { name: "Leaderboard" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows).toHaveLength(25);
    expect([...rows[0]!.querySelectorAll("td")].map((td) => td.textContent)).toEqual([
      "#1",
      "000W…1111",
      "3,375",
      "2,250",
      "3.75",
      "5,628.75",
    ]);
    expect(rows[1]!.textContent).toContain("(you)");
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    const last = within(screen.getByRole("table", { name: "Leaderboard" }))
      .getAllByRole("row")
      .slice(1);
    expect(last).toHaveLength(10);
    expect(last[9]!.querySelector("td")!.textContent).toBe("#60");
  });

  it("searches by address", () => {
    render(<Leaderboard entries={ENTRIES} wallet={null} />);
    fireEvent.change(screen.getByLabelText("Search by address"), { target: { value: "042w" } });
    const rows = within(screen.getByRole("table", { name: "Leaderboard" }))
      .getAllByRole("row")
      .slice(1);
    expect(rows.map((r) => r.querySelector("td")!.textContent)).toEqual(["#43"]);
    fireEvent.change(screen.getByLabelText("Search by address"), { target: { value: "nobody" } });
    expect(screen.getByText("No wallet matches")).toBeTruthy();
  });
});

describe("referral link", () => {
  it("carries the user's code as ?ref=", () => {
    expect(referralLink("https://ballast.example", "AB12cd")).toBe("https://ballast.example/?ref=AB12cd");
  });
});
