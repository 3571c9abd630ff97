// The bank's key figures from its markets-table row (the SDK's math on the market snapshot): totals, utilization,
// collateral weight, loan-to-value, the APYs with their parts (interest, emissions, staking yield) and the insurance
// fund (the insurance vault's balance, when the server read it). A Kamino bank
// lends into the third-party market's reserve and has no borrowing side: it shows the reserve's totals beside the
// reserve's utilization instead of borrows, loan-to-value and a borrow APY of its own, and its deposit APY's panel lists
// the reserve farm's rewards.
import { formatPercent, formatTokenNumber, formatUsdCompact } from "../../format/index.js";
import { Card, CardBody, Stat } from "../../ui/index.js";
import { ApyBreakdown, type FarmRewardView } from "../markets/ApyBreakdown.js";
import type { BankRow } from "../markets/bank-rows.js";

const withUsd = (usd: number | null) => (usd === null ? "No price" : formatUsdCompact(usd));

export function BankStats({ row, farmRewards = [] }: { readonly row: BankRow; readonly farmRewards?: readonly FarmRewardView[] }) {
  return (
    <Card>
      <CardBody>
        <dl aria-label="Bank statistics" className="grid grid-cols-2 gap-6 sm:grid-cols-4 lg:grid-cols-7">
          <Stat label="Total deposits" value={`${formatTokenNumber(row.totalDeposits, 2)} ${row.symbol}`} hint={withUsd(row.depositsUsd)} />
          {row.reserve ? (
            <>
              <Stat
                label="Reserve supply"
                value={`${formatTokenNumber(row.reserve.supply, 2)} ${row.symbol}`}
                hint={withUsd(row.reserve.supplyUsd)}
              />
              <Stat
                label="Reserve borrows"
                value={`${formatTokenNumber(row.reserve.borrowed, 2)} ${row.symbol}`}
                hint={withUsd(row.reserve.borrowedUsd)}
              />
              <Stat label="Reserve utilization" value={formatPercent(row.utilization)} />
            </>
          ) : (
            <>
              <Stat
                label="Total borrows"
                value={`${formatTokenNumber(row.totalBorrows, 2)} ${row.symbol}`}
                hint={withUsd(row.borrowsUsd)}
              />
              <Stat label="Utilization" value={formatPercent(row.utilization)} />
            </>
          )}
          <Stat label="Collateral weight" value={formatPercent(row.assetWeight, 0)} />
          {!row.reserve && <Stat label="Loan-to-value" value={formatPercent(row.ltv, 0)} />}
          <Stat
            label="Deposit APY"
            value={<ApyBreakdown apy={row.lending} label="Deposit APY" testId="bank-deposit-apy" farmRewards={farmRewards} />}
          />
          {!row.reserve && (
            <Stat label="Borrow APY" value={<ApyBreakdown apy={row.borrowing} label="Borrow APY" testId="bank-borrow-apy" />} />
          )}
          {row.insuranceFund && (
            <Stat
              label="Insurance fund"
              value={`${formatTokenNumber(row.insuranceFund.tokens, 2)} ${row.symbol}`}
              hint={withUsd(row.insuranceFund.usd)}
            />
          )}
        </dl>
      </CardBody>
    </Card>
  );
}
