// deposit_reserve_liquidity_and_obligation_collateral(liquidity_amount: u64): liquidity in, the cTokens it buys
// minted straight into the reserve's collateral vault and counted as the obligation's collateral.
//   0 owner                                   signer, writable (may be a PDA signing through CPI)
//   1 obligation                              writable, has_one lending_market, has_one owner
//   2 lending_market
//   3 lending_market_authority                PDA ["lma", market]
//   4 reserve                                 writable, has_one lending_market
//   5 reserve_liquidity_mint
//   6 reserve_liquidity_supply                writable
//   7 reserve_collateral_mint                 writable
//   8 reserve_destination_deposit_collateral  writable, the reserve's collateral supply vault
//   9 user_source_liquidity                   writable, owner's token account of the liquidity mint
//   10 placeholder_user_destination_collateral  optional, unused
//   11 collateral_token_program, 12 liquidity_token_program, 13 instruction_sysvar_account (key checked only)
// The reserve is refreshed in-line; the obligation must have been refreshed in this slot (ObligationStale).
import { depositObligationCollateral } from "../lending/obligation-collateral.js";
import { depositReserveLiquidity, refreshReserve } from "../lending/reserve-operations.js";
import { mintTo } from "@ballast/anchor";
import { transferChecked } from "../program/cpi.js";
import { checkEmergencyMode, checkNotReserveVault, checkReserveUsable } from "../program/guards.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import type { MarketInstruction } from "./types.js";

export const depositLiquidityAndCollateral: MarketInstruction = {
  name: "deposit_reserve_liquidity_and_obligation_collateral",
  units: 20_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const { owner, market, obligation, authority, reserve } = accounts.collateralAccounts("reserve");
    const r = reserve.state;
    const { account: liquidityMint, decimals } = accounts.liquidityMint(5, "reserve_liquidity_mint", r);
    const supply = accounts.writableAddress(6, "reserve_liquidity_supply", r.liquidity.supplyVault);
    const collateralMint = accounts.writableAddress(7, "reserve_collateral_mint", r.collateral.mintPubkey);
    const collateralVault = accounts.writableAddress(8, "reserve_destination_deposit_collateral", r.collateral.supplyVault);
    const source = accounts.userTokenAccount(9, "user_source_liquidity", { mint: r.liquidity.mintPubkey, authority: owner.key });
    accounts.optional(10);
    accounts.tokenProgramsAndSysvar(11);
    checkEmergencyMode(market.state);
    checkNotReserveVault(source, r);
    checkReserveUsable(r, true);

    const log = (m: string) => ctx.log(m);
    refreshReserve(r, ctx.clock, null, market.state.referralFeeBps);
    const before = snapshotVault(supply, reserve);
    const moved = depositReserveLiquidity(r, ctx.clock, amount, log);
    refreshReserve(r, ctx.clock, null, market.state.referralFeeBps);
    depositObligationCollateral(market.state, r, reserve.key, obligation.state, ctx.clock, moved.collateral, log);
    ctx.log(`pnl: Deposit reserve liquidity ${moved.liquidity} and obligation collateral ${moved.collateral}`);
    transferChecked(ctx, { source, mint: liquidityMint, destination: supply, authority: owner }, moved.liquidity, decimals, null);
    mintTo(ctx, collateralMint, collateralVault, authority.account, moved.collateral, authority.seeds);
    checkVaultAfterTransfer(before, supply, reserve, moved.liquidity);
    reserve.save();
    obligation.save();
  },
};
