import { declareAccounts, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { BankBalance, findOrCreateBalance, sortBalances } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import {
  checkIntegrationPositionLimit,
  KAMINO_BANK_SIDE_ACCOUNTS,
  KAMINO_FARM_ACCOUNTS,
  KAMINO_PROGRAM_ACCOUNTS,
  kaminoBankAccounts,
  kaminoDepositMarketAccounts,
  loadKaminoReserve,
  obligationCollateral,
  withinOne,
} from "../program/kamino-bank.js";
import { depositIntoObligation } from "../program/kamino-cpi.js";
import { transferFromSigner } from "../program/token-transfers.js";
import {
  accountEventHeader,
  checkNotPaused,
  checkUserAuthorization,
  requireNotDisabled,
  requireOperational,
  touchAccount,
  userBankDeclarations,
  validateAssetTags,
} from "../program/user-accounts.js";
import { hasAccountFlag } from "../state/account-flags.js";
import * as fx from "../math/i80f48.js";
import { liquidityToCollateral } from "../state/kamino.js";
import { BankLayout } from "../state/bank.js";
import { AccountFlags } from "../state/flags.js";

/** The market accounts are checked by the handler, against the bank, before the user's constraints. */
const KaminoDepositAccounts = declareAccounts({
  ...userBankDeclarations(),
  signerTokenAccount: unchecked({ mut: "load" }),
  ...KAMINO_BANK_SIDE_ACCOUNTS,
  lendingMarket: unchecked(),
  lendingMarketAuthority: unchecked(),
  kaminoReserve: unchecked({ mut: "handler" }),
  mint: unchecked(),
  reserveLiquiditySupply: unchecked({ mut: "handler" }),
  reserveCollateralMint: unchecked({ mut: "handler" }),
  reserveDestinationDepositCollateral: unchecked({ mut: "handler" }),
  ...KAMINO_FARM_ACCOUNTS,
  ...KAMINO_PROGRAM_ACCOUNTS,
  instructionSysvarAccount: unchecked(),
});

/**
 * The authority deposits `amount` of the bank's token (reference §7.5): it passes through the bank's liquidity
 * vault into the bank's market obligation, and the collateral tokens the market mints for it become the account's
 * asset shares. The reserve and obligation must have been refreshed in this transaction's slot.
 */
export const kaminoDeposit: InstructionHandler = {
  name: "kamino_deposit",
  units: 30_000,
  accounts: KaminoDepositAccounts,
  run(ctx, accounts, args) {
    const { amount } = decodeArgs(args, LENDING_INSTRUCTIONS.kamino_deposit.args);
    const { accounts: a } = KaminoDepositAccounts.load(ctx);
    const { group, marginfiAccount, authority: signer, bank, signerTokenAccount: source } = a;
    const k = kaminoBankAccounts(accounts, bank, kaminoDepositMarketAccounts(a));
    const now = ctx.clock.unixTimestamp;
    checkNotPaused(group, now);
    checkUserAuthorization(marginfiAccount, group, signer, false);
    const bankData = bank.data;
    if (BankLayout.fields.group.get(bankData) !== group.key) fail("InvalidGroup", "bank");
    const account = marginfiAccount.data;
    requireOperational(bankData);
    validateAssetTags(bankData, account);
    requireNotDisabled(account);
    if (hasAccountFlag(account, AccountFlags.ACCOUNT_IN_RECEIVERSHIP)) fail("AccountDisabled");
    checkIntegrationPositionLimit(account, bank.key);

    const reserve = loadKaminoReserve(k.reserve);
    const before = obligationCollateral(k.obligation, k.reserve.key);
    const expected = liquidityToCollateral(reserve, amount);
    transferFromSigner(ctx, k.liquidityTokenProgram, source, k.liquidityVault, signer, amount);
    depositIntoObligation(ctx, k.side, k.market, amount);
    const minted = obligationCollateral(k.obligation, k.reserve.key) - before;
    if (!withinOne(minted, expected)) {
      ctx.log(`Left: ${minted}, Right: ${expected}`);
      fail("KaminoDepositFailed");
    }

    const index = findOrCreateBalance(account, bank.key, bankData, now);
    const balance = new BankBalance(account, index, bankData);
    balance.claimEmissions(now);
    balance.increase(fx.fromInt(minted), "depositOnly");
    touchAccount(account, now);
    emitEvent(ctx, "LendingAccountDepositEvent", {
      header: accountEventHeader(a),
      bank: bank.key,
      mint: BankLayout.fields.mint.get(bankData),
      amount,
    });
    sortBalances(account);
  },
};
