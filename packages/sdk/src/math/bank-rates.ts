// A bank's APY as every screen shows it, broken down: the interest APY of the side (lending or borrowing), the
// emissions APR paid on that side and the staking yield of the token (LST banks). The rates view's totals are the same
// numbers.
import { DEFAULT_PUBKEY, i80f48 as fx, type I80F48 } from "@ballast/protocol";
import { emissionsRates, type EmissionsRates } from "./emissions.js";
import { midPrice } from "./price.js";
import type { PricedBank } from "./priced-bank.js";
import { interestRates } from "./rates.js";

/** One side of a bank, a year: what a dollar lent earns, or what a dollar borrowed costs. */
export interface ApyBreakdown {
  /** The interest APY (compounded as the program accrues it). */
  readonly interest: I80F48;
  /** Emissions APR paid on this side (a reward on both sides). */
  readonly emissions: I80F48;
  /** Staking yield of the token: lenders earn it, borrowers owe it, as the token they owe grows in SOL. */
  readonly stakingYield: I80F48;
  /** Lending: interest + emissions + staking yield. Borrowing (a cost): interest + staking yield − emissions. */
  readonly total: I80F48;
}

export interface BankApy {
  readonly lending: ApyBreakdown;
  readonly borrowing: ApyBreakdown;
}

/** What a bank pays besides interest: its emissions APRs and the token's staking yield (the bank DTO's lst_apy). */
export interface BankApyExtras {
  readonly emissions?: EmissionsRates;
  readonly lstApy?: I80F48;
}

/** The bank's APY on both sides, with its parts. */
export function bankApy(bank: PricedBank, extras: BankApyExtras = {}): BankApy {
  const { lendingApy, borrowingApy } = interestRates(bank);
  const stakingYield = extras.lstApy ?? fx.ZERO;
  const lendingEmissions = extras.emissions?.lending ?? fx.ZERO;
  const borrowingEmissions = extras.emissions?.borrowing ?? fx.ZERO;
  return {
    lending: {
      interest: lendingApy,
      emissions: lendingEmissions,
      stakingYield,
      total: fx.add(fx.add(lendingApy, lendingEmissions), stakingYield),
    },
    borrowing: {
      interest: borrowingApy,
      emissions: borrowingEmissions,
      stakingYield,
      total: fx.sub(fx.add(borrowingApy, stakingYield), borrowingEmissions),
    },
  };
}

/**
 * The bank's emissions APRs priced in its own market: the reward token's decimals and price from the first bank of
 * `banks` holding the reward mint that has a price; undefined without emissions or without either price.
 */
export function marketEmissionsRates(banks: Iterable<PricedBank>, priced: PricedBank): EmissionsRates | undefined {
  if (priced.bank.emissionsMint === DEFAULT_PUBKEY) return undefined;
  const bankTokenPrice = midPrice(priced.price);
  if (bankTokenPrice === null) return undefined;
  for (const candidate of banks) {
    if (candidate.bank.mint !== priced.bank.emissionsMint) continue;
    const price = midPrice(candidate.price);
    if (price !== null) return emissionsRates(priced.bank, { decimals: candidate.decimals, price }, bankTokenPrice);
  }
  return undefined;
}

/** A staking yield as the bank DTO carries it (lst_apy, a fraction or null) in fixed point; undefined when unknown. */
export function lstApyFromDto(lstApy: number | null | undefined): I80F48 | undefined {
  if (lstApy === null || lstApy === undefined || !Number.isFinite(lstApy)) return undefined;
  return fx.fromDecimal(lstApy.toFixed(12));
}

/**
 * The APY of every bank of a market, from the market snapshot (interest, emissions priced in the market) and each
 * bank's staking yield: the one function every screen asks, so a bank and an account show the same figures
 * everywhere. Results are kept per bank.
 */
export function marketApys(
  market: { readonly banks: ReadonlyMap<string, PricedBank> },
  lstApyOf: (bank: PricedBank) => I80F48 | undefined = () => undefined,
): (bank: PricedBank) => BankApy {
  const known = new Map<PricedBank, BankApy>();
  return (bank) => {
    let apy = known.get(bank);
    if (!apy) {
      apy = bankApy(bank, { emissions: marketEmissionsRates(market.banks.values(), bank), lstApy: lstApyOf(bank) });
      known.set(bank, apy);
    }
    return apy;
  };
}

/** A bank's rates as the rates view shows them (spec 000 §3 "Rates per bank"): the figures of bankApy. */
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

export function bankRates(bank: PricedBank, extras: BankApyExtras = {}): BankRates {
  const { lending, borrowing } = bankApy(bank, extras);
  return {
    lendingRate: lending.interest,
    borrowingRate: borrowing.interest,
    lstRate: lending.stakingYield,
    emissionsLendingRate: lending.emissions,
    emissionsBorrowRate: borrowing.emissions,
    totalLendingRate: lending.total,
    totalBorrowingRate: borrowing.total,
  };
}
