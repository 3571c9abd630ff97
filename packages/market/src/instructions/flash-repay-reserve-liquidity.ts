// flash_repay_reserve_liquidity(liquidity_amount: u64, borrow_instruction_index: u8): closes the flash borrow at
// `borrow_instruction_index` (MO §3.7): the loan back into the vault, the flash-loan fee to the fee receiver, and with
// a referrer account and its ReferrerTokenState for this reserve, the market's referral share of the fee into the
// vault as the referrer's.
import { checkAddress, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { INSTRUCTIONS_SYSVAR_ID } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { fail } from "../errors.js";
import { flashRepayReserveLiquidity as flashRepay } from "../lending/flash-loans.js";
import { validateReferrerTokenState } from "../lending/referral-fees.js";
import {
  checkHasOne,
  checkOptionalMut,
  lendingMarketAccount,
  marketAuthoritySigner,
  mintAccount,
  optionalAccount,
  optionalReferrerTokenStateAccount,
  present,
  reserveAccount,
  tokenAccount,
  tokenProgram,
} from "../program/account-kinds.js";
import { transferChecked } from "../program/cpi.js";
import { checkFlashRepay } from "../program/flash-introspection.js";
import { checkEmergencyMode, checkLiquidityToken } from "../program/guards.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import type { MarketInstruction } from "./types.js";

const FlashRepayAccounts = declareAccounts(
  {
    userTransferAuthority: signer(),
    lendingMarketAuthority: unchecked(),
    lendingMarket: lendingMarketAccount(),
    reserve: reserveAccount({ mut: "constraint" }),
    reserveLiquidityMint: mintAccount(),
    reserveDestinationLiquidity: unchecked({ mut: "constraint" }),
    userSourceLiquidity: tokenAccount({ mut: "constraint" }),
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
    reserveDestinationLiquidity: () => checkAddress(a.reserveDestinationLiquidity, a.reserve.state.liquidity.supplyVault),
    reserveLiquidityFeeReceiver: () => checkAddress(a.reserveLiquidityFeeReceiver, a.reserve.state.liquidity.feeVault),
    referrerTokenState: () => checkOptionalMut(ctx, a.referrerTokenState),
    referrerAccount: () => checkOptionalMut(ctx, a.referrerAccount),
    sysvarInfo: () => checkAddress(a.sysvarInfo, INSTRUCTIONS_SYSVAR_ID),
  }),
);

export const flashRepayReserveLiquidity: MarketInstruction = {
  name: "flash_repay_reserve_liquidity",
  units: 15_000,
  accounts: FlashRepayAccounts,
  run(ctx, _checks, args) {
    const { liquidityAmount, borrowInstructionIndex } = decodeArgs(args, KLEND_INSTRUCTIONS.flash_repay_reserve_liquidity.args);
    const { accounts: a } = FlashRepayAccounts.load(ctx);
    const { lendingMarket: market, reserve } = a;
    const r = reserve.state;
    const log = (m: string) => ctx.log(m);
    checkEmergencyMode(market.state);
    if (a.userSourceLiquidity.key === r.liquidity.supplyVault) {
      log("Reserve liquidity supply cannot be used as the source liquidity provided");
      fail("InvalidAccountInput");
    }
    checkLiquidityToken(a.reserveLiquidityMint, a.userSourceLiquidity, log);

    const vault = a.reserveDestinationLiquidity;
    const before = snapshotVault(vault, reserve);
    checkFlashRepay(ctx, a.sysvarInfo, reserve.key, liquidityAmount, borrowInstructionIndex);
    // The referrer counts only with both its account and its token state given.
    const referrerAccount = present(ctx, a.referrerAccount);
    let referrer = null;
    if (referrerAccount) {
      referrer = a.referrerTokenState.view;
      if (referrer) {
        validateReferrerTokenState(
          ctx.programId,
          referrer.state,
          a.referrerTokenState.key,
          r.liquidity.mintPubkey,
          referrerAccount.key,
          reserve.key,
        );
      } else {
        log("No referrer account provided");
      }
    }
    const amounts = flashRepay(market.state, r, liquidityAmount, ctx.clock.unixTimestamp, referrer?.state ?? null);
    const decimals = a.reserveLiquidityMint.mint.decimals;
    const payer = { source: a.userSourceLiquidity, mint: a.reserveLiquidityMint, authority: a.userTransferAuthority };
    transferChecked(ctx, { ...payer, destination: vault }, amounts.vaultAmount, decimals, null);
    if (amounts.protocolFee > 0n) {
      transferChecked(ctx, { ...payer, destination: a.reserveLiquidityFeeReceiver }, amounts.protocolFee, decimals, null);
    }
    checkVaultAfterTransfer(before, vault, reserve, amounts.vaultAmount);
    reserve.save();
    referrer?.save();
  },
};
