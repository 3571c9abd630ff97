// init_lending_market(quote_currency: [u8; 32]): the caller created the market account for this program (`zero`,
// 4664 bytes); the market authority PDA ["lma", lending_market] is checked and its bump stored in the market.
import { checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { RENT_SYSVAR_ID } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { marketAuthoritySeeds } from "../client/seeds.js";
import { systemProgram, sysvar, zeroAccount } from "../program/account-kinds.js";
import { LendingMarketLayout, encodeLendingMarketInto, newLendingMarket } from "../state/lending-market.js";
import type { MarketInstruction } from "./types.js";

const InitLendingMarketAccounts = declareAccounts(
  {
    lendingMarketOwner: signer({ mut: "load" }),
    lendingMarket: zeroAccount(LendingMarketLayout),
    lendingMarketAuthority: unchecked(),
    systemProgram: systemProgram(),
    rent: sysvar(RENT_SYSVAR_ID),
  },
  (a, ctx) => ({
    lendingMarketAuthority: () => {
      checkSeeds(ctx, a.lendingMarketAuthority, marketAuthoritySeeds(a.lendingMarket.key));
    },
  }),
);

export const initLendingMarket: MarketInstruction = {
  name: "init_lending_market",
  units: 8_000,
  accounts: InitLendingMarketAccounts,
  run(ctx, _checks, args) {
    const { quoteCurrency } = decodeArgs(args, KLEND_INSTRUCTIONS.init_lending_market.args);
    const { lendingMarketOwner: owner, lendingMarket: market, lendingMarketAuthority } = InitLendingMarketAccounts.load(ctx).accounts;
    const bump = checkSeeds(ctx, lendingMarketAuthority, marketAuthoritySeeds(market.key));
    encodeLendingMarketInto(market.account.data, newLendingMarket({ owner: owner.key, bumpSeed: bump, quoteCurrency }));
  },
};
