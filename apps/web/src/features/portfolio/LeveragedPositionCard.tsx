// A loop's account as one leveraged position: collateral over debt, the leverage, each side's amount and value, the
// collateral's liquidation price, and "Close position" (sell the collateral, repay the debt, the rest to the wallet).
import { formatLeverage, formatPositionAmount, formatPrice, formatUsd } from "../../format/index.js";
import { Button, Card, CardBody, CardHeader, Stat } from "../../ui/index.js";
import type { LeveragedView, PositionView } from "./portfolio-model.js";

const amountOf = (p: PositionView) => `${formatPositionAmount(p.amount, p.decimals)} ${p.symbol}`;
const valueOf = (p: PositionView) => (p.usdValue === null ? undefined : formatUsd(p.usdValue));

export function LeveragedPositionCard({ leveraged, onClose }: { readonly leveraged: LeveragedView; readonly onClose: () => void }) {
  const { collateral, debt } = leveraged;
  const pair = `${collateral.symbol} / ${debt.symbol}`;
  return (
    <section aria-label="Leveraged position">
      <Card>
        <CardHeader
          title="Leveraged position"
          description={pair}
          action={
            <Button variant="secondary" aria-label={`Close position ${pair}`} onClick={onClose}>
              Close position
            </Button>
          }
        />
        <CardBody>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-4">
            <Stat label="Leverage" value={<span data-testid="leverage">{formatLeverage(leveraged.leverage)}</span>} />
            <Stat label="Collateral" value={amountOf(collateral)} hint={valueOf(collateral)} />
            <Stat label="Debt" value={amountOf(debt)} hint={valueOf(debt)} />
            <Stat
              label="Liquidation price"
              value={collateral.liquidationPrice === null ? "—" : formatPrice(collateral.liquidationPrice)}
              hint={`per ${collateral.symbol}`}
            />
          </dl>
        </CardBody>
      </Card>
    </section>
  );
}
