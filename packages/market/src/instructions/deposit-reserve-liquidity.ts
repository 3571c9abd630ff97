// deposit_reserve_liquidity(liquidity_amount: u64): liquidity in, cTokens out to the depositor's wallet.
// The reserve is refreshed in-line (interest, no price), so no refresh_reserve is needed first.
import { checkAddress, declareAccounts, mintTo, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { depositReserveLiquidity as deposit, refreshReserve } from "../lending/reserve-operations.js";
import {
  checkHasOne,
  checkTokenConstraints,
  lendingMarketAccount,
  marketAuthoritySigner,
  mintAccount,
  reserveAccount,
  tokenAccount,
} from "../program/account-kinds.js";
import { transferChecked } from "../program/cpi.js";
import { checkEmergencyMode, checkLiquidityToken, checkNotReserveVault, checkReserveUsable } from "../program/guards.js";
import { checkInstructionSysvar, tokenProgramsAndSysvar } from "../program/position-accounts.js";
import { checkVaultAfterTransfer, snapshotVault } from "../program/vault-checks.js";
import type { MarketInstruction } from "./types.js";

const DepositAccounts = declareAccounts(
  {
    owner: signer(),
    reserve: reserveAccount({ mut: "load" }),
    lendingMarket: lendingMarketAccount(),
    lendingMarketAuthority: unchecked(),
    reserveLiquidityMint: mintAccount(),
    reserveLiquiditySupply: unchecked({ mut: "constraint" }),
    reserveCollateralMint: unchecked({ mut: "constraint" }),
    userSourceLiquidity: tokenAccount({ mut: "load" }),
    userDestinationCollateral: tokenAccount({ mut: "load" }),
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
      reserveLiquiditySupply: () => checkAddress(a.reserveLiquiditySupply, r.liquidity.supplyVault),
      reserveCollateralMint: () => checkAddress(a.reserveCollateralMint, r.collateral.mintPubkey),
      userSourceLiquidity: () => checkTokenConstraints(a.userSourceLiquidity, { mint: r.liquidity.mintPubkey, authority: a.owner.key }),
      userDestinationCollateral: () => checkTokenConstraints(a.userDestinationCollateral, { mint: r.collateral.mintPubkey }),
      instructionSysvarAccount: () => checkInstructionSysvar(a.instructionSysvarAccount),
    };
  },
);

export const depositReserveLiquidity: MarketInstruction = {
  name: "deposit_reserve_liquidity",
  units: 15_000,
  accounts: DepositAccounts,
  run(ctx, _checks, args) {
    const { liquidityAmount } = decodeArgs(args, KLEND_INSTRUCTIONS.deposit_reserve_liquidity.args);
    const { accounts: a } = DepositAccounts.load(ctx);
    const { owner, lendingMarket: market, reserve } = a;
    const r = reserve.state;
    const source = a.userSourceLiquidity;
    const destination = a.userDestinationCollateral;
    const supply = a.reserveLiquiditySupply;
    checkEmergencyMode(market.state);
    checkNotReserveVault(source, r);
    checkNotReserveVault(destination, r);
    checkReserveUsable(r, true);
    checkLiquidityToken(a.reserveLiquidityMint, source, (m) => ctx.log(m));

    const authoritySeeds = marketAuthoritySigner(ctx, a.lendingMarketAuthority, market);
    refreshReserve(r, ctx.clock, null, market.state.referralFeeBps);
    const before = snapshotVault(supply, reserve);
    const moved = deposit(r, ctx.clock, liquidityAmount, (m) => ctx.log(m));
    ctx.log(`Deposit ${moved.liquidity} liquidity for ${moved.collateral} collateral`);
    const decimals = a.reserveLiquidityMint.mint.decimals;
    transferChecked(ctx, { source, mint: a.reserveLiquidityMint, destination: supply, authority: owner }, moved.liquidity, decimals, null);
    mintTo(ctx, a.reserveCollateralMint, destination, a.lendingMarketAuthority, moved.collateral, authoritySeeds);
    checkVaultAfterTransfer(before, supply, reserve, moved.liquidity);
    reserve.save();
  },
};
