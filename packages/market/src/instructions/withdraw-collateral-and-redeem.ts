// withdraw_obligation_collateral_and_redeem_reserve_collateral(collateral_amount: u64): cTokens out of the
// obligation (u64::MAX: as many as allowed), burned from the collateral vault, their liquidity to the owner.
//   0 owner                                   signer, writable (receives the rent of an emptied obligation)
//   1 obligation                              writable, has_one lending_market, has_one owner
//   2 lending_market
//   3 lending_market_authority                PDA ["lma", market]
//   4 withdraw_reserve                        writable, has_one lending_market
//   5 reserve_liquidity_mint
//   6 reserve_source_collateral               writable, the reserve's collateral supply vault
//   7 reserve_collateral_mint                 writable
//   8 reserve_liquidity_supply                writable
//   9 user_destination_liquidity              writable, owner's token account of the liquidity mint
//   10 placeholder_user_destination_collateral  optional, unused
//   11 collateral_token_program, 12 liquidity_token_program, 13 instruction_sysvar_account (key checked only)
// The reserve and the obligation must have been refreshed in this slot (with all price checks when there is debt).
import { withdrawObligationCollateral } from "../lending/obligation-collateral.js";
import { borrowsEmpty, depositsEmpty } from "../lending/obligation-positions.js";
import { redeemReserveCollateral } from "../lending/reserve-operations.js";
import { burn, transferChecked } from "../program/cpi.js";
import { checkEmergencyMode, checkNotReserveVault, checkReserveUsable } from "../program/guards.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import type { MarketInstruction } from "./types.js";

export const withdrawCollateralAndRedeem: MarketInstruction = {
  name: "withdraw_obligation_collateral_and_redeem_reserve_collateral",
  units: 20_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const { owner, market, obligation, authority, reserve } = accounts.collateralAccounts("withdraw_reserve");
    const r = reserve.state;
    const { account: liquidityMint, decimals } = accounts.liquidityMint(5, "reserve_liquidity_mint", r);
    const collateralVault = accounts.writableAddress(6, "reserve_source_collateral", r.collateral.supplyVault);
    const collateralMint = accounts.writableAddress(7, "reserve_collateral_mint", r.collateral.mintPubkey);
    const supply = accounts.writableAddress(8, "reserve_liquidity_supply", r.liquidity.supplyVault);
    const destination = accounts.userTokenAccount(9, "user_destination_liquidity", { mint: r.liquidity.mintPubkey, authority: owner.key });
    accounts.optional(10);
    accounts.tokenProgramsAndSysvar(11);
    checkEmergencyMode(market.state);
    checkNotReserveVault(destination, r);
    checkReserveUsable(r, false);

    const log = (m: string) => ctx.log(m);
    const before = snapshotVault(supply, reserve);
    const collateral = withdrawObligationCollateral(market.state, r, reserve.key, obligation.state, ctx.clock, amount, log);
    const liquidity = redeemReserveCollateral(r, ctx.clock, collateral, log);
    ctx.log(`pnl: Withdraw obligation collateral ${collateral} and redeem reserve collateral ${liquidity}`);
    burn(ctx, collateralVault, collateralMint, authority.account, collateral, authority.seeds);
    transferChecked(
      ctx,
      { source: supply, mint: liquidityMint, destination, authority: authority.account },
      liquidity,
      decimals,
      authority.seeds,
    );
    checkVaultAfterTransfer(before, supply, reserve, -liquidity);
    reserve.save();
    if (depositsEmpty(obligation.state) && borrowsEmpty(obligation.state)) {
      ctx.log("Closing empty obligation");
      accounts.close(obligation.account, owner);
    } else {
      obligation.save();
    }
  },
};
