// The referrer's ReferrerTokenState an obligation action credits: required when the obligation has a referrer
// (ReferrerAccountMissing), validated against the obligation's referrer and the reserve, ignored otherwise.
import { fail } from "../errors.js";
import { validateReferrerTokenState } from "../lending/referral-fees.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import type { Obligation } from "../state/obligation.js";
import type { ReferrerTokenState } from "../state/referrer.js";
import type { Reserve } from "../state/reserve.js";
import type { MarketAccountView } from "./account-kinds.js";

type ReferrerTokenStateView = MarketAccountView<"ReferrerTokenState", ReferrerTokenState>;

export function obligationReferrer(
  programId: string,
  obligation: { readonly state: Obligation },
  reserve: { readonly key: string; readonly state: Reserve },
  given: { readonly key: string; readonly view: ReferrerTokenStateView | null },
): ReferrerTokenStateView | null {
  const referrer = obligation.state.referrer;
  if (referrer === ZERO_PUBKEY) return null;
  if (!given.view) fail("ReferrerAccountMissing");
  validateReferrerTokenState(programId, given.view.state, given.key, reserve.state.liquidity.mintPubkey, referrer, reserve.key);
  return given.view;
}
