// borrow_obligation_liquidity(liquidity_amount: u64): liquidity lent against the obligation's collateral
// (u64::MAX: all it may borrow), the origination fee added to the debt and paid to the fee receiver.
//   0 owner                                  signer
//   1 obligation                             writable, has_one lending_market, owner (InvalidObligationOwner)
//   2 lending_market
//   3 lending_market_authority               PDA ["lma", market]
//   4 borrow_reserve                         writable, has_one lending_market
//   5 borrow_reserve_liquidity_mint
//   6 reserve_source_liquidity               writable, the reserve's liquidity vault
//   7 borrow_reserve_liquidity_fee_receiver  writable, the reserve's fee vault
//   8 user_destination_liquidity             writable, owner's token account of the liquidity mint
//   9 referrer_token_state                   optional; none (no referrers here)
//   10 token_program, 11 instruction_sysvar_account (key checked only)
// The reserve and the obligation must have been refreshed in this slot with every price check passed.
import { INSTRUCTIONS_SYSVAR_ID, TOKEN_PROGRAM_ID } from "@ballast/ledger";
import { fail } from "../errors.js";
import { borrowObligationLiquidity as borrow } from "../lending/obligation-debt.js";
import { transferChecked } from "../program/cpi.js";
import { checkEmergencyMode, checkNotReserveVault, checkReserveUsable } from "../program/guards.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import type { MarketInstruction } from "./types.js";

export const borrowObligationLiquidity: MarketInstruction = {
  name: "borrow_obligation_liquidity",
  units: 20_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const owner = accounts.signer(0, "owner");
    const market = accounts.lendingMarket(2);
    const obligation = accounts.obligation(1, market, true);
    if (obligation.state.owner !== owner.key) fail("InvalidObligationOwner");
    const authority = accounts.marketAuthority(3, market);
    const reserve = accounts.reserve(4, "borrow_reserve", market, true);
    const r = reserve.state;
    const { account: liquidityMint, decimals } = accounts.liquidityMint(5, "borrow_reserve_liquidity_mint", r);
    const supply = accounts.writableAddress(6, "reserve_source_liquidity", r.liquidity.supplyVault);
    const feeReceiver = accounts.writableAddress(7, "borrow_reserve_liquidity_fee_receiver", r.liquidity.feeVault);
    const destination = accounts.userTokenAccount(8, "user_destination_liquidity", { mint: r.liquidity.mintPubkey, authority: owner.key });
    if (accounts.optional(9)) {
      ctx.log("Referrer token states are not used by this market");
      fail("InvalidAccountInput");
    }
    accounts.program(10, "token_program", TOKEN_PROGRAM_ID);
    accounts.address(accounts.at(11), "instruction_sysvar_account", INSTRUCTIONS_SYSVAR_ID);
    checkEmergencyMode(market.state);
    checkNotReserveVault(destination, r);
    checkReserveUsable(r, true);

    const before = snapshotVault(supply, reserve);
    const borrowed = borrow(market.state, r, reserve.key, obligation.state, ctx.clock, amount, (m) => ctx.log(m));
    const vault = { source: supply, mint: liquidityMint, authority: authority.account };
    if (borrowed.originationFee > 0n) {
      transferChecked(ctx, { ...vault, destination: feeReceiver }, borrowed.originationFee, decimals, authority.seeds);
    }
    transferChecked(ctx, { ...vault, destination }, borrowed.receiveAmount, decimals, authority.seeds);
    checkVaultAfterTransfer(before, supply, reserve, -(borrowed.receiveAmount + borrowed.originationFee));
    reserve.save();
    obligation.save();
  },
};
