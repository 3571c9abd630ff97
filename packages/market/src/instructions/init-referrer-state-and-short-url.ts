// init_referrer_state_and_short_url(short_url: String): registers the signer as a referrer with a short URL (SML
// §2.2): its ReferrerState at ["ref_state", referrer] and the ShortUrl account at ["short_url", url], both paid by the
// referrer, who must have user metadata of its own. The URL may hold ASCII letters, digits, '_' and '-' only
// (ShortUrlNotAsciiAlphanumeric) and is at most 32 bytes, the longest PDA seed.
import { anchorFail, checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { RENT_SYSVAR_ID } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { referrerStateSeeds, shortUrlSeeds, userMetadataSeeds } from "../client/seeds.js";
import { fail } from "../errors.js";
import { checkStoredBumpSeeds, systemProgram, sysvar, userMetadataAccount } from "../program/account-kinds.js";
import {
  REFERRER_STATE_SIZE,
  ReferrerStateLayout,
  SHORT_URL_DISCRIMINATOR,
  SHORT_URL_MAX_LENGTH,
  SHORT_URL_SIZE,
  encodeShortUrl,
} from "../state/referrer.js";
import type { MarketInstruction } from "./types.js";

const SHORT_URL_CHARACTERS = /^[A-Za-z0-9_-]*$/;

const InitReferrerStateAccounts = declareAccounts(
  {
    referrer: signer({ mut: "load" }),
    referrerState: unchecked({ mut: "load" }),
    referrerShortUrl: unchecked({ mut: "load" }),
    referrerUserMetadata: userMetadataAccount(),
    rent: sysvar(RENT_SYSVAR_ID),
    systemProgram: systemProgram(),
  },
  (a, ctx) => ({
    referrerState: () => {
      checkSeeds(ctx, a.referrerState, referrerStateSeeds(a.referrer.key));
    },
    referrerUserMetadata: () => {
      const metadata = a.referrerUserMetadata.state;
      checkStoredBumpSeeds(ctx, a.referrerUserMetadata, userMetadataSeeds(a.referrer.key), Number(metadata.bump));
      if (metadata.owner !== a.referrer.key) anchorFail("ConstraintRaw", a.referrerUserMetadata.name);
    },
  }),
);

export const initReferrerStateAndShortUrl: MarketInstruction = {
  name: "init_referrer_state_and_short_url",
  units: 8_000,
  accounts: InitReferrerStateAccounts,
  run(ctx, checks, args) {
    const { shortUrl } = decodeArgs(args, KLEND_INSTRUCTIONS.init_referrer_state_and_short_url.args);
    const { referrer, referrerState, referrerShortUrl } = InitReferrerStateAccounts.load(ctx).accounts;
    if (Buffer.byteLength(shortUrl, "utf8") > SHORT_URL_MAX_LENGTH) anchorFail("ConstraintSeeds", referrerShortUrl.name);
    const urlSeeds = shortUrlSeeds(shortUrl);
    const urlBump = checkSeeds(ctx, referrerShortUrl, urlSeeds);
    if (!SHORT_URL_CHARACTERS.test(shortUrl)) fail("ShortUrlNotAsciiAlphanumeric");

    const stateSeeds = referrerStateSeeds(referrer.key);
    const stateBump = checkSeeds(ctx, referrerState, stateSeeds);
    const stateData = checks.initAccount(referrer, referrerState, REFERRER_STATE_SIZE, ReferrerStateLayout.discriminator, [
      ...stateSeeds,
      Uint8Array.of(stateBump),
    ]);
    const urlData = checks.initAccount(referrer, referrerShortUrl, SHORT_URL_SIZE, Buffer.from(SHORT_URL_DISCRIMINATOR), [
      ...urlSeeds,
      Uint8Array.of(urlBump),
    ]);
    encodeShortUrl({ referrer: referrer.key, shortUrl }).copy(urlData);
    ReferrerStateLayout.struct.write(stateData, 8, { shortUrl: referrerShortUrl.key, owner: referrer.key });
  },
};
