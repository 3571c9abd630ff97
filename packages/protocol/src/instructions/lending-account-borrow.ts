import * as fx from "../math/i80f48.js";
import { originationFee } from "../math/settlement.js";
import { accrueAndReport, updateBankRateCache } from "../program/bank-interest.js";
import { BankBalance, checkUtilizationRatio, findOrCreateBalance, sortBalances } from "../program/balances.js";
import { checkSeeds, declareAccounts, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { tokenProgram } from "../program/account-kinds.js";
import { bankVaultSeeds } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { transferFromVault } from "../program/token-transfers.js";
import {
  accountEventHeader,
  checkNotPaused,
  checkStandardBank,
  checkUserAuthorization,
  hasBankFlag,
  requireNotDisabled,
  requireOperational,
  touchAccount,
  userBankDeclarations,
  validateAssetTags,
} from "../program/user-accounts.js";
import { hasAccountFlag } from "../state/account-flags.js";
import { checkHealthAfterAction } from "../risk/health-cache.js";
import { BankLayout } from "../state/bank.js";
import { AccountFlags, BankFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";

const bank = BankLayout.fields;

const BorrowAccounts = declareAccounts(
  {
    ...userBankDeclarations(),
    destinationTokenAccount: unchecked({ mut: "constraint" }),
    bankLiquidityVaultAuthority: unchecked(),
    liquidityVault: unchecked({ mut: "constraint" }),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => ({
    group: () => checkNotPaused(a.group, ctx.clock.unixTimestamp),
    marginfiAccount: () => checkUserAuthorization(a.marginfiAccount, a.group, a.authority, false),
    bank: () => {
      checkStandardBank(a.bank, a.group, a.liquidityVault);
      if (hasBankFlag(a.bank.data, BankFlags.TOKENLESS_REPAYMENTS_ALLOWED)) fail("ForbiddenIx", "bank");
    },
    bankLiquidityVaultAuthority: () =>
      checkSeeds(ctx, a.bankLiquidityVaultAuthority, bankVaultSeeds("liquidityVaultAuthority", a.bank.key)),
  }),
);

/**
 * The authority borrows from the bank's liquidity vault: the liability grows by the amount plus the origination
 * fee, and the account must pass its Initial requirement (and the isolated-tier rule) afterwards. The risk
 * accounts must include this bank even when the balance is new.
 */
export const lendingAccountBorrow: InstructionHandler = {
  name: "lending_account_borrow",
  units: 20_000,
  accounts: BorrowAccounts,
  run(ctx, _checks, args) {
    const { amount } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_account_borrow.args);
    const { accounts: a, remaining } = BorrowAccounts.load(ctx);
    const now = ctx.clock.unixTimestamp;
    const account = a.marginfiAccount.data;
    const bankData = a.bank.data;
    const groupData = a.group.data;
    requireNotDisabled(account);
    if (hasAccountFlag(account, AccountFlags.ACCOUNT_IN_RECEIVERSHIP)) fail("AccountDisabled");
    accrueAndReport(ctx, a.bank, a.group);
    validateAssetTags(bankData, account);
    requireOperational(bankData);
    const index = findOrCreateBalance(account, a.bank.key, bankData, now);
    const balance = new BankBalance(account, index, bankData);
    const rate = bank.config.fields.interestRateConfig.fields.protocolOriginationFee.get(bankData);
    const programFeeRate = MarginfiGroupLayout.fields.feeStateCache.fields.programFeeRate.get(groupData);
    const fee = rate === fx.ZERO ? null : originationFee(amount, rate, programFeeRate);
    balance.claimEmissions(now);
    balance.decrease(fee ? fx.add(fx.fromInt(amount), fee.fee) : fx.fromInt(amount), "borrowOnly");
    checkUtilizationRatio(bankData);
    touchAccount(account, now);
    transferFromVault(ctx, a.tokenProgram, a.liquidityVault, a.destinationTokenAccount, a.bank, "liquidityVaultAuthority", amount);
    if (fee) {
      bank.collectedProgramFeesOutstanding.set(bankData, fx.add(bank.collectedProgramFeesOutstanding.get(bankData), fee.programPart));
      bank.collectedGroupFeesOutstanding.set(bankData, fx.add(bank.collectedGroupFeesOutstanding.get(bankData), fee.groupPart));
    }
    updateBankRateCache(bankData, groupData, now);
    emitEvent(ctx, "LendingAccountBorrowEvent", {
      header: accountEventHeader(a),
      bank: a.bank.key,
      mint: bank.mint.get(bankData),
      amount: amount + (fee?.eventAmount ?? 0n),
    });
    sortBalances(account);

    checkHealthAfterAction(ctx, account, remaining, a.bank);
  },
};
