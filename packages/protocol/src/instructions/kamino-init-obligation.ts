import { declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { bankAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import {
  KAMINO_BANK_SIDE_ACCOUNTS,
  KAMINO_FARM_ACCOUNTS,
  KAMINO_PROGRAM_ACCOUNTS,
  kaminoBankAccounts,
  kaminoDepositMarketAccounts,
} from "../program/kamino-bank.js";
import {
  depositIntoObligation,
  initObligation,
  initObligationCollateralFarm,
  initUserMetadata,
  refreshObligation,
  refreshReserve,
} from "../program/kamino-cpi.js";
import { transferFromSigner } from "../program/token-transfers.js";

/** Below this many native units the first deposit is refused (6209). */
export const MIN_INIT_OBLIGATION_DEPOSIT = 10n;

/** The market accounts are checked by the handler, against the bank; the oracles go on to the reserve refresh. */
const KaminoInitObligationAccounts = declareAccounts({
  feePayer: signer({ mut: "load" }),
  bank: bankAccount(),
  signerTokenAccount: unchecked({ mut: "load" }),
  ...KAMINO_BANK_SIDE_ACCOUNTS,
  userMetadata: unchecked({ mut: "load" }),
  lendingMarket: unchecked(),
  lendingMarketAuthority: unchecked(),
  kaminoReserve: unchecked({ mut: "handler" }),
  mint: unchecked(),
  reserveLiquiditySupply: unchecked({ mut: "handler" }),
  reserveCollateralMint: unchecked({ mut: "handler" }),
  reserveDestinationDepositCollateral: unchecked({ mut: "handler" }),
  pythOracle: unchecked(),
  switchboardPriceOracle: unchecked(),
  switchboardTwapOracle: unchecked(),
  scopePrices: unchecked(),
  ...KAMINO_FARM_ACCOUNTS,
  ...KAMINO_PROGRAM_ACCOUNTS,
  instructionSysvarAccount: unchecked(),
  rent: unchecked(),
  systemProgram: unchecked(),
});

/**
 * Anyone creates a Kamino bank's obligation (reference §7.5): the market's user metadata and obligation for the
 * bank's liquidity vault authority, funded by the fee payer, with a first deposit of `amount` from the fee payer's
 * token account. That deposit belongs to no one and keeps the obligation from ever emptying (the market closes
 * empty obligations). Where the caller passes the reserve's collateral farm, the obligation's stake in it is opened
 * first, so the deposit is staked from the start.
 */
export const kaminoInitObligation: InstructionHandler = {
  name: "kamino_init_obligation",
  units: 80_000,
  accounts: KaminoInitObligationAccounts,
  run(ctx, accounts, args) {
    const { amount } = decodeArgs(args, LENDING_INSTRUCTIONS.kamino_init_obligation.args);
    const { accounts: a } = KaminoInitObligationAccounts.load(ctx);
    const { feePayer, bank, signerTokenAccount: source, userMetadata } = a;
    const k = kaminoBankAccounts(accounts, bank, kaminoDepositMarketAccounts(a));
    const oracles = [a.pythOracle, a.switchboardPriceOracle, a.switchboardTwapOracle, a.scopePrices].map((oracle) => oracle.key);
    if (amount < MIN_INIT_OBLIGATION_DEPOSIT) fail("ObligationInitDepositInsufficient");

    transferFromSigner(ctx, k.liquidityTokenProgram, source, k.liquidityVault, feePayer, amount);
    initUserMetadata(ctx, k.side, feePayer.key, userMetadata.key);
    initObligation(ctx, k.side, feePayer.key, k.market.lendingMarket, userMetadata.key);
    initObligationCollateralFarm(ctx, k.side, feePayer.key, k.market);
    refreshReserve(ctx, k.market.reserve, k.market.lendingMarket, oracles);
    refreshObligation(ctx, k.market.lendingMarket, k.side.obligation, []);
    depositIntoObligation(ctx, k.side, k.market, amount);
  },
};
