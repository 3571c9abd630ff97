// Referrers' fees (SML §2.2, MO §2.15): a ReferrerTokenState must be the one of the expected referrer for the
// reserve's mint at its PDA; fees credited to it count in the reserve's accumulated referrer fees until withdrawn.
import { PublicKey } from "@solana/web3.js";
import { referrerTokenStateSeeds } from "../client/seeds.js";
import { PriceStatus } from "../constants.js";
import { fail } from "../errors.js";
import { approximateCompoundedInterest } from "../math/compounding.js";
import * as fx from "../math/fraction.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import type { ReferrerTokenState } from "../state/referrer.js";
import type { Reserve } from "../state/reserve.js";
import { type MarketClock, markStale } from "./last-update.js";
import { type Log, priceStatusBits, requireFresh } from "./preconditions.js";

/** klend's validate_referrer_token_state: initialised, of the reserve's mint, at its PDA, of `referrer`. */
export function validateReferrerTokenState(
  programId: string,
  state: ReferrerTokenState,
  stateKey: string,
  mint: string,
  referrer: string,
  reserveKey: string,
): void {
  if (state.mint === ZERO_PUBKEY || state.referrer === ZERO_PUBKEY) fail("ReferrerAccountNotInitialized");
  if (state.mint !== mint) fail("ReferrerAccountMintMissmatch");
  const seeds = [...referrerTokenStateSeeds(state.referrer, reserveKey), Uint8Array.of(Number(state.bump))];
  const address = PublicKey.createProgramAddressSync(seeds, new PublicKey(programId)).toBase58();
  if (address !== stateKey) fail("ReferrerAccountWrongAddress");
  if (state.referrer !== referrer) fail("ReferrerAccountReferrerMissmatch");
}

/** Credits `feeSf` (Fraction) to the referrer and to the reserve's accumulated referrer fees. */
export function addReferrerFee(reserve: Reserve, state: ReferrerTokenState, feeSf: bigint): void {
  state.amountCumulativeSf = fx.add(state.amountCumulativeSf, feeSf);
  state.amountUnclaimedSf = fx.add(state.amountUnclaimedSf, feeSf);
  reserve.liquidity.accumulatedReferrerFeesSf = fx.add(reserve.liquidity.accumulatedReferrerFeesSf, feeSf);
}

/** A ReferrerTokenState passed to refresh_obligation, decoded, with its address. */
export interface ReferrerTokenStateRef {
  key: string;
  state: ReferrerTokenState;
}

export interface ReferralAccrual {
  programId: string;
  reserveKey: string;
  reserve: Reserve;
  /** The obligation's referrer (the zero key for none). */
  referrer: string;
  referralFeeBps: number;
  /** Slots since the obligation's last refresh. */
  slotsElapsed: bigint;
  /** The position's debt after and before accruing to the reserve's index (Fractions). */
  borrowedAmountSf: bigint;
  previousBorrowedAmountSf: bigint;
  /** The next ReferrerTokenState passed, if any. */
  nextReferrerState: () => ReferrerTokenStateRef | undefined;
}

/**
 * klend's accumulate_referrer_fees at refresh_obligation: the referral share of the position's new variable interest
 * (capped by the reserve's pending referrer fees) leaves pending, to the referrer's ReferrerTokenState when the
 * obligation has a referrer and the market a referral share, else to the protocol's fees.
 */
export function accumulateReferrerFees(p: ReferralAccrual): void {
  const liquidity = p.reserve.liquidity;
  const absoluteReferralRate = liquidity.absoluteReferralRateSf;
  if (absoluteReferralRate === 0n) return;
  const fixedRate = approximateCompoundedInterest(fx.fromBps(p.reserve.config.hostFixedInterestRateBps), p.slotsElapsed);
  const netNewDebt = fx.sub(p.borrowedAmountSf, p.previousBorrowedAmountSf);
  const netNewFixedDebt = fx.sub(fx.mul(p.previousBorrowedAmountSf, fixedRate), p.previousBorrowedAmountSf);
  if (netNewFixedDebt > netNewDebt) fail("CannotCalculateReferralAmountDueToSlotsMismatch");
  const referrerFee = fx.mul(fx.sub(netNewDebt, netNewFixedDebt), absoluteReferralRate);
  const capped = fx.minOf(referrerFee, liquidity.pendingReferrerFeesSf);
  liquidity.pendingReferrerFeesSf -= capped;
  if (p.referrer !== ZERO_PUBKEY && p.referralFeeBps > 0) {
    const given = p.nextReferrerState();
    if (!given) fail("InvalidAccountInput");
    validateReferrerTokenState(p.programId, given.state, given.key, liquidity.mintPubkey, p.referrer, p.reserveKey);
    addReferrerFee(p.reserve, given.state, capped);
  } else {
    liquidity.accumulatedProtocolFeesSf = fx.add(liquidity.accumulatedProtocolFeesSf, capped);
  }
}

/**
 * klend's withdraw_referrer_fees on the reserve: the whole units the referrer is owed, up to the reserve's referrer
 * fees and available liquidity, leave its books and the referrer's. The reserve must be fully fresh.
 */
export function withdrawReferrerFees(reserve: Reserve, clock: MarketClock, state: ReferrerTokenState, log: Log): bigint {
  const message = `reserve is stale and must be refreshed in the current slot, price status: ${priceStatusBits(reserve.lastUpdate.priceStatus)}`;
  requireFresh(reserve.lastUpdate, clock, PriceStatus.ALL_CHECKS, "ReserveStale", message, log);
  const liquidity = reserve.liquidity;
  const owed = fx.toFloor(fx.minOf(state.amountUnclaimedSf, liquidity.accumulatedReferrerFeesSf));
  const amount = fx.minOf(owed, liquidity.availableAmount);
  if (amount === 0n) fail("InsufficientReferralFeesToRedeem");
  liquidity.availableAmount -= amount;
  liquidity.accumulatedReferrerFeesSf = fx.sub(liquidity.accumulatedReferrerFeesSf, fx.fromInt(amount));
  state.amountUnclaimedSf = fx.sub(state.amountUnclaimedSf, fx.fromInt(amount));
  markStale(reserve.lastUpdate);
  return amount;
}
