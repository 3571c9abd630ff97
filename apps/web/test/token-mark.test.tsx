// Token marks: every seeded token has a mark drawn for the project, each its own colour; another token gets a coin on
// a colour of its symbol (the same wherever it appears); a token list's logo is shown when configured and gives way to
// the drawn mark if it does not load.
import { cleanup, fireEvent, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { TokenMark } from "../src/ui/index.js";
import { DRAWN_SYMBOLS, drawnMark } from "../src/ui/token-marks.js";

afterEach(cleanup);

const markOf = (symbol: string) => document.querySelector<Element>(`[data-symbol="${symbol}"]`)!;

const SEEDED = [
  "USDC",
  "USDT",
  "PYUSD",
  "SOL",
  "JitoSOL",
  "mSOL",
  "bSOL",
  "INF",
  "wBTC",
  "cbBTC",
  "JUP",
  "JTO",
  "ETH",
  "BONK",
  "WIF",
  "PYTH",
  "RENDER",
];

describe("drawn marks", () => {
  it("cover every seeded token, each in its own colour", () => {
    expect([...DRAWN_SYMBOLS].sort()).toEqual([...SEEDED].sort());
    const colours = SEEDED.map((symbol) => drawnMark(symbol).color);
    expect(new Set(colours).size).toBe(SEEDED.length);
  });

  it("give another token a colour from its symbol, the same each time", () => {
    expect(drawnMark("XYZ").color).toBe(drawnMark("XYZ").color);
    expect(drawnMark("XYZ").color).not.toBe(drawnMark("XYW").color);
    expect(drawnMark("XYZ").color).toMatch(/^hsl\(\d{1,3} 45% 38%\)$/);
  });
});

describe("TokenMark", () => {
  it("draws the project's mark, hidden from screen readers (the symbol's text is beside it), without text", () => {
    render(<TokenMark symbol="JitoSOL" />);
    const mark = markOf("JitoSOL");
    expect([mark.tagName.toLowerCase(), mark.getAttribute("data-token-mark"), mark.getAttribute("aria-hidden"), mark.textContent]).toEqual([
      "svg",
      "drawn",
      "true",
      "",
    ]);
    expect(mark.querySelector("circle")!.getAttribute("fill")).toBe("#2f9e6a");
  });

  it("shows the token list's logo, and the drawn mark when the logo fails to load", () => {
    render(<TokenMark symbol="USDC" logoURI="https://logos.example.org/usdc.png" size="sm" />);
    const logo = markOf("USDC");
    expect([logo.tagName, logo.getAttribute("src"), logo.getAttribute("alt"), logo.getAttribute("data-token-mark")]).toEqual([
      "IMG",
      "https://logos.example.org/usdc.png",
      "",
      "logo",
    ]);
    fireEvent.error(logo);
    const drawn = markOf("USDC");
    expect([drawn.tagName.toLowerCase(), drawn.getAttribute("data-token-mark")]).toEqual(["svg", "drawn"]);
    expect(drawn.querySelector("circle")!.getAttribute("fill")).toBe("#2775ca");
  });
});
