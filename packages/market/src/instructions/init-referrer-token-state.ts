// init_referrer_token_state(): creates the referrer's ReferrerTokenState for a reserve at ["referrer_acc", referrer,
// reserve] (352 + 8 bytes, paid by the payer), recording the reserve's liquidity mint and no fees yet (MO §3.3). A
// referrer earns fees on a reserve only once it has one.
import { checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { RENT_SYSVAR_ID } from "@ballast/ledger";
import { referrerTokenStateSeeds } from "../client/seeds.js";
import { checkHasOne, lendingMarketAccount, reserveAccount, systemProgram, sysvar } from "../program/account-kinds.js";
import { REFERRER_TOKEN_STATE_SIZE, ReferrerTokenStateLayout, encodeReferrerTokenStateInto } from "../state/referrer.js";
import type { MarketInstruction } from "./types.js";

const InitReferrerTokenStateAccounts = declareAccounts(
  {
    payer: signer({ mut: "load" }),
    lendingMarket: lendingMarketAccount(),
    reserve: reserveAccount(),
    referrer: unchecked(),
    referrerTokenState: unchecked({ mut: "load" }),
    rent: sysvar(RENT_SYSVAR_ID),
    systemProgram: systemProgram(),
  },
  (a, ctx) => ({
    reserve: () => checkHasOne(a.reserve, a.reserve.state.lendingMarket, a.lendingMarket),
    referrerTokenState: () => {
      checkSeeds(ctx, a.referrerTokenState, referrerTokenStateSeeds(a.referrer.key, a.reserve.key));
    },
  }),
);

export const initReferrerTokenState: MarketInstruction = {
  name: "init_referrer_token_state",
  units: 6_000,
  accounts: InitReferrerTokenStateAccounts,
  run(ctx, checks) {
    const { payer, reserve, referrer, referrerTokenState } = InitReferrerTokenStateAccounts.load(ctx).accounts;
    const seeds = referrerTokenStateSeeds(referrer.key, reserve.key);
    const bump = checkSeeds(ctx, referrerTokenState, seeds);
    const data = checks.initAccount(payer, referrerTokenState, REFERRER_TOKEN_STATE_SIZE, ReferrerTokenStateLayout.discriminator, [
      ...seeds,
      Uint8Array.of(bump),
    ]);
    encodeReferrerTokenStateInto(data, {
      referrer: referrer.key,
      mint: reserve.state.liquidity.mintPubkey,
      amountUnclaimedSf: 0n,
      amountCumulativeSf: 0n,
      bump: BigInt(bump),
    });
  },
};
