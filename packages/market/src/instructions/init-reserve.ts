// init_reserve(): the caller created the reserve account for this program (`zero`, 8624 bytes); the reserve's four
// vaults are created here, each at its PDA [seed, market, liquidity mint] ("reserve_liq_supply", "fee_receiver",
// "reserve_coll_mint", "reserve_coll_supply"), paid by the signer: the market owner or its proposer authority
// (InvalidSigner otherwise). The market authority owns every vault and
// mints the cTokens. The market's min_initial_deposit_amount moves from the owner's initial_liquidity_source into the
// liquidity vault; it counts as available liquidity and as cToken supply, but no cTokens are minted for it, so the
// exchange rate starts at 1 and can never be skewed from an empty reserve.
import { checkSeeds, declareAccounts, initializeMint, signer, unchecked, type DeclaredAccount } from "@ballast/anchor";
import { ACCOUNT_SIZE, MINT_SIZE, RENT_SYSVAR_ID, TOKEN_PROGRAM_ID, tokenAccountSizeFor, type InstructionContext } from "@ballast/ledger";
import { type ReserveVault, reserveVaultSeeds } from "../client/seeds.js";
import {
  checkTokenConstraints,
  lendingMarketAccount,
  marketAuthoritySigner,
  mintAccount,
  systemProgram,
  sysvar,
  tokenAccount,
  tokenProgram,
  zeroAccount,
} from "../program/account-kinds.js";
import { fail } from "../errors.js";
import { mayInitReserve } from "../lending/reserve-config-authority.js";
import { createPdaAccount, initializeTokenAccount, transferChecked } from "../program/cpi.js";
import { checkLiquidityToken } from "../program/guards.js";
import { ReserveLayout, encodeReserveInto, newReserve } from "../state/reserve.js";
import type { MarketInstruction } from "./types.js";

/** The vault must sit at its PDA (ConstraintSeeds otherwise); returns its signer seeds, bump included. */
function vaultSeeds(ctx: InstructionContext, vault: DeclaredAccount, kind: ReserveVault, market: DeclaredAccount, mint: DeclaredAccount) {
  const seeds = reserveVaultSeeds(kind, market.key, mint.key);
  return [...seeds, Uint8Array.of(checkSeeds(ctx, vault, seeds))];
}

const InitReserveAccounts = declareAccounts(
  {
    lendingMarketOwner: signer({ mut: "load", idlName: "signer" }),
    lendingMarket: lendingMarketAccount(),
    lendingMarketAuthority: unchecked(),
    reserve: zeroAccount(ReserveLayout),
    reserveLiquidityMint: mintAccount(),
    reserveLiquiditySupply: unchecked({ mut: "constraint" }),
    feeReceiver: unchecked({ mut: "constraint" }),
    reserveCollateralMint: unchecked({ mut: "constraint" }),
    reserveCollateralSupply: unchecked({ mut: "constraint" }),
    initialLiquiditySource: tokenAccount({ mut: "load" }),
    rent: sysvar(RENT_SYSVAR_ID),
    liquidityTokenProgram: tokenProgram(),
    collateralTokenProgram: tokenProgram(),
    systemProgram: systemProgram(),
  },
  (a, ctx) => {
    const vault = (account: DeclaredAccount, kind: ReserveVault) => () => {
      vaultSeeds(ctx, account, kind, a.lendingMarket, a.reserveLiquidityMint);
    };
    return {
      lendingMarketOwner: () => {
        if (!mayInitReserve(a.lendingMarketOwner.key, a.lendingMarket.state)) fail("InvalidSigner", a.lendingMarketOwner.name);
      },
      lendingMarketAuthority: () => {
        marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket);
      },
      reserveLiquiditySupply: vault(a.reserveLiquiditySupply, "reserveLiquiditySupply"),
      feeReceiver: vault(a.feeReceiver, "feeReceiver"),
      reserveCollateralMint: vault(a.reserveCollateralMint, "reserveCollateralMint"),
      reserveCollateralSupply: vault(a.reserveCollateralSupply, "reserveCollateralSupply"),
      initialLiquiditySource: () =>
        checkTokenConstraints(a.initialLiquiditySource, { mint: a.reserveLiquidityMint.key, authority: a.lendingMarketOwner.key }),
    };
  },
);

export const initReserve: MarketInstruction = {
  name: "init_reserve",
  units: 20_000,
  accounts: InitReserveAccounts,
  run(ctx) {
    const a = InitReserveAccounts.load(ctx).accounts;
    const { lendingMarketOwner: owner, lendingMarket: market, lendingMarketAuthority: authority, reserveLiquidityMint: mint } = a;
    const seedsOf = (account: DeclaredAccount, kind: ReserveVault) => vaultSeeds(ctx, account, kind, market, mint);
    const supply = a.reserveLiquiditySupply;
    const collateralMint = a.reserveCollateralMint;
    const collateralSupply = a.reserveCollateralSupply;
    checkLiquidityToken(mint, a.initialLiquiditySource, (m) => ctx.log(m));

    // The liquidity vaults belong to the mint's token program, sized for the account extensions its mint requires.
    const liquidityProgram = mint.account.owner;
    const liquidityAccountSize = tokenAccountSizeFor(mint.account.data);
    createPdaAccount(ctx, owner, supply, liquidityAccountSize, liquidityProgram, seedsOf(supply, "reserveLiquiditySupply"));
    initializeTokenAccount(ctx, supply, mint, authority.key);
    createPdaAccount(ctx, owner, a.feeReceiver, liquidityAccountSize, liquidityProgram, seedsOf(a.feeReceiver, "feeReceiver"));
    initializeTokenAccount(ctx, a.feeReceiver, mint, authority.key);
    createPdaAccount(ctx, owner, collateralMint, MINT_SIZE, TOKEN_PROGRAM_ID, seedsOf(collateralMint, "reserveCollateralMint"));
    initializeMint(ctx, collateralMint, mint.mint.decimals, authority.key);
    createPdaAccount(ctx, owner, collateralSupply, ACCOUNT_SIZE, TOKEN_PROGRAM_ID, seedsOf(collateralSupply, "reserveCollateralSupply"));
    initializeTokenAccount(ctx, collateralSupply, collateralMint, authority.key);

    const initialDeposit = market.state.minInitialDepositAmount;
    const source = a.initialLiquiditySource;
    transferChecked(ctx, { source, mint, destination: supply, authority: owner }, initialDeposit, mint.mint.decimals, null);
    encodeReserveInto(
      a.reserve.account.data,
      newReserve({
        slot: ctx.clock.slot,
        lendingMarket: market.key,
        liquidityMint: mint.key,
        mintDecimals: mint.mint.decimals,
        tokenProgram: mint.account.owner,
        liquiditySupply: supply.key,
        feeReceiver: a.feeReceiver.key,
        collateralMint: collateralMint.key,
        collateralSupply: collateralSupply.key,
        initialDeposit,
      }),
    );
  },
};
