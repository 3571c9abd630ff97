// repay_obligation_liquidity(liquidity_amount: u64): debt settled (u64::MAX: all of it, rounded up to whole units).
// Anyone may repay any obligation of the market.
//   0 owner                          signer: the payer
//   1 obligation                     writable, has_one lending_market
//   2 lending_market
//   3 repay_reserve                  writable, has_one lending_market
//   4 reserve_liquidity_mint
//   5 reserve_destination_liquidity  writable, the reserve's liquidity vault
//   6 user_source_liquidity          writable, payer's token account of the liquidity mint
//   7 token_program, 8 instruction_sysvar_account (key checked only)
// The reserve and the obligation must have been refreshed in this slot.
import { INSTRUCTIONS_SYSVAR_ID, TOKEN_PROGRAM_ID } from "@ballast/ledger";
import { repayObligationLiquidity as repay } from "../lending/obligation-debt.js";
import { transferChecked } from "../program/cpi.js";
import { checkEmergencyMode, checkNotReserveVault, checkReserveUsable } from "../program/guards.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import type { MarketInstruction } from "./types.js";

export const repayObligationLiquidity: MarketInstruction = {
  name: "repay_obligation_liquidity",
  units: 15_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const owner = accounts.signer(0, "owner");
    const market = accounts.lendingMarket(2);
    const obligation = accounts.obligation(1, market, true);
    const reserve = accounts.reserve(3, "repay_reserve", market, true);
    const r = reserve.state;
    const { account: liquidityMint, decimals } = accounts.liquidityMint(4, "reserve_liquidity_mint", r);
    const supply = accounts.writableAddress(5, "reserve_destination_liquidity", r.liquidity.supplyVault);
    const source = accounts.userTokenAccount(6, "user_source_liquidity", { mint: r.liquidity.mintPubkey });
    accounts.program(7, "token_program", TOKEN_PROGRAM_ID);
    accounts.address(accounts.at(8), "instruction_sysvar_account", INSTRUCTIONS_SYSVAR_ID);
    checkEmergencyMode(market.state);
    checkNotReserveVault(source, r);
    checkReserveUsable(r, false);

    const before = snapshotVault(supply, reserve);
    const repayAmount = repay(market.state, r, reserve.key, obligation.state, ctx.clock, amount, (m) => ctx.log(m));
    ctx.log(`pnl: Repaid ${repayAmount}`);
    transferChecked(ctx, { source, mint: liquidityMint, destination: supply, authority: owner }, repayAmount, decimals, null);
    checkVaultAfterTransfer(before, supply, reserve, repayAmount);
    reserve.save();
    obligation.save();
  },
};
