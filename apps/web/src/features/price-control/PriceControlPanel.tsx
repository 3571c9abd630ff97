// The local chain's price control: every token's oracle price and hold, and a form to set one and hold it (to crash
// SOL and watch accounts get liquidated). Refusals show inline under the form.
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useHttp } from "../../api/context.js";
import { fetchSandboxPrices, setSandboxPrice, type SandboxPrice } from "../../api/sandbox-prices.js";
import { formatPrice } from "../../format/index.js";
import { Badge, Button, Input, Segmented, Skeleton, Table, TBody, TD, TH, THead, TR, type SegmentedOption } from "../../ui/index.js";

export const SANDBOX_PRICES_KEY = ["sandbox-prices"] as const;
/** How often the list is read again: the walk moves prices every 2 s. */
const REFRESH_MS = 2_000;

type HoldChoice = "60" | "300" | "900" | "3600";
export const HOLD_OPTIONS: readonly SegmentedOption<HoldChoice>[] = [
  { value: "60", label: "1 min" },
  { value: "300", label: "5 min" },
  { value: "900", label: "15 min" },
  { value: "3600", label: "1 h" },
];

/** The typed price as USD, or the reason it is not one. */
export function parsePriceInput(text: string): { usd: number } | { error: string } {
  const trimmed = text.trim();
  const usd = Number(trimmed);
  if (trimmed === "" || !/^\d*\.?\d+$|^\d+\.$/.test(trimmed) || !Number.isFinite(usd) || usd <= 0)
    return { error: "Enter a price in USD above 0" };
  return { usd };
}

function timeOf(iso: string): string {
  return new Date(iso).toLocaleTimeString("en-US", { hour12: false });
}

function PriceRow({ price, onPick }: { readonly price: SandboxPrice; readonly onPick: (price: SandboxPrice) => void }) {
  return (
    <TR>
      <TD label="Token" className="font-medium">
        {price.symbol}
      </TD>
      <TD label="Price" className="tabular-nums">
        {price.usd === null ? "—" : formatPrice(Number(price.usd))}
      </TD>
      <TD label="Oracle" className="text-muted">
        {price.oracles.map((o) => (o.kind === "pyth" ? "Pyth" : "Switchboard")).join(", ")}
      </TD>
      <TD label="Status">
        {price.heldUntil ? <Badge tone="warning">Held until {timeOf(price.heldUntil)}</Badge> : <span className="text-muted">Walking</span>}
      </TD>
      <TD label="">
        <Button variant="ghost" size="sm" aria-label={`Set ${price.symbol}`} onClick={() => onPick(price)}>
          Set
        </Button>
      </TD>
    </TR>
  );
}

export function PriceControlPanel() {
  const http = useHttp();
  const client = useQueryClient();
  const prices = useQuery({ queryKey: SANDBOX_PRICES_KEY, queryFn: () => fetchSandboxPrices(http), refetchInterval: REFRESH_MS });
  const [symbol, setSymbol] = useState("SOL");
  const [priceText, setPriceText] = useState("");
  const [hold, setHold] = useState<HoldChoice>("300");
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const set = useMutation({
    mutationFn: (usd: number) => setSandboxPrice(http, { symbol, usd, holdSeconds: Number(hold) }),
    onSuccess: async (reply) => {
      if (!reply.success) {
        setError(reply.error);
        return;
      }
      const others = reply.feeds.filter((f) => f.symbol !== reply.symbol).map((f) => f.symbol);
      setDone(
        `${reply.symbol} set to ${formatPrice(Number(reply.usd))} until ${timeOf(reply.heldUntil)}` +
          (others.length > 0 ? `; ${others.join(", ")} moved with it` : ""),
      );
      await client.invalidateQueries({ queryKey: SANDBOX_PRICES_KEY });
    },
  });

  function submit() {
    setDone(null);
    const parsed = parsePriceInput(priceText);
    if ("error" in parsed) {
      setError(parsed.error);
      return;
    }
    setError(null);
    set.mutate(parsed.usd);
  }

  function pick(price: SandboxPrice) {
    setSymbol(price.symbol);
    setPriceText(price.usd ?? "");
    setError(null);
    setDone(null);
  }

  return (
    <div className="flex flex-col gap-4">
      <form
        aria-label="Set a price"
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="grid grid-cols-[8rem_1fr] gap-2">
          <label className="flex flex-col gap-1.5 text-sm font-medium text-fg">
            Token
            <select
              value={symbol}
              onChange={(event) => setSymbol(event.target.value)}
              className="h-10 rounded-lg border border-line bg-surface px-2 text-sm text-fg"
            >
              {(prices.data ?? [{ symbol }]).map((p) => (
                <option key={p.symbol} value={p.symbol}>
                  {p.symbol}
                </option>
              ))}
            </select>
          </label>
          <Input
            label="Price"
            prefix="$"
            inputMode="decimal"
            placeholder="120.5"
            value={priceText}
            onChange={(event) => setPriceText(event.target.value)}
          />
        </div>
        <Segmented label="Hold for" options={HOLD_OPTIONS} value={hold} onChange={setHold} />
        <Button type="submit" busy={set.isPending}>
          Set price
        </Button>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        )}
        {done && (
          <p role="status" className="text-sm text-success">
            {done}
          </p>
        )}
      </form>
      <p className="text-xs text-muted">
        Setting SOL moves its liquid staking tokens with it. After the hold the random walk resumes from the set price.
      </p>
      {prices.isError ? (
        <p role="alert" className="text-sm text-danger">
          {prices.error.message}
        </p>
      ) : prices.data ? (
        <Table aria-label="Token prices">
          <THead>
            <TR>
              <TH>Token</TH>
              <TH>Price</TH>
              <TH>Oracle</TH>
              <TH>Status</TH>
              <TH>
                <span className="sr-only">Set</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {prices.data.map((price) => (
              <PriceRow key={price.symbol} price={price} onPick={pick} />
            ))}
          </TBody>
        </Table>
      ) : (
        <Skeleton className="h-40" />
      )}
    </div>
  );
}
