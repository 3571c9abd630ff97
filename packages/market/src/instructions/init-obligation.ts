// init_obligation(tag: u8, id: u8)
//   0 obligation_owner     signer
//   1 fee_payer            signer, writable
//   2 obligation           writable, created here: PDA [[tag], [id], owner, lending_market, seed1, seed2], 3344 bytes
//   3 lending_market
//   4 seed1_account, 5 seed2_account
//   6 owner_user_metadata  the owner's UserMetadata at ["user_meta", owner]
//   7 rent, 8 system_program
// Seed rules (reference §1.6): tag 0 needs both seeds to be the default address; tags 1 and 3 need two mints; tag 2
// needs a mint twice. The obligation starts empty, outside any elevation group, with the owner's referrer, stale.
import { RENT_SYSVAR_ID, SYSTEM_PROGRAM_ID, TOKEN_PROGRAM_ID, decodeMint, type InstructionAccount } from "@ballast/ledger";
import { obligationSeeds, userMetadataSeeds } from "../client/seeds.js";
import { fail } from "../errors.js";
import { ZERO_PUBKEY } from "../program-ids.js";
import { OBLIGATION_DISCRIMINATOR, OBLIGATION_SIZE, encodeObligationInto, newObligation } from "../state/obligation.js";
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

export const initObligation: MarketInstruction = {
  name: "init_obligation",
  units: 8_000,
  run(ctx, accounts, args) {
    const tag = args.u8();
    const id = args.u8();
    const owner = accounts.signer(0, "obligation_owner");
    const feePayer = accounts.writable(accounts.signer(1, "fee_payer"), "fee_payer");
    const obligation = accounts.writable(accounts.at(2), "obligation");
    const market = accounts.lendingMarket(3);
    const seed1 = accounts.at(4);
    const seed2 = accounts.at(5);
    const userMetadata = accounts.userMetadata(6, "owner_user_metadata");
    accounts.sysvar(7, "rent", RENT_SYSVAR_ID);
    accounts.program(8, "system_program", SYSTEM_PROGRAM_ID);
    const seeds = obligationSeeds(tag, id, owner.key, market.key, seed1.key, seed2.key);
    const bump = accounts.pda(obligation, "obligation", seeds);
    accounts.storedBumpPda(userMetadata.account, "owner_user_metadata", userMetadataSeeds(owner.key), Number(userMetadata.state.bump));
    if (!seedsValid(tag, seed1, seed2)) fail("InvalidObligationSeedsValue");

    const data = accounts.initAccount(feePayer, obligation, OBLIGATION_SIZE, Buffer.from(OBLIGATION_DISCRIMINATOR), [
      ...seeds,
      Uint8Array.of(bump),
    ]);
    encodeObligationInto(
      data,
      newObligation({
        tag: BigInt(tag),
        slot: ctx.clock.slot,
        lendingMarket: market.key,
        owner: owner.key,
        referrer: userMetadata.state.referrer,
      }),
    );
  },
};
