// Referrers' fees (SML §2.2, MO §2.15): a ReferrerTokenState must be the one of the expected referrer for the
// reserve's mint at its PDA; fees credited to it count in the reserve's accumulated referrer fees until withdrawn.
import { PublicKey } from "@solana/web3.js";
import { referrerTokenStateSeeds } from "../client/seeds.js";
import { fail } from "../errors.js";
import * as fx from "../math/fraction.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import type { ReferrerTokenState } from "../state/referrer.js";
import type { Reserve } from "../state/reserve.js";

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
