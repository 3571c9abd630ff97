// What if prices move: a price change per asset of the account (slider and number, with a reset) and the account's
// health factor, free collateral and liquidation prices today and after the changes, from the SDK's price shocks.
import { useId, useMemo, useState, type ReactNode } from "react";
import { formatPercent, formatPrice, formatUsd } from "../../format/index.js";
import { Badge, Button, Card, CardBody, CardHeader, Table, TBody, TD, TH, THead, TR } from "../../ui/index.js";
import {
  MAX_CHANGE_PERCENT,
  MIN_CHANGE_PERCENT,
  changeText,
  parsePriceChange,
  whatIfView,
  type WhatIfAccount,
  type WhatIfFigures,
  type WhatIfRow,
} from "./what-if-model.js";

export const LIQUIDATABLE_MESSAGE =
  "Liquidatable at these prices: liquidators could repay part of the debt and take collateral at a discount.";

const UNAVAILABLE = "—";
const percentOrDash = (value: number | null) => (value === null ? UNAVAILABLE : formatPercent(value));
const usdOrDash = (value: number | null) => (value === null ? UNAVAILABLE : formatUsd(value));
const priceOrDash = (value: number | null) => (value === null ? UNAVAILABLE : formatPrice(value));

/** The change as people say it: "−50 %", "+12.5 %", "0 %". */
function changeLabel(bps: bigint): string {
  const text = changeText(bps);
  return bps > 0n ? `+${text} %` : bps < 0n ? `−${text.slice(1)} %` : "0 %";
}

