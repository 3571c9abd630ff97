// The price control panel against a scripted API: it lists each token's price, oracle and hold, sets a price with the
// chosen hold, checks the typed price before asking, and shows the server's refusals (bad input, off the local chain)
// inline.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { HttpProvider } from "../src/api/context.js";
import { Http, type SandboxPrice } from "../src/api/index.js";
import { PriceControlPanel, parsePriceInput } from "../src/features/price-control/PriceControlPanel.js";

const HELD_UNTIL = "2026-11-27T18:40:00.000Z";
const PRICES: SandboxPrice[] = [
  { symbol: "SOL", usd: "120.5", family: "SOL", oracles: [{ address: "So1Feed", kind: "pyth" }], heldUntil: HELD_UNTIL },
  { symbol: "mSOL", usd: "150.41", family: "SOL", oracles: [{ address: "mSo1Feed", kind: "switchboard" }], heldUntil: HELD_UNTIL },
  { symbol: "USDC", usd: "1.0001", family: "USDC", oracles: [{ address: "UsdcFeed", kind: "pyth" }], heldUntil: null },
];

interface Call {
  readonly method: string;
  readonly url: string;
  readonly body: unknown;
}

/** Scripts fetch: GET answers `list`, POST answers `post`; every call is recorded. */
function scriptApi(list: { status: number; body: unknown }, post: { status: number; body: unknown } = { status: 500, body: {} }): Call[] {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? "GET";
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const reply = method === "POST" ? post : list;
    return new Response(JSON.stringify(reply.body), { status: reply.status, headers: { "content-type": "application/json" } });
  });
  return calls;
}

function renderPanel() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <HttpProvider http={new Http("http://server.test")}>
        <PriceControlPanel />
      </HttpProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("price control panel", () => {
  it("lists each token's price, oracle and hold", async () => {
    scriptApi({ status: 200, body: { prices: PRICES } });
    renderPanel();
    const table = await screen.findByRole("table", { name: "Token prices" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[0]?.textContent)).toEqual(["SOL", "mSOL", "USDC"]);
    expect(rows[0]?.textContent).toContain("$120.50");
    expect(rows[0]?.textContent).toContain("Held until");
    expect(rows[1]?.textContent).toContain("Switchboard");
    expect(rows[2]?.textContent).toContain("Walking");
  });

  it("sets the picked token's price with the chosen hold and says what moved", async () => {
    const calls = scriptApi(
      { status: 200, body: { prices: PRICES } },
      {
        status: 200,
        body: {
          success: true,
          symbol: "SOL",
          usd: "95",
          heldUntil: HELD_UNTIL,
          feeds: [
            { symbol: "SOL", address: "So1Feed", kind: "pyth", usd: "95" },
            { symbol: "mSOL", address: "mSo1Feed", kind: "switchboard", usd: "118.57" },
          ],
        },
      },
    );
    renderPanel();
    fireEvent.click(await screen.findByRole("button", { name: "Set SOL" }));
    expect(screen.getByLabelText("Price")).toHaveProperty("value", "120.5");
    fireEvent.change(screen.getByLabelText("Price"), { target: { value: "95" } });
    fireEvent.click(screen.getByRole("radio", { name: "1 h" }));
    fireEvent.click(screen.getByRole("button", { name: "Set price" }));
    const status = await screen.findByRole("status");
    expect(status.textContent).toMatch(/^SOL set to \$95\.00 until .+; mSOL moved with it$/);
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      url: "http://server.test/api/sandbox/prices",
      body: { symbol: "SOL", usd: 95, holdSeconds: 3600 },
    });
  });

  it("checks the typed price before asking, and shows the server's refusal inline", async () => {
    const calls = scriptApi(
      { status: 200, body: { prices: PRICES } },
      { status: 400, body: { success: false, error: "SOL's feed shows prices in steps of 1e-8 USD; set a price at least that high" } },
    );
    renderPanel();
    await screen.findByRole("table", { name: "Token prices" });
    fireEvent.change(screen.getByLabelText("Price"), { target: { value: "-3" } });
    fireEvent.click(screen.getByRole("button", { name: "Set price" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter a price in USD above 0");
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(screen.getByLabelText("Price"), { target: { value: "0.000000001" } });
    fireEvent.click(screen.getByRole("button", { name: "Set price" }));
    await waitFor(() =>
      expect(screen.getByRole("alert").textContent).toBe("SOL's feed shows prices in steps of 1e-8 USD; set a price at least that high"),
    );
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ symbol: "SOL", usd: 0.000000001, holdSeconds: 300 });
  });

  it("shows the refusal off the local chain", async () => {
    scriptApi({ status: 403, body: { success: false, error: "The price control is only available on the local chain" } });
    renderPanel();
    expect((await screen.findByRole("alert")).textContent).toBe("The price control is only available on the local chain");
  });

  it("reads typed prices as positive decimals only", () => {
    expect(parsePriceInput(" 120.5 ")).toEqual({ usd: 120.5 });
    expect(parsePriceInput(".5")).toEqual({ usd: 0.5 });
    for (const text of ["", "0", "-1", "1e3", "abc", "Infinity", "1.2.3"])
      expect(parsePriceInput(text)).toEqual({ error: "Enter a price in USD above 0" });
  });
});
