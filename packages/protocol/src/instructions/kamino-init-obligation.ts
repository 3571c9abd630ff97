import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { kaminoBankAccounts } from "../program/kamino-bank.js";
import { depositIntoObligation, initObligation, initUserMetadata, refreshObligation, refreshReserve } from "../program/kamino-cpi.js";
import { transferFromSigner } from "../program/token-transfers.js";
import { BankLayout } from "../state/bank.js";

/** Below this many native units the first deposit is refused (6209). */
export const MIN_INIT_OBLIGATION_DEPOSIT = 10n;

/**
 * Anyone creates a Kamino bank's obligation (reference §7.5): the market's user metadata and obligation for the
 * bank's liquidity vault authority, funded by the fee payer, with a first deposit of `amount` from the fee payer's
 * token account. That deposit belongs to no one and keeps the obligation from ever emptying (the market closes
 * empty obligations).
 */
export const kaminoInitObligation: InstructionHandler = {
  name: "kamino_init_obligation",
  units: 80_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const feePayer = accounts.writable(accounts.signer(0, "fee_payer"), "fee_payer");
    const bank = accounts.owned(1, "bank", BankLayout);
    const source = accounts.writable(accounts.at(2), "signer_token_account");
    const userMetadata = accounts.writable(accounts.at(6), "user_metadata");
    const k = kaminoBankAccounts(accounts, bank, {
      vaultAuthority: 3,
      liquidityVault: 4,
      obligation: 5,
      lendingMarket: 7,
      kaminoProgram: 20,
      tokenPrograms: 22,
    });
    const oracles = [14, 15, 16, 17].map((i) => accounts.at(i).key);
    if (amount < MIN_INIT_OBLIGATION_DEPOSIT) fail("ObligationInitDepositInsufficient");

    transferFromSigner(ctx, k.liquidityTokenProgram, source, k.liquidityVault, feePayer, amount);
    initUserMetadata(ctx, k.side, feePayer.key, userMetadata.key);
    initObligation(ctx, k.side, feePayer.key, k.market.lendingMarket, userMetadata.key);
    refreshReserve(ctx, k.market.reserve, k.market.lendingMarket, oracles);
    refreshObligation(ctx, k.market.lendingMarket, k.side.obligation, []);
    depositIntoObligation(ctx, k.side, k.market, amount);
  },
};
