// init_user_metadata(user_lookup_table: Pubkey)
//   0 owner                   signer
//   1 fee_payer               signer, writable
//   2 user_metadata           writable, created here: PDA ["user_meta", owner], 1032 bytes
//   3 referrer_user_metadata  optional; this market has no referrers, so it must be none (the program id)
//   4 rent, 5 system_program
import { RENT_SYSVAR_ID, SYSTEM_PROGRAM_ID } from "@ballast/ledger";
import { userMetadataSeeds } from "../client/seeds.js";
import { fail } from "../errors.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { USER_METADATA_DISCRIMINATOR, USER_METADATA_SIZE, encodeUserMetadataInto } from "../state/user-metadata.js";
import type { MarketInstruction } from "./types.js";

export const initUserMetadata: MarketInstruction = {
  name: "init_user_metadata",
  units: 6_000,
  run(ctx, accounts, args) {
    const userLookupTable = args.pubkey();
    const owner = accounts.signer(0, "owner");
    const feePayer = accounts.writable(accounts.signer(1, "fee_payer"), "fee_payer");
    const userMetadata = accounts.writable(accounts.at(2), "user_metadata");
    const referrer = accounts.optional(3);
    accounts.sysvar(4, "rent", RENT_SYSVAR_ID);
    accounts.program(5, "system_program", SYSTEM_PROGRAM_ID);
    const seeds = userMetadataSeeds(owner.key);
    const bump = accounts.pda(userMetadata, "user_metadata", seeds);
    if (referrer) {
      ctx.log("Referrers are not supported by this market");
      fail("InvalidAccountInput");
    }
    const data = accounts.initAccount(feePayer, userMetadata, USER_METADATA_SIZE, Buffer.from(USER_METADATA_DISCRIMINATOR), [
      ...seeds,
      Uint8Array.of(bump),
    ]);
    encodeUserMetadataInto(data, { referrer: ZERO_PUBKEY, bump: BigInt(bump), userLookupTable, owner: owner.key });
  },
};
