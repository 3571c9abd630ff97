// deposit_reserve_liquidity(liquidity_amount: u64): liquidity in, cTokens out to the depositor's wallet.
//   0 owner                        signer
//   1 reserve                      writable, has_one lending_market
//   2 lending_market
//   3 lending_market_authority     PDA ["lma", market]
//   4 reserve_liquidity_mint       the reserve's liquidity mint
//   5 reserve_liquidity_supply     writable, the reserve's liquidity vault
//   6 reserve_collateral_mint      writable, the reserve's cToken mint
//   7 user_source_liquidity        writable, owner's token account of the liquidity mint
//   8 user_destination_collateral  writable, a token account of the cToken mint
//   9 collateral_token_program, 10 liquidity_token_program, 11 instruction_sysvar_account
// The reserve is refreshed in-line (interest, no price), so no refresh_reserve is needed first.
import { depositReserveLiquidity as deposit, refreshReserve } from "../lending/reserve-operations.js";
import { mintTo } from "@ballast/anchor";
import { transferChecked } from "../program/cpi.js";
import { checkEmergencyMode, checkNotReserveVault, checkReserveUsable } from "../program/guards.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import type { MarketInstruction } from "./types.js";

export const depositReserveLiquidity: MarketInstruction = {
  name: "deposit_reserve_liquidity",
  units: 15_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const owner = accounts.signer(0, "owner");
    const market = accounts.lendingMarket(2);
    const reserve = accounts.reserve(1, "reserve", market, true);
    const r = reserve.state;
    const authority = accounts.marketAuthority(3, market);
    const { account: liquidityMint, decimals } = accounts.liquidityMint(4, "reserve_liquidity_mint", r);
    const supply = accounts.writableAddress(5, "reserve_liquidity_supply", r.liquidity.supplyVault);
    const collateralMint = accounts.writableAddress(6, "reserve_collateral_mint", r.collateral.mintPubkey);
    const source = accounts.userTokenAccount(7, "user_source_liquidity", { mint: r.liquidity.mintPubkey, authority: owner.key });
    const destination = accounts.userTokenAccount(8, "user_destination_collateral", { mint: r.collateral.mintPubkey });
    accounts.tokenProgramsAndSysvar(9);
    checkEmergencyMode(market.state);
    checkNotReserveVault(source, r);
    checkNotReserveVault(destination, r);
    checkReserveUsable(r, true);

    const log = (m: string) => ctx.log(m);
    refreshReserve(r, ctx.clock, null, market.state.referralFeeBps);
    const before = snapshotVault(supply, reserve);
    const moved = deposit(r, ctx.clock, amount, log);
    ctx.log(`Deposit ${moved.liquidity} liquidity for ${moved.collateral} collateral`);
    transferChecked(ctx, { source, mint: liquidityMint, destination: supply, authority: owner }, moved.liquidity, decimals, null);
    mintTo(ctx, collateralMint, destination, authority.account, moved.collateral, authority.seeds);
    checkVaultAfterTransfer(before, supply, reserve, moved.liquidity);
    reserve.save();
  },
};
