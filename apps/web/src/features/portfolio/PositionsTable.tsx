// One side of the account's positions (Supplied or Borrowed): amount, value, APY, liquidation price, a dust marker,
// and the two actions that side allows, each opening the action box on that bank (disabled, with the bank's state shown,
// when the bank refuses them: paused, reduce-only, killed by bankruptcy). A Kamino bank's position names its provider,
// so it never reads as a second plain position in the same token.
import { formatPrice, formatPositionAmount, formatUsd } from "../../format/index.js";
import { Badge, Button, Card, CardHeader, EmptyState, TBody, TD, TH, THead, TR, Table, TokenMark } from "../../ui/index.js";
import type { ActionType } from "../action-box/index.js";
import type { PositionView } from "./portfolio-model.js";
import { ApyBreakdown } from "../markets/ApyBreakdown.js";
import { BankStateBadge } from "../markets/BankStateBadge.js";

const ACTIONS: Record<"supplied" | "borrowed", readonly { readonly label: string; readonly action: ActionType }[]> = {
  supplied: [
    { label: "Supply", action: "deposit" },
    { label: "Withdraw", action: "withdraw" },
  ],
  borrowed: [
    { label: "Repay", action: "repay" },
    { label: "Borrow", action: "borrow" },
  ],
};

export function PositionsTable({
  side,
  positions,
  onAction,
}: {
  readonly side: "supplied" | "borrowed";
  readonly positions: readonly PositionView[];
  readonly onAction: (bank: string, action: ActionType) => void;
}) {
  const title = side === "supplied" ? "Supplied" : "Borrowed";
  return (
    <Card>
      <CardHeader title={title} />
      {positions.length === 0 ? (
        <EmptyState
          className="py-8"
          title={side === "supplied" ? "Nothing supplied" : "Nothing borrowed"}
          description={side === "supplied" ? "Supply an asset to earn interest and borrow against it." : "This account has no debt."}
        />
      ) : (
        <Table className="mt-3" aria-label={title}>
          <THead>
            <TR>
              <TH>Asset</TH>
              <TH className="text-right">Amount</TH>
              <TH className="text-right">Value</TH>
              <TH className="text-right">APY</TH>
              <TH className="text-right">Liquidation price</TH>
              <TH className="text-right">
                <span className="sr-only">Actions</span>
              </TH>
            </TR>
          </THead>
          <TBody>
            {positions.map((p) => (
              <TR key={p.bank} data-testid={`position-${p.bank}`}>
                <TD className="font-medium" label="Asset">
                  <span className="flex flex-col">
                    <span className="flex items-center gap-2">
                      <TokenMark symbol={p.symbol} logoURI={p.logoURI} size="sm" />
                      {p.symbol}
                      {p.isDust && (
                        <Badge tone="neutral" title="Less than one native unit: nothing a transaction can move">
                          dust
                        </Badge>
                      )}
                      <BankStateBadge state={p.operationalState} />
                    </span>
                    {p.provider && <span className="text-xs font-normal text-muted">{p.provider}</span>}
                  </span>
                </TD>
                <TD className="text-right" label="Amount" data-testid="position-amount">
                  {formatPositionAmount(p.amount, p.decimals)} {p.symbol}
                </TD>
                <TD className="text-right" label="Value" data-testid="position-value">
                  {p.usdValue === null ? "—" : formatUsd(p.usdValue)}
                </TD>
                <TD className="text-right" label="APY" data-testid="position-apy">
                  <ApyBreakdown apy={p.apyParts} label={`${p.symbol} ${p.isLending ? "deposit" : "borrow"} APY`} />
                </TD>
                <TD className="text-right" label="Liquidation price" data-testid="position-liquidation-price">
                  {p.liquidationPrice === null ? "—" : formatPrice(p.liquidationPrice)}
                </TD>
                <TD className="text-right">
                  <span className="ml-auto inline-flex flex-wrap justify-end gap-2">
                    {ACTIONS[side].map(({ label, action }) => (
                      <Button
                        key={action}
                        size="sm"
                        variant="secondary"
                        aria-label={p.provider ? `${label} ${p.symbol} (${p.provider})` : `${label} ${p.symbol}`}
                        disabled={!p.actions.includes(action)}
                        onClick={() => onAction(p.bank, action)}
                      >
                        {label}
                      </Button>
                    ))}
                  </span>
                </TD>
              </TR>
            ))}
          </TBody>
        </Table>
      )}
    </Card>
  );
}
