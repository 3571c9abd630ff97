import * as fx from "../math/i80f48.js";
import { accrueAndReport, updateBankRateCache } from "../program/bank-interest.js";
import { existingBalance, sortBalances } from "../program/balances.js";
import { checkTokenProgram } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { emitEvent } from "../program/events.js";
import { transferFromSigner } from "../program/token-transfers.js";
import {
  accountEventHeader,
  checkNotPaused,
  checkStandardBank,
  checkUserAuthorization,
  hasBankFlag,
  requireNotDisabled,
  requireNotPausedOrKilled,
  touchAccount,
  userBankAccounts,
} from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { BankFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";

const bank = BankLayout.fields;
/** Below this many liability shares a sunset bank's tokenless repayments are complete. */
const TOKENLESS_COMPLETE_THRESHOLD = fx.fromDecimal("0.001");

/** The signer pays tokens into the bank's liquidity vault against the account's liability (or all of it). */
export const lendingAccountRepay: InstructionHandler = {
  name: "lending_account_repay",
  units: 25_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const repayAll = args.option(() => args.bool()) ?? false;
    const user = userBankAccounts(accounts);
    const { group, marginfiAccount, signer, bank: bankAccount } = user;
    const source = accounts.at(4);
    const liquidityVault = accounts.at(5);
    const tokenProgram = checkTokenProgram(accounts.at(6), "token_program");
    const now = ctx.clock.unixTimestamp;
    checkNotPaused(group, now);
    checkUserAuthorization(marginfiAccount, group, signer, true);
    checkStandardBank(bankAccount, group, liquidityVault);
    accounts.writable(source, "signer_token_account");
    accounts.writable(liquidityVault, "liquidity_vault");

    const account = marginfiAccount.account.data;
    const bankData = bankAccount.account.data;
    requireNotDisabled(account);
    requireNotPausedOrKilled(bankData);
    accrueAndReport(ctx, bankAccount, group);
    const balance = existingBalance(account, bankAccount.key, bankData);
    let charge: bigint;
    if (repayAll) {
      charge = balance.repayAll(now);
    } else {
      balance.claimEmissions(now);
      balance.increase(fx.fromInt(amount), "repayOnly");
      charge = amount;
    }
    touchAccount(account, now);
    const tokenless = hasBankFlag(bankData, BankFlags.TOKENLESS_REPAYMENTS_ALLOWED);
    // In a bank sunset the risk admin books full repayments without moving tokens.
    const riskAdminWriteOff = tokenless && repayAll && signer.key === MarginfiGroupLayout.fields.riskAdmin.get(group.account.data);
    if (!riskAdminWriteOff) transferFromSigner(ctx, tokenProgram, source, liquidityVault, signer, charge);
    if (tokenless && fx.cmp(fx.abs(bank.totalLiabilityShares.get(bankData)), TOKENLESS_COMPLETE_THRESHOLD) < 0) {
      bank.flags.set(bankData, bank.flags.get(bankData) | BankFlags.TOKENLESS_REPAYMENTS_COMPLETE);
    }
    updateBankRateCache(bankData, group.account.data, now);
    emitEvent(ctx, "LendingAccountRepayEvent", {
      header: accountEventHeader(user),
      bank: bankAccount.key,
      mint: bank.mint.get(bankData),
      amount: charge,
      closeBalance: repayAll,
    });
    sortBalances(account);
  },
};