function PriceChangeControl({
  row,
  text,
  error,
  onText,
  onChange,
}: {
  readonly row: WhatIfRow;
  readonly text: string;
  readonly error: string | null;
  readonly onText: (text: string) => void;
  readonly onChange: (bps: bigint) => void;
}) {
  const id = useId();
  const { symbol } = row;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-line p-3" data-testid={`what-if-control-${row.bank}`}>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={`${id}-range`} className="text-sm font-medium text-fg">
          {symbol} price change
        </label>
        <span className="text-xs text-muted">{row.isLending ? "Supplied" : "Borrowed"}</span>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={`${id}-range`}
          type="range"
          min={MIN_CHANGE_PERCENT}
          max={MAX_CHANGE_PERCENT}
          step={1}
          value={Number(row.changeBps / 100n)}
          aria-valuetext={changeLabel(row.changeBps)}
          onChange={(event) => onChange(BigInt(event.target.value) * 100n)}
          className="min-w-40 flex-1 accent-accent"
        />
        <div className="flex items-center gap-1.5">
          <label htmlFor={`${id}-number`} className="sr-only">
            {symbol} price change in percent
          </label>
          <input
            id={`${id}-number`}
            type="number"
            inputMode="decimal"
            min={MIN_CHANGE_PERCENT}
            max={MAX_CHANGE_PERCENT}
            step={0.01}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => onText(event.target.value)}
            className="focus-ring h-9 w-24 rounded-lg border border-line bg-surface px-2 text-right text-sm tabular-nums"
          />
          <span className="text-sm text-muted">%</span>
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Reset ${symbol} price`}
            disabled={row.changeBps === 0n && !error}
            onClick={() => onChange(0n)}
          >
            Reset
          </Button>
        </div>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

function HealthCell({ figures }: { readonly figures: WhatIfFigures }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span>{percentOrDash(figures.healthFactor)}</span>
      {figures.liquidatable && (
        <Badge tone="danger" title="Maintenance health at or below zero: liquidators may enter">
          Liquidatable
        </Badge>
      )}
    </span>
  );
}

function ResultRow({
  label,
  today,
  after,
  testId,
}: {
  readonly label: string;
  readonly today: ReactNode;
  readonly after: ReactNode;
  readonly testId: string;
}) {
  return (
    <TR data-testid={testId}>
      <TH scope="row" className="text-sm font-medium text-fg">
        {label}
      </TH>
      <TD label="Today" data-testid={`${testId}-today`}>
        {today}
      </TD>
      <TD label="After" data-testid={`${testId}-after`}>
        {after}
      </TD>
    </TR>
  );
}

/** What a screen reader hears after each change: the account's figures at the new prices. */
function announcement(after: WhatIfFigures, shocked: boolean): string {
  if (!shocked) return "Prices as today.";
  const parts = [`health factor ${percentOrDash(after.healthFactor)}`, `free collateral ${usdOrDash(after.freeCollateral)}`];
  return `After the price changes: ${parts.join(", ")}${after.liquidatable ? ", liquidatable" : ""}.`;
}

export function WhatIfCard({ account }: { readonly account: WhatIfAccount }) {
  const [changes, setChanges] = useState<ReadonlyMap<string, bigint>>(new Map());
  const [texts, setTexts] = useState<ReadonlyMap<string, string>>(new Map());
  const [errors, setErrors] = useState<ReadonlyMap<string, string>>(new Map());
  const view = useMemo(() => whatIfView(account, changes), [account, changes]);

  const without = <T,>(map: ReadonlyMap<string, T>, bank: string) => new Map([...map].filter(([key]) => key !== bank));
  const setChange = (bank: string, bps: bigint) => {
    setChanges((current) => new Map(current).set(bank, bps));
    setTexts((current) => new Map(current).set(bank, changeText(bps)));
    setErrors((current) => without(current, bank));
  };
  // A refused entry keeps the last accepted change (the figures do not move) and says why.
  const setText = (bank: string, text: string) => {
    setTexts((current) => new Map(current).set(bank, text));
    const parsed = parsePriceChange(text);
    if (parsed.ok) {
      setChanges((current) => new Map(current).set(bank, parsed.bps));
      setErrors((current) => without(current, bank));
    } else {
      setErrors((current) => new Map(current).set(bank, parsed.error));
    }
  };

  return (
    <Card aria-labelledby="what-if-title" role="region">
      <CardHeader
        title={<span id="what-if-title">What if prices move</span>}
        description="Move an asset's price to see this account's health, free collateral and liquidation prices at the new prices."
      />
      <CardBody className="flex flex-col gap-4">
        <div className="grid gap-3 lg:grid-cols-2">
          {view.rows.map((row) => (
            <PriceChangeControl
              key={row.bank}
              row={row}
              text={texts.get(row.bank) ?? changeText(row.changeBps)}
              error={errors.get(row.bank) ?? null}
              onText={(text) => setText(row.bank, text)}
              onChange={(bps) => setChange(row.bank, bps)}
            />
          ))}
        </div>
        {view.after.liquidatable && (
          <p
            data-testid="what-if-liquidatable"
            className="rounded-lg border border-danger/40 bg-danger/10 px-3 py-2 text-sm font-medium text-danger"
          >
            {LIQUIDATABLE_MESSAGE}
          </p>
        )}
        <Table aria-label="What-if results">
          <THead>
            <TR>
              <TH>
                <span className="sr-only">Figure</span>
              </TH>
              <TH>Today</TH>
              <TH>After</TH>
            </TR>
          </THead>
          <TBody>
            <ResultRow
              label="Health factor"
              testId="what-if-health"
              today={<HealthCell figures={view.today} />}
              after={<HealthCell figures={view.after} />}
            />
            <ResultRow
              label="Free collateral"
              testId="what-if-free-collateral"
              today={usdOrDash(view.today.freeCollateral)}
              after={usdOrDash(view.after.freeCollateral)}
            />
            {view.rows.map((row) => [
              <ResultRow
                key={`${row.bank}-price`}
                label={`${row.symbol} price`}
                testId={`what-if-price-${row.bank}`}
                today={priceOrDash(row.today.price)}
                after={priceOrDash(row.after.price)}
              />,
              <ResultRow
                key={`${row.bank}-liquidation`}
                label={`${row.symbol} liquidation price`}
                testId={`what-if-liquidation-${row.bank}`}
                today={priceOrDash(row.today.liquidationPrice)}
                after={priceOrDash(row.after.liquidationPrice)}
              />,
            ])}
          </TBody>
        </Table>
        <p role="status" aria-live="polite" className="sr-only" data-testid="what-if-announcement">
          {announcement(view.after, view.shocked)}
        </p>
      </CardBody>
    </Card>
  );
}
