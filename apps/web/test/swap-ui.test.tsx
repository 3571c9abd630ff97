// The swap pieces the flows share: how slippage, price impact, routes and amounts read, the swap details under a
// preview, and the price-impact notice (nothing ≤ 1 %, a warning above, a required acceptance above 5 %).
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it } from "vitest";
import {
  ACCEPT_PRICE_IMPACT,
  PriceImpactNotice,
  SwapDetails,
  formatPriceImpact,
  formatRoute,
  formatSlippageBps,
  formatSwapAmount,
  priceImpactAccepted,
  priceImpactMessage,
} from "../src/features/swap/index.js";

afterEach(cleanup);

const SOL = { symbol: "SOL", decimals: 9 };
const JITOSOL = { symbol: "JitoSOL", decimals: 9 };

describe("swap figures", () => {
  it("reads slippage in basis points as a percent", () => {
    expect(formatSlippageBps(50)).toBe("0.5%");
    expect(formatSlippageBps(1)).toBe("0.01%");
    expect(formatSlippageBps(125)).toBe("1.25%");
    expect(formatSlippageBps(5_000)).toBe("50%");
  });

  it("reads a price impact given in percent", () => {
    expect(formatPriceImpact(1.5)).toBe("1.50%");
    expect(formatPriceImpact(0)).toBe("0.00%");
    expect(formatPriceImpact(0.004)).toBe("<0.01%");
  });

  it("names the route's hops in order", () => {
    expect(formatRoute(["Stable Swap", "Constant Product"])).toBe("Stable Swap → Constant Product");
    expect(formatRoute([])).toBe("Direct");
  });

  it("shows amounts exactly, in whole tokens with the symbol", () => {
    expect(formatSwapAmount(2_999_123_456n, SOL)).toBe("2.999123456 SOL");
    expect(formatSwapAmount(1_500_000n, { symbol: "USDC", decimals: 6 })).toBe("1.5 USDC");
  });

  it("needs acceptance above 5 % only", () => {
    expect(priceImpactMessage(1)).toBeNull();
    expect(priceImpactMessage(1.01)?.level).toBe("warning");
    expect(priceImpactMessage(5)?.level).toBe("warning");
    expect(priceImpactMessage(5.01)?.level).toBe("confirm");
    expect(priceImpactAccepted(5, false)).toBe(true);
    expect(priceImpactAccepted(5.01, false)).toBe(false);
    expect(priceImpactAccepted(5.01, true)).toBe(true);
  });
});

describe("SwapDetails", () => {
  it("lists the route, price impact, minimum received, maximum spent and slippage", () => {
    render(
      <SwapDetails
        figures={{ routeLabels: ["Stable Swap"], priceImpactPct: 0.12, minimumReceived: 1_990_000_000n, maximumSpent: 2_000_000_000n }}
        input={SOL}
        output={JITOSOL}
        slippageBps={50}
      />,
    );
    const details = screen.getByLabelText("Swap details");
    const row = (label: string) => within(details).getByText(label).nextElementSibling?.textContent;
    expect(row("Route")).toBe("SOL → JitoSOL via Stable Swap");
    expect(row("Price impact")).toBe("0.12%");
    expect(row("Minimum received")).toBe("1.99 JitoSOL");
    expect(row("Maximum spent")).toBe("2 SOL");
    expect(row("Slippage tolerance")).toBe("0.5%");
  });
});

function Notice({ priceImpactPct }: { readonly priceImpactPct: number }) {
  const [accepted, setAccepted] = useState(false);
  return (
    <>
      <PriceImpactNotice priceImpactPct={priceImpactPct} value={accepted} onChange={setAccepted} />
      <button type="button" disabled={!priceImpactAccepted(priceImpactPct, accepted)}>
        Send
      </button>
    </>
  );
}

describe("PriceImpactNotice", () => {
  it("shows nothing up to 1 %", () => {
    render(<Notice priceImpactPct={1} />);
    expect(screen.queryByLabelText("Price impact")).toBeNull();
    expect(screen.getByRole("button", { name: "Send" }).hasAttribute("disabled")).toBe(false);
  });

  it("warns above 1 % without asking for acceptance", () => {
    render(<Notice priceImpactPct={2.5} />);
    expect(screen.getByRole("status", { name: "Price impact" }).textContent).toBe(
      "Price impact 2.50%: this swap moves the pool's price against you",
    );
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.getByRole("button", { name: "Send" }).hasAttribute("disabled")).toBe(false);
  });

  it("above 5 % blocks sending until the user accepts the price impact", () => {
    render(<Notice priceImpactPct={7.25} />);
    const notice = screen.getByRole("alert", { name: "Price impact" });
    expect(notice.textContent).toContain("Price impact 7.25% is high: you receive much less than the market price");
    const send = screen.getByRole("button", { name: "Send" });
    expect(send.hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: ACCEPT_PRICE_IMPACT }));
    expect(send.hasAttribute("disabled")).toBe(false);
    fireEvent.click(screen.getByRole("checkbox", { name: ACCEPT_PRICE_IMPACT }));
    expect(send.hasAttribute("disabled")).toBe(true);
  });
});
