// init_obligation(tag: u8, id: u8): creates the obligation at the PDA [[tag], [id], owner, lending_market, seed1,
// seed2] (3344 bytes), paid by the fee payer. The owner's UserMetadata at ["user_meta", owner] must exist.
// Seed rules (reference §1.6): tag 0 needs both seeds to be the default address; tags 1 and 3 need two mints; tag 2
// needs a mint twice. The obligation starts empty, outside any elevation group, with the owner's referrer, stale.
import { checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { RENT_SYSVAR_ID, TOKEN_PROGRAM_ID, decodeMint, type InstructionAccount } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { obligationSeeds, userMetadataSeeds } from "../client/seeds.js";
import { fail } from "../errors.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { checkStoredBumpSeeds, lendingMarketAccount, systemProgram, sysvar, userMetadataAccount } from "../program/account-kinds.js";
import { OBLIGATION_SIZE, ObligationLayout, encodeObligationInto, newObligation } from "../state/obligation.js";
import type { MarketInstruction } from "./types.js";

function isMint(account: InstructionAccount): boolean {
  if (account.account.owner !== TOKEN_PROGRAM_ID) return false;
  try {
    return decodeMint(account.account.data).isInitialized;
  } catch {
    return false;
  }
}

function seedsValid(tag: number, seed1: InstructionAccount, seed2: InstructionAccount): boolean {
  switch (tag) {
    case 0:
      return seed1.key === ZERO_PUBKEY && seed2.key === ZERO_PUBKEY;
    case 1:
    case 3:
      return isMint(seed1) && isMint(seed2);
    case 2:
      return isMint(seed1) && seed2.key === seed1.key;
    default:
      return true;
  }
}

/** The obligation's seeds depend on the arguments, so the declaration is made per call. */
function initObligationAccounts(tag: number, id: number) {
  return declareAccounts(
    {
      obligationOwner: signer(),
      feePayer: signer({ mut: "load" }),
      obligation: unchecked({ mut: "load" }),
      lendingMarket: lendingMarketAccount(),
      seed1Account: unchecked(),
      seed2Account: unchecked(),
      ownerUserMetadata: userMetadataAccount(),
      rent: sysvar(RENT_SYSVAR_ID),
      systemProgram: systemProgram(),
    },
    (a, ctx) => ({
      obligation: () => {
        checkSeeds(
          ctx,
          a.obligation,
          obligationSeeds(tag, id, a.obligationOwner.key, a.lendingMarket.key, a.seed1Account.key, a.seed2Account.key),
        );
      },
      ownerUserMetadata: () => {
        checkStoredBumpSeeds(ctx, a.ownerUserMetadata, userMetadataSeeds(a.obligationOwner.key), Number(a.ownerUserMetadata.state.bump));
      },
    }),
  );
}

/** The declaration as the tests and the table see it (the seeds' arguments do not change the accounts). */
const InitObligationAccounts = initObligationAccounts(0, 0);

export const initObligation: MarketInstruction = {
  name: "init_obligation",
  units: 8_000,
  accounts: InitObligationAccounts,
  run(ctx, checks, args) {
    const { tag, id } = decodeArgs(args, KLEND_INSTRUCTIONS.init_obligation.args);
    const a = initObligationAccounts(tag, id).load(ctx).accounts;
    const { obligationOwner: owner, feePayer, obligation, lendingMarket: market, seed1Account: seed1, seed2Account: seed2 } = a;
    if (!seedsValid(tag, seed1, seed2)) fail("InvalidObligationSeedsValue");

    const seeds = obligationSeeds(tag, id, owner.key, market.key, seed1.key, seed2.key);
    const bump = checkSeeds(ctx, obligation, seeds);
    const data = checks.initAccount(feePayer, obligation, OBLIGATION_SIZE, ObligationLayout.discriminator, [...seeds, Uint8Array.of(bump)]);
    encodeObligationInto(
      data,
      newObligation({
        tag: BigInt(tag),
        slot: ctx.clock.slot,
        lendingMarket: market.key,
        owner: owner.key,
        referrer: a.ownerUserMetadata.state.referrer,
      }),
    );
  },
};
