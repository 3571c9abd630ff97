import * as fx from "../math/i80f48.js";
import { originationFee } from "../math/settlement.js";
import { accrueAndReport, updateBankRateCache } from "../program/bank-interest.js";
import { BankBalance, checkUtilizationRatio, findOrCreateBalance, sortBalances } from "../program/balances.js";
import { bankVaultSeeds, checkTokenProgram } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { transferFromVault } from "../program/token-transfers.js";
import {
  accountEventHeader,
  checkNotPaused,
  checkStandardBank,
  checkUserAuthorization,
  hasAccountFlag,
  hasBankFlag,
  requireNotDisabled,
  requireOperational,
  touchAccount,
  userBankAccounts,
  validateAssetTags,
} from "../program/user-accounts.js";
import { checkHealthAfterAction } from "../risk/health-cache.js";
import { BankLayout } from "../state/bank.js";
import { AccountFlags, BankFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";

const bank = BankLayout.fields;

/**
 * The authority borrows from the bank's liquidity vault: the liability grows by the amount plus the origination
 * fee, and the account must pass its Initial requirement (and the isolated-tier rule) afterwards. The risk
 * accounts must include this bank even when the balance is new.
 */
export const lendingAccountBorrow: InstructionHandler = {
  name: "lending_account_borrow",
  units: 20_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const user = userBankAccounts(accounts);
    const { group, marginfiAccount, signer, bank: bankAccount } = user;
    const destination = accounts.at(4);
    const vaultAuthority = accounts.at(5);
    const liquidityVault = accounts.at(6);
    const tokenProgram = checkTokenProgram(accounts.at(7), "token_program");
    const now = ctx.clock.unixTimestamp;
    checkNotPaused(group, now);
    checkUserAuthorization(marginfiAccount, group, signer, false);
    checkStandardBank(bankAccount, group, liquidityVault);
    const bankData = bankAccount.account.data;
    if (hasBankFlag(bankData, BankFlags.TOKENLESS_REPAYMENTS_ALLOWED)) fail("ForbiddenIx", "bank");
    accounts.writable(destination, "destination_token_account");
    accounts.pda(vaultAuthority, "bank_liquidity_vault_authority", bankVaultSeeds("liquidityVaultAuthority", bankAccount.key));
    accounts.writable(liquidityVault, "liquidity_vault");

    const account = marginfiAccount.account.data;
    const groupData = group.account.data;
    requireNotDisabled(account);
    if (hasAccountFlag(account, AccountFlags.ACCOUNT_IN_RECEIVERSHIP)) fail("AccountDisabled");
    accrueAndReport(ctx, bankAccount, group);
    validateAssetTags(bankData, account);
    requireOperational(bankData);
    const index = findOrCreateBalance(account, bankAccount.key, bankData, now);
    const balance = new BankBalance(account, index, bankData);
    const rate = bank.config.fields.interestRateConfig.fields.protocolOriginationFee.get(bankData);
    const programFeeRate = MarginfiGroupLayout.fields.feeStateCache.fields.programFeeRate.get(groupData);
    const fee = rate === fx.ZERO ? null : originationFee(amount, rate, programFeeRate);
    balance.claimEmissions(now);
    balance.decrease(fee ? fx.add(fx.fromInt(amount), fee.fee) : fx.fromInt(amount), "borrowOnly");
    checkUtilizationRatio(bankData);
    touchAccount(account, now);
    transferFromVault(ctx, tokenProgram, liquidityVault, destination, bankAccount, "liquidityVaultAuthority", amount);
    if (fee) {
      bank.collectedProgramFeesOutstanding.set(bankData, fx.add(bank.collectedProgramFeesOutstanding.get(bankData), fee.programPart));
      bank.collectedGroupFeesOutstanding.set(bankData, fx.add(bank.collectedGroupFeesOutstanding.get(bankData), fee.groupPart));
    }
    updateBankRateCache(bankData, groupData, now);
    emitEvent(ctx, "LendingAccountBorrowEvent", {
      header: accountEventHeader(user),
      bank: bankAccount.key,
      mint: bank.mint.get(bankData),
      amount: amount + (fee?.eventAmount ?? 0n),
    });
    sortBalances(account);

    checkHealthAfterAction(ctx, account, ctx.accounts.slice(8), bankAccount);
  },
};
