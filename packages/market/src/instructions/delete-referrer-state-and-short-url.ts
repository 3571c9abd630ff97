// delete_referrer_state_and_short_url(): the referrer closes its ReferrerState and ShortUrl, their rent back to it
// (SML §2.2). The state must be the signer's PDA naming that ShortUrl and owned by the signer
// (ReferrerStateOwnerMismatch), and the ShortUrl must name the signer.
import { checkSeeds, declareAccounts, signer } from "@ballast/anchor";
import { RENT_SYSVAR_ID } from "@ballast/ledger";
import { referrerStateSeeds } from "../client/seeds.js";
import { fail } from "../errors.js";
import { checkHasOne, referrerStateAccount, shortUrlAccount, systemProgram, sysvar } from "../program/account-kinds.js";
import type { MarketInstruction } from "./types.js";

const DeleteReferrerStateAccounts = declareAccounts(
  {
    referrer: signer({ mut: "load" }),
    referrerState: referrerStateAccount({ mut: "constraint" }),
    shortUrl: shortUrlAccount({ mut: "constraint" }),
    rent: sysvar(RENT_SYSVAR_ID),
    systemProgram: systemProgram(),
  },
  (a, ctx) => ({
    referrerState: () => {
      checkSeeds(ctx, a.referrerState, referrerStateSeeds(a.referrer.key));
      checkHasOne(a.referrerState, a.referrerState.state.shortUrl, a.shortUrl);
      if (a.referrerState.state.owner !== a.referrer.key) fail("ReferrerStateOwnerMismatch");
    },
    shortUrl: () => checkHasOne(a.shortUrl, a.shortUrl.shortUrl.referrer, a.referrer),
  }),
);

export const deleteReferrerStateAndShortUrl: MarketInstruction = {
  name: "delete_referrer_state_and_short_url",
  units: 4_000,
  accounts: DeleteReferrerStateAccounts,
  run(ctx, checks) {
    const { referrer, referrerState, shortUrl } = DeleteReferrerStateAccounts.load(ctx).accounts;
    checks.close(referrerState, referrer);
    checks.close(shortUrl, referrer);
  },
};
