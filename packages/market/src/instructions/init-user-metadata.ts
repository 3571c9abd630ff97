// init_user_metadata(user_lookup_table: Pubkey): creates the owner's UserMetadata at the PDA ["user_meta", owner]
// (1032 bytes). The optional referrer_user_metadata (the program id for none) is the referring wallet's own
// UserMetadata, whose owner becomes this wallet's referrer, copied into each obligation it opens.
import { checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs, toPublicKey } from "@ballast/codec";
import { RENT_SYSVAR_ID } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { userMetadataSeeds } from "../client/seeds.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { optionalUserMetadataAccount, systemProgram, sysvar } from "../program/account-kinds.js";
import { USER_METADATA_SIZE, UserMetadataLayout, encodeUserMetadataInto } from "../state/user-metadata.js";
import type { MarketInstruction } from "./types.js";

const InitUserMetadataAccounts = declareAccounts(
  {
    owner: signer(),
    feePayer: signer({ mut: "load" }),
    userMetadata: unchecked({ mut: "load" }),
    referrerUserMetadata: optionalUserMetadataAccount(),
    rent: sysvar(RENT_SYSVAR_ID),
    systemProgram: systemProgram(),
  },
  (a, ctx) => ({
    userMetadata: () => {
      checkSeeds(ctx, a.userMetadata, userMetadataSeeds(a.owner.key));
    },
  }),
);

export const initUserMetadata: MarketInstruction = {
  name: "init_user_metadata",
  units: 6_000,
  accounts: InitUserMetadataAccounts,
  run(ctx, checks, args) {
    const { userLookupTable } = decodeArgs(args, KLEND_INSTRUCTIONS.init_user_metadata.args);
    const { owner, feePayer, userMetadata, referrerUserMetadata } = InitUserMetadataAccounts.load(ctx).accounts;
    const seeds = userMetadataSeeds(owner.key);
    const bump = checkSeeds(ctx, userMetadata, seeds);
    const data = checks.initAccount(feePayer, userMetadata, USER_METADATA_SIZE, UserMetadataLayout.discriminator, [
      ...seeds,
      Uint8Array.of(bump),
    ]);
    encodeUserMetadataInto(data, {
      referrer: referrerUserMetadata.view?.state.owner ?? ZERO_PUBKEY,
      bump: BigInt(bump),
      userLookupTable: toPublicKey(userLookupTable).toBase58(),
      owner: owner.key,
    });
  },
};
