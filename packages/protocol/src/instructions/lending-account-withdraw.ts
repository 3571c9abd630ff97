import { decodeTokenAccount } from "@ballast/ledger";
import * as fx from "../math/i80f48.js";
import { accrueAndReport, updateBankRateCache } from "../program/bank-interest.js";
import { checkAfterWithdrawal, receivershipWithdrawPrice, recordDeleverageWithdrawal } from "../program/receivership.js";
import { calcValue } from "../math/value.js";
import { checkUtilizationRatio, existingBalance, sortBalances } from "../program/balances.js";
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
  requireNotPausedOrKilled,
  touchAccount,
  userBankAccounts,
} from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { AccountFlags, BankFlags } from "../state/flags.js";

/**
 * The authority takes tokens out of its deposit (or all of it with withdraw_all, closing the balance); the
 * account must still pass its Initial requirement afterwards. Risk accounts follow the fixed accounts.
 */
export const lendingAccountWithdraw: InstructionHandler = {
  name: "lending_account_withdraw",
  units: 18_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const withdrawAll = args.option(() => args.bool()) ?? false;
    const user = userBankAccounts(accounts, { groupWritable: true });
    const { group, marginfiAccount, signer, bank: bankAccount } = user;
    const destination = accounts.at(4);
    const vaultAuthority = accounts.at(5);
    const liquidityVault = accounts.at(6);
    const tokenProgram = checkTokenProgram(accounts.at(7), "token_program");
    const now = ctx.clock.unixTimestamp;
    checkNotPaused(group, now);
    checkUserAuthorization(marginfiAccount, group, signer, true);
    checkStandardBank(bankAccount, group, liquidityVault);
    accounts.writable(destination, "destination_token_account");
    accounts.pda(vaultAuthority, "bank_liquidity_vault_authority", bankVaultSeeds("liquidityVaultAuthority", bankAccount.key));
    const account = marginfiAccount.account.data;
    const bankData = bankAccount.account.data;
    const inReceivership = hasAccountFlag(account, AccountFlags.ACCOUNT_IN_RECEIVERSHIP);
    // A receiver may not take collateral the Initial requirement values at nothing.
    if (inReceivership && BankLayout.fields.config.fields.assetWeightInit.get(bankData) === fx.ZERO)
      fail("LiquidationPremiumTooHigh", "bank");
    accounts.writable(liquidityVault, "liquidity_vault");

    requireNotDisabled(account);
    requireNotPausedOrKilled(bankData);
    const remaining = ctx.accounts.slice(8);
    const receivership = inReceivership ? receivershipWithdrawPrice(remaining, bankAccount, ctx.clock) : null;
    accrueAndReport(ctx, bankAccount, group);
    const balance = existingBalance(account, bankAccount.key, bankData);
    let transfer: bigint;
    if (withdrawAll) {
      transfer = balance.withdrawAll(now);
    } else {
      balance.claimEmissions(now);
      balance.decrease(fx.fromInt(amount), "withdrawOnly");
      transfer = amount;
    }
    checkUtilizationRatio(bankData);
    // After a sunset the vault pays out what it still holds, first come, first served.
    if (hasBankFlag(bankData, BankFlags.TOKENLESS_REPAYMENTS_COMPLETE)) {
      const held = decodeTokenAccount(liquidityVault.account.data).amount;
      if (held < transfer) transfer = held;
    }
    if (receivership && hasAccountFlag(account, AccountFlags.ACCOUNT_IN_DELEVERAGE)) {
      const value = calcValue(fx.fromInt(transfer), receivership.price, BankLayout.fields.mintDecimals.get(bankData));
      recordDeleverageWithdrawal(group.account.data, value, now);
    }
    touchAccount(account, now);
    transferFromVault(ctx, tokenProgram, liquidityVault, destination, bankAccount, "liquidityVaultAuthority", transfer);
    updateBankRateCache(bankData, group.account.data, now);
    emitEvent(ctx, "LendingAccountWithdrawEvent", {
      header: accountEventHeader(user),
      bank: bankAccount.key,
      mint: BankLayout.fields.mint.get(bankData),
      amount: transfer,
      closeBalance: withdrawAll,
    });
    sortBalances(account);

    checkAfterWithdrawal(ctx, account, remaining, bankAccount, receivership);
  },
};
