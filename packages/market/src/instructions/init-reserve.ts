// init_reserve()
//   0 lending_market_owner        signer, writable: pays for the vaults and seeds the reserve
//   1 lending_market              has_one lending_market_owner
//   2 lending_market_authority    PDA ["lma", market]
//   3 reserve                     writable, `zero`: created by the caller, 8624 bytes
//   4 reserve_liquidity_mint
//   5 reserve_liquidity_supply    writable, created: PDA ["reserve_liq_supply", market, mint], token account of the mint
//   6 fee_receiver                writable, created: PDA ["fee_receiver", market, mint], token account of the mint
//   7 reserve_collateral_mint     writable, created: PDA ["reserve_coll_mint", market, mint], the cToken mint
//   8 reserve_collateral_supply   writable, created: PDA ["reserve_coll_supply", market, mint], cToken account
//   9 initial_liquidity_source    writable: the owner's token account the seed deposit comes from
//   10 rent, 11 liquidity_token_program, 12 collateral_token_program, 13 system_program
// The market authority owns every vault and mints the cTokens. The market's min_initial_deposit_amount moves into
// the liquidity vault; it counts as available liquidity and as cToken supply, but no cTokens are minted for it, so
// the exchange rate starts at 1 and can never be skewed from an empty reserve.
import { ACCOUNT_SIZE, MINT_SIZE, RENT_SYSVAR_ID, SYSTEM_PROGRAM_ID, TOKEN_PROGRAM_ID } from "@ballast/ledger";
import { type ReserveVault, reserveVaultSeeds } from "../client/seeds.js";
import type { MarketAccounts } from "../program/accounts.js";
import { initializeMint } from "@ballast/anchor";
import { createPdaAccount, initializeTokenAccount, transferChecked } from "../program/cpi.js";
import { RESERVE_SIZE, encodeReserveInto, newReserve } from "../state/reserve.js";
import type { MarketInstruction } from "./types.js";

function vaultSigner(accounts: MarketAccounts, index: number, name: string, kind: ReserveVault, market: string, mint: string) {
  const account = accounts.writable(accounts.at(index), name);
  const seeds = reserveVaultSeeds(kind, market, mint);
  return { account, seeds: [...seeds, Uint8Array.of(accounts.pda(account, name, seeds))] };
}

export const initReserve: MarketInstruction = {
  name: "init_reserve",
  units: 20_000,
  run(ctx, accounts) {
    const owner = accounts.writable(accounts.signer(0, "lending_market_owner"), "lending_market_owner");
    const market = accounts.lendingMarket(1);
    accounts.hasOne(market.state.lendingMarketOwner, owner.key, "lending_market");
    const { account: authority } = accounts.marketAuthority(2, market);
    const reserve = accounts.zero(3, "reserve", RESERVE_SIZE);
    const mintAccount = accounts.at(4);
    const mint = accounts.mint(mintAccount, "reserve_liquidity_mint");
    const supply = vaultSigner(accounts, 5, "reserve_liquidity_supply", "reserveLiquiditySupply", market.key, mintAccount.key);
    const fee = vaultSigner(accounts, 6, "fee_receiver", "feeReceiver", market.key, mintAccount.key);
    const collateralMint = vaultSigner(accounts, 7, "reserve_collateral_mint", "reserveCollateralMint", market.key, mintAccount.key);
    const collateralSupply = vaultSigner(accounts, 8, "reserve_collateral_supply", "reserveCollateralSupply", market.key, mintAccount.key);
    const source = accounts.userTokenAccount(9, "initial_liquidity_source", { mint: mintAccount.key, authority: owner.key });
    accounts.sysvar(10, "rent", RENT_SYSVAR_ID);
    accounts.program(11, "liquidity_token_program", TOKEN_PROGRAM_ID);
    accounts.program(12, "collateral_token_program", TOKEN_PROGRAM_ID);
    accounts.program(13, "system_program", SYSTEM_PROGRAM_ID);

    for (const vault of [supply, fee]) {
      createPdaAccount(ctx, owner, vault.account, ACCOUNT_SIZE, TOKEN_PROGRAM_ID, vault.seeds);
      initializeTokenAccount(ctx, vault.account, mintAccount, authority.key);
    }
    createPdaAccount(ctx, owner, collateralMint.account, MINT_SIZE, TOKEN_PROGRAM_ID, collateralMint.seeds);
    initializeMint(ctx, collateralMint.account, mint.decimals, authority.key);
    createPdaAccount(ctx, owner, collateralSupply.account, ACCOUNT_SIZE, TOKEN_PROGRAM_ID, collateralSupply.seeds);
    initializeTokenAccount(ctx, collateralSupply.account, collateralMint.account, authority.key);

    const initialDeposit = market.state.minInitialDepositAmount;
    transferChecked(ctx, { source, mint: mintAccount, destination: supply.account, authority: owner }, initialDeposit, mint.decimals, null);
    encodeReserveInto(
      reserve.account.data,
      newReserve({
        slot: ctx.clock.slot,
        lendingMarket: market.key,
        liquidityMint: mintAccount.key,
        mintDecimals: mint.decimals,
        tokenProgram: mintAccount.account.owner,
        liquiditySupply: supply.account.key,
        feeReceiver: fee.account.key,
        collateralMint: collateralMint.account.key,
        collateralSupply: collateralSupply.account.key,
        initialDeposit,
      }),
    );
  },
};
