// A bank's rates as the rates view shows them: interest APYs, emissions APRs, staking yield and their totals.
import { i80f48 as fx, type I80F48 } from "@ballast/protocol";
import type { EmissionsRates } from "./emissions.js";
import type { PricedBank } from "./priced-bank.js";
import { interestRates } from "./rates.js";

export interface BankRates {
  readonly lendingRate: I80F48;
  readonly borrowingRate: I80F48;
  /** Staking yield of the bank's token (LST banks), earned by lenders and owed by borrowers. */
  readonly lstRate: I80F48;
  readonly emissionsLendingRate: I80F48;
  readonly emissionsBorrowRate: I80F48;
  /** Lending APY + lending emissions + staking yield. */
  readonly totalLendingRate: I80F48;
  /** Borrowing APY + staking yield − borrowing emissions (rewards offset the cost). */
  readonly totalBorrowingRate: I80F48;
}

export function bankRates(bank: PricedBank, extras: { readonly emissions?: EmissionsRates; readonly lstApy?: I80F48 } = {}): BankRates {
  const { lendingApy, borrowingApy } = interestRates(bank);
  const lstRate = extras.lstApy ?? fx.ZERO;
  const emissionsLendingRate = extras.emissions?.lending ?? fx.ZERO;
  const emissionsBorrowRate = extras.emissions?.borrowing ?? fx.ZERO;
  return {
    lendingRate: lendingApy,
    borrowingRate: borrowingApy,
    lstRate,
    emissionsLendingRate,
    emissionsBorrowRate,
    totalLendingRate: fx.add(fx.add(lendingApy, emissionsLendingRate), lstRate),
    totalBorrowingRate: fx.sub(fx.add(borrowingApy, lstRate), emissionsBorrowRate),
  };
}
