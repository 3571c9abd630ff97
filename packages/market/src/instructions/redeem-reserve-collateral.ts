// redeem_reserve_collateral(collateral_amount: u64): cTokens from the holder's wallet burned for liquidity.
// The reserve is refreshed in-line (interest, no price).
import { checkAddress, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { redeemReserveCollateral as redeem, refreshReserve } from "../lending/reserve-operations.js";
import {
  checkHasOne,
  checkTokenConstraints,
  lendingMarketAccount,
  marketAuthoritySigner,
  mintAccount,
  reserveAccount,
  tokenAccount,
} from "../program/account-kinds.js";
import { burn, transferChecked } from "../program/cpi.js";
import { checkEmergencyMode, checkLiquidityToken, checkNotReserveVault, checkReserveUsable } from "../program/guards.js";
import { checkInstructionSysvar, tokenProgramsAndSysvar } from "../program/position-accounts.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import type { MarketInstruction } from "./types.js";

const RedeemAccounts = declareAccounts(
  {
    owner: signer(),
    lendingMarket: lendingMarketAccount(),
    reserve: reserveAccount({ mut: "load" }),
    lendingMarketAuthority: unchecked(),
    reserveLiquidityMint: mintAccount(),
    reserveCollateralMint: unchecked({ mut: "constraint" }),
    reserveLiquiditySupply: unchecked({ mut: "constraint" }),
    userSourceCollateral: tokenAccount({ mut: "load" }),
    userDestinationLiquidity: tokenAccount({ mut: "load" }),
    ...tokenProgramsAndSysvar(),
  },
  (a, ctx) => {
    const r = a.reserve.state;
    return {
      reserve: () => checkHasOne(a.reserve, r.lendingMarket, a.lendingMarket),
      lendingMarketAuthority: () => {
        marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket);
      },
      reserveLiquidityMint: () => checkAddress(a.reserveLiquidityMint, r.liquidity.mintPubkey),
      reserveCollateralMint: () => checkAddress(a.reserveCollateralMint, r.collateral.mintPubkey),
      reserveLiquiditySupply: () => checkAddress(a.reserveLiquiditySupply, r.liquidity.supplyVault),
      userSourceCollateral: () => checkTokenConstraints(a.userSourceCollateral, { mint: r.collateral.mintPubkey, authority: a.owner.key }),
      userDestinationLiquidity: () =>
        checkTokenConstraints(a.userDestinationLiquidity, { mint: r.liquidity.mintPubkey, authority: a.owner.key }),
      instructionSysvarAccount: () => checkInstructionSysvar(a.instructionSysvarAccount),
    };
  },
);

export const redeemReserveCollateral: MarketInstruction = {
  name: "redeem_reserve_collateral",
  units: 15_000,
  accounts: RedeemAccounts,
  run(ctx, _checks, args) {
    const { collateralAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.redeem_reserve_collateral.args);
    const { accounts: a } = RedeemAccounts.load(ctx);
    const { owner, lendingMarket: market, reserve, lendingMarketAuthority: authority } = a;
    const r = reserve.state;
    const source = a.userSourceCollateral;
    const destination = a.userDestinationLiquidity;
    const supply = a.reserveLiquiditySupply;
    checkEmergencyMode(market.state);
    checkNotReserveVault(source, r);
    checkNotReserveVault(destination, r);
    checkReserveUsable(r, false);
    checkLiquidityToken(a.reserveLiquidityMint, destination, (m) => ctx.log(m));

    const authoritySeeds = marketAuthoritySigner(ctx, authority, market);
    refreshReserve(r, ctx.clock, null, market.state.referralFeeBps);
    const before = snapshotVault(supply, reserve);
    const liquidity = redeem(r, ctx.clock, collateralAmount, (m) => ctx.log(m));
    ctx.log(`Redeem ${collateralAmount} collateral for ${liquidity} liquidity`);
    burn(ctx, source, a.reserveCollateralMint, owner, collateralAmount, null);
    const decimals = a.reserveLiquidityMint.mint.decimals;
    transferChecked(ctx, { source: supply, mint: a.reserveLiquidityMint, destination, authority }, liquidity, decimals, authoritySeeds);
    checkVaultAfterTransfer(before, supply, reserve, -liquidity);
    reserve.save();
  },
};
