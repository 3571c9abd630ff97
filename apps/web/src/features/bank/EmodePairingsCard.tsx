// The bank's e-mode pairs: which collateral gains weight when this bank is borrowed, and which borrowed banks raise
// this bank's collateral weight, with the weight before → after.
import { Link } from "wouter";
import { formatPercent } from "../../format/index.js";
import { bankPath } from "../../app/routes.js";
import { Card, CardBody, CardHeader, TokenMark } from "../../ui/index.js";
import type { EmodePairing, EmodePairings } from "./bank-detail.js";

function PairingList({ title, pairings }: { readonly title: string; readonly pairings: readonly EmodePairing[] }) {
  if (pairings.length === 0) return null;
  return (
    <section className="flex flex-col gap-2">
      <h3 className="text-sm font-medium text-muted">{title}</h3>
      <ul className="flex flex-col divide-y divide-line rounded-lg border border-line">
        {pairings.map((p) => (
          <li key={p.bank.address} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
            <span className="flex items-center gap-2">
              <TokenMark symbol={p.bank.symbol} logoURI={p.bank.logoURI} size="sm" />
              <Link href={bankPath(p.bank.address, p.bank.group)} className="focus-ring rounded font-medium text-fg hover:underline">
                {p.bank.symbol}
              </Link>
            </span>
            <span className="tabular-nums text-muted">
              {formatPercent(p.ownWeightInit, 0)} →{" "}
              <span className="font-semibold text-fg">{formatPercent(Math.max(p.assetWeightInit, p.ownWeightInit), 0)}</span> (maint.{" "}
              {formatPercent(p.assetWeightMaint, 0)})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function EmodePairingsCard({ symbol, pairings }: { readonly symbol: string; readonly pairings: EmodePairings }) {
  const none = pairings.whenBorrowing.length === 0 && pairings.whenLending.length === 0;
  return (
    <Card>
      <CardHeader
        title="E-mode pairings"
        description={none ? `${symbol} has no e-mode pairs in this market.` : "Collateral weight without → with e-mode."}
      />
      {!none && (
        <CardBody className="grid grid-cols-1 gap-4 md:grid-cols-2">
          <PairingList title={`Collateral boosted when borrowing ${symbol}`} pairings={pairings.whenBorrowing} />
          <PairingList title={`${symbol} boosted as collateral when borrowing`} pairings={pairings.whenLending} />
        </CardBody>
      )}
    </Card>
  );
}
