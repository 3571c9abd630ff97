// init_lending_market(quote_currency: [u8; 32])
//   0 lending_market_owner      signer, writable
//   1 lending_market            writable, `zero`: created by the caller for this program, 4664 bytes, all zero
//   2 lending_market_authority  PDA ["lma", lending_market]; its bump is stored in the market
//   3 system_program, 4 rent
import { RENT_SYSVAR_ID, SYSTEM_PROGRAM_ID } from "@ballast/ledger";
import { marketAuthoritySeeds } from "../client/seeds.js";
import { LENDING_MARKET_SIZE, encodeLendingMarketInto, newLendingMarket } from "../state/lending-market.js";
import type { MarketInstruction } from "./types.js";

export const initLendingMarket: MarketInstruction = {
  name: "init_lending_market",
  units: 8_000,
  run(_ctx, accounts, args) {
    const quoteCurrency = args.bytes(32);
    const owner = accounts.writable(accounts.signer(0, "lending_market_owner"), "lending_market_owner");
    const market = accounts.zero(1, "lending_market", LENDING_MARKET_SIZE);
    const authority = accounts.at(2);
    accounts.program(3, "system_program", SYSTEM_PROGRAM_ID);
    accounts.sysvar(4, "rent", RENT_SYSVAR_ID);
    const bump = accounts.pda(authority, "lending_market_authority", marketAuthoritySeeds(market.key));
    encodeLendingMarketInto(market.account.data, newLendingMarket({ owner: owner.key, bumpSeed: bump, quoteCurrency }));
  },
};
