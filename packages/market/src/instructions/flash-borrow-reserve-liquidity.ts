// flash_borrow_reserve_liquidity(liquidity_amount: u64): lends liquidity with no collateral for the rest of the
// transaction (MO §3.7). The transaction must repay it later with flash_repay_reserve_liquidity on the same accounts
// and amount (found through the instructions sysvar), and this must be a top-level instruction. The referrer accounts
// are the repay's business; the borrow only carries them so both account lists match.
import { checkAddress, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { INSTRUCTIONS_SYSVAR_ID } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { fail } from "../errors.js";
import { flashBorrowReserveLiquidity as flashBorrow, flashLoansDisabled } from "../lending/flash-loans.js";
import { refreshReserve } from "../lending/reserve-operations.js";
import {
  checkHasOne,
  checkOptionalMut,
  lendingMarketAccount,
  marketAuthoritySigner,
  mintAccount,
  optionalAccount,
  optionalReferrerTokenStateAccount,
  reserveAccount,
  tokenAccount,
  tokenProgram,
} from "../program/account-kinds.js";
import { transferChecked } from "../program/cpi.js";
import { checkFlashBorrow } from "../program/flash-introspection.js";
import { checkEmergencyMode, checkLiquidityToken, checkReserveUsable } from "../program/guards.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import type { MarketInstruction } from "./types.js";

const FlashBorrowAccounts = declareAccounts(
  {
    userTransferAuthority: signer(),
    lendingMarketAuthority: unchecked(),
    lendingMarket: lendingMarketAccount(),
    reserve: reserveAccount({ mut: "constraint" }),
    reserveLiquidityMint: mintAccount(),
    reserveSourceLiquidity: unchecked({ mut: "constraint" }),
    userDestinationLiquidity: tokenAccount({ mut: "constraint" }),
    reserveLiquidityFeeReceiver: unchecked({ mut: "constraint" }),
    referrerTokenState: optionalReferrerTokenStateAccount(),
    referrerAccount: optionalAccount({ mut: "handler" }),
    sysvarInfo: unchecked(),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => ({
    lendingMarketAuthority: () => marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket),
    reserve: () => checkHasOne(a.reserve, a.reserve.state.lendingMarket, a.lendingMarket),
    reserveLiquidityMint: () => checkAddress(a.reserveLiquidityMint, a.reserve.state.liquidity.mintPubkey),
    reserveSourceLiquidity: () => checkAddress(a.reserveSourceLiquidity, a.reserve.state.liquidity.supplyVault),
    reserveLiquidityFeeReceiver: () => checkAddress(a.reserveLiquidityFeeReceiver, a.reserve.state.liquidity.feeVault),
    referrerTokenState: () => checkOptionalMut(ctx, a.referrerTokenState),
    referrerAccount: () => checkOptionalMut(ctx, a.referrerAccount),
    sysvarInfo: () => checkAddress(a.sysvarInfo, INSTRUCTIONS_SYSVAR_ID),
  }),
);

export const flashBorrowReserveLiquidity: MarketInstruction = {
  name: "flash_borrow_reserve_liquidity",
  units: 15_000,
  accounts: FlashBorrowAccounts,
  run(ctx, _checks, args) {
    const { liquidityAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.flash_borrow_reserve_liquidity.args);
    const { accounts: a } = FlashBorrowAccounts.load(ctx);
    const { lendingMarket: market, reserve, lendingMarketAuthority: authority } = a;
    const r = reserve.state;
    const log = (m: string) => ctx.log(m);
    checkEmergencyMode(market.state);
    if (a.userDestinationLiquidity.key === r.liquidity.supplyVault) {
      log("Borrow reserve liquidity supply cannot be used as the destination liquidity provided");
      fail("InvalidAccountInput");
    }
    checkReserveUsable(r, true);
    checkLiquidityToken(a.reserveLiquidityMint, a.userDestinationLiquidity, log);
    if (flashLoansDisabled(r)) {
      log("Flash loans are disabled for this reserve");
      fail("FlashLoansDisabled");
    }

    const supply = a.reserveSourceLiquidity;
    const before = snapshotVault(supply, reserve);
    checkFlashBorrow(ctx, a.sysvarInfo, liquidityAmount);
    refreshReserve(r, ctx.clock, null, market.state.referralFeeBps);
    flashBorrow(r, liquidityAmount, log);
    const authoritySeeds = marketAuthoritySigner(ctx, authority, market);
    const vault = { source: supply, mint: a.reserveLiquidityMint, authority, destination: a.userDestinationLiquidity };
    transferChecked(ctx, vault, liquidityAmount, a.reserveLiquidityMint.mint.decimals, authoritySeeds);
    checkVaultAfterTransfer(before, supply, reserve, -liquidityAmount);
    reserve.save();
  },
};
