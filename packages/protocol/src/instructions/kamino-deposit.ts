import { BankBalance, findOrCreateBalance, sortBalances } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import {
  checkIntegrationPositionLimit,
  kaminoBankAccounts,
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
  hasAccountFlag,
  requireNotDisabled,
  requireOperational,
  touchAccount,
  userBankAccounts,
  validateAssetTags,
} from "../program/user-accounts.js";
import * as fx from "../math/i80f48.js";
import { liquidityToCollateral } from "../state/kamino.js";
import { BankLayout } from "../state/bank.js";
import { AccountFlags } from "../state/flags.js";

/** Where kamino_deposit keeps its market accounts (after group, account, authority, bank, signer token account). */
export const KAMINO_DEPOSIT_POSITIONS = {
  vaultAuthority: 5,
  liquidityVault: 6,
  obligation: 7,
  lendingMarket: 8,
  kaminoProgram: 17,
  tokenPrograms: 19,
} as const;

/**
 * The authority deposits `amount` of the bank's token (reference §7.5): it passes through the bank's liquidity
 * vault into the bank's market obligation, and the collateral tokens the market mints for it become the account's
 * asset shares. The reserve and obligation must have been refreshed in this transaction's slot.
 */
export const kaminoDeposit: InstructionHandler = {
  name: "kamino_deposit",
  units: 30_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const user = userBankAccounts(accounts);
    const { group, marginfiAccount, signer, bank } = user;
    const source = accounts.writable(accounts.at(4), "signer_token_account");
    const k = kaminoBankAccounts(accounts, bank, KAMINO_DEPOSIT_POSITIONS);
    const now = ctx.clock.unixTimestamp;
    checkNotPaused(group, now);
    checkUserAuthorization(marginfiAccount, group, signer, false);
    const bankData = bank.account.data;
    if (BankLayout.fields.group.get(bankData) !== group.key) fail("InvalidGroup", "bank");
    const account = marginfiAccount.account.data;
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
      header: accountEventHeader({ ...user, authority: user.signer }),
      bank: bank.key,
      mint: BankLayout.fields.mint.get(bankData),
      amount,
    });
    sortBalances(account);
  },
};
