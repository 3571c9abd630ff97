// redeem_reserve_collateral(collateral_amount: u64): cTokens from the holder's wallet burned for liquidity.
//   0 owner                       signer
//   1 lending_market
//   2 reserve                     writable, has_one lending_market
//   3 lending_market_authority    PDA ["lma", market]
//   4 reserve_liquidity_mint
//   5 reserve_collateral_mint     writable
//   6 reserve_liquidity_supply    writable
//   7 user_source_collateral      writable, owner's cToken account
//   8 user_destination_liquidity  writable, owner's token account of the liquidity mint
//   9 collateral_token_program, 10 liquidity_token_program, 11 instruction_sysvar_account
import { redeemReserveCollateral as redeem, refreshReserve } from "../lending/reserve-operations.js";
import { burn, transferChecked } from "../program/cpi.js";
import { checkEmergencyMode, checkNotReserveVault, checkReserveUsable } from "../program/guards.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import type { MarketInstruction } from "./types.js";

export const redeemReserveCollateral: MarketInstruction = {
  name: "redeem_reserve_collateral",
  units: 15_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const owner = accounts.signer(0, "owner");
    const market = accounts.lendingMarket(1);
    const reserve = accounts.reserve(2, "reserve", market, true);
    const r = reserve.state;
    const authority = accounts.marketAuthority(3, market);
    const { account: liquidityMint, decimals } = accounts.liquidityMint(4, "reserve_liquidity_mint", r);
    const collateralMint = accounts.writableAddress(5, "reserve_collateral_mint", r.collateral.mintPubkey);
    const supply = accounts.writableAddress(6, "reserve_liquidity_supply", r.liquidity.supplyVault);
    const source = accounts.userTokenAccount(7, "user_source_collateral", { mint: r.collateral.mintPubkey, authority: owner.key });
    const destination = accounts.userTokenAccount(8, "user_destination_liquidity", { mint: r.liquidity.mintPubkey, authority: owner.key });
    accounts.tokenProgramsAndSysvar(9);
    checkEmergencyMode(market.state);
    checkNotReserveVault(source, r);
    checkNotReserveVault(destination, r);
    checkReserveUsable(r, false);

    refreshReserve(r, ctx.clock, null, market.state.referralFeeBps);
    const before = snapshotVault(supply, reserve);
    const liquidity = redeem(r, ctx.clock, amount, (m) => ctx.log(m));
    ctx.log(`Redeem ${amount} collateral for ${liquidity} liquidity`);
    burn(ctx, source, collateralMint, owner, amount, null);
    transferChecked(
      ctx,
      { source: supply, mint: liquidityMint, destination, authority: authority.account },
      liquidity,
      decimals,
      authority.seeds,
    );
    checkVaultAfterTransfer(before, supply, reserve, -liquidity);
    reserve.save();
  },
};
