// withdraw_referrer_fees(): pays the referrer's unclaimed fees of one reserve out of the reserve's vault to any token
// account of its mint (SML §2.2): as much as the referrer is owed, the reserve holds as referrer fees and has
// available, in whole units (InsufficientReferralFeesToRedeem when nothing). The reserve must have been refreshed in
// this slot with every price check passed.
import { checkAddress, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { referrerTokenStateSeeds } from "../client/seeds.js";
import { withdrawReferrerFees as withdraw } from "../lending/referral-fees.js";
import {
  checkHasOne,
  checkStoredBumpSeeds,
  checkTokenConstraints,
  lendingMarketAccount,
  marketAuthoritySigner,
  mintAccount,
  referrerTokenStateAccount,
  reserveAccount,
  tokenAccount,
  tokenProgram,
} from "../program/account-kinds.js";
import { transferChecked } from "../program/cpi.js";
import { checkEmergencyMode } from "../program/guards.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import type { MarketInstruction } from "./types.js";

const WithdrawReferrerFeesAccounts = declareAccounts(
  {
    referrer: signer({ mut: "load" }),
    referrerTokenState: referrerTokenStateAccount({ mut: "constraint" }),
    reserve: reserveAccount({ mut: "constraint" }),
    reserveLiquidityMint: mintAccount(),
    reserveSupplyLiquidity: unchecked({ mut: "constraint" }),
    referrerTokenAccount: tokenAccount({ mut: "constraint" }),
    lendingMarket: lendingMarketAccount(),
    lendingMarketAuthority: unchecked(),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => ({
    referrerTokenState: () => {
      const seeds = referrerTokenStateSeeds(a.referrer.key, a.reserve.key);
      checkStoredBumpSeeds(ctx, a.referrerTokenState, seeds, Number(a.referrerTokenState.state.bump));
    },
    reserve: () => checkHasOne(a.reserve, a.reserve.state.lendingMarket, a.lendingMarket),
    reserveLiquidityMint: () => checkAddress(a.reserveLiquidityMint, a.reserve.state.liquidity.mintPubkey),
    reserveSupplyLiquidity: () => checkAddress(a.reserveSupplyLiquidity, a.reserve.state.liquidity.supplyVault),
    referrerTokenAccount: () => checkTokenConstraints(a.referrerTokenAccount, { mint: a.reserve.state.liquidity.mintPubkey }),
    lendingMarketAuthority: () => marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket),
  }),
);

export const withdrawReferrerFees: MarketInstruction = {
  name: "withdraw_referrer_fees",
  units: 10_000,
  accounts: WithdrawReferrerFeesAccounts,
  run(ctx) {
    const { accounts: a } = WithdrawReferrerFeesAccounts.load(ctx);
    const { lendingMarket: market, reserve, referrerTokenState, lendingMarketAuthority: authority } = a;
    checkEmergencyMode(market.state);
    const vault = a.reserveSupplyLiquidity;
    const before = snapshotVault(vault, reserve);
    const amount = withdraw(reserve.state, ctx.clock, referrerTokenState.state, (m) => ctx.log(m));
    ctx.log(`Withdrawing referrer fees: ${amount}`);
    const seeds = marketAuthoritySigner(ctx, authority, market);
    const transfer = { source: vault, mint: a.reserveLiquidityMint, destination: a.referrerTokenAccount, authority };
    transferChecked(ctx, transfer, amount, a.reserveLiquidityMint.mint.decimals, seeds);
    checkVaultAfterTransfer(before, vault, reserve, -amount);
    reserve.save();
    referrerTokenState.save();
  },
};
