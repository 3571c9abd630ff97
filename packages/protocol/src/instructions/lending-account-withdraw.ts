import { decodeTokenAccount } from "@ballast/ledger";
import * as fx from "../math/i80f48.js";
import { accrueAndReport, updateBankRateCache } from "../program/bank-interest.js";
import { checkAfterWithdrawal, receivershipWithdrawPrice, recordDeleverageWithdrawal } from "../program/receivership.js";
import { calcValue } from "../math/value.js";
import { checkUtilizationRatio, existingBalance, sortBalances } from "../program/balances.js";
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
  requireNotPausedOrKilled,
  touchAccount,
  userBankDeclarations,
} from "../program/user-accounts.js";
import { hasAccountFlag } from "../state/account-flags.js";
import { BankLayout } from "../state/bank.js";
import { AccountFlags, BankFlags } from "../state/flags.js";

const WithdrawAccounts = declareAccounts(
  {
    ...userBankDeclarations({ groupWritable: true }),
    destinationTokenAccount: unchecked({ mut: "constraint" }),
    bankLiquidityVaultAuthority: unchecked(),
    liquidityVault: unchecked({ mut: "constraint" }),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => ({
    group: () => checkNotPaused(a.group, ctx.clock.unixTimestamp),
    marginfiAccount: () => checkUserAuthorization(a.marginfiAccount, a.group, a.authority, true),
    bank: () => checkStandardBank(a.bank, a.group, a.liquidityVault),
    bankLiquidityVaultAuthority: () => {
      checkSeeds(ctx, a.bankLiquidityVaultAuthority, bankVaultSeeds("liquidityVaultAuthority", a.bank.key));
      // The program checks this before liquidity_vault's mut: a receiver may not take collateral the Initial
      // requirement values at nothing.
      const inReceivership = hasAccountFlag(a.marginfiAccount.data, AccountFlags.ACCOUNT_IN_RECEIVERSHIP);
      if (inReceivership && BankLayout.fields.config.fields.assetWeightInit.get(a.bank.data) === fx.ZERO) {
        fail("LiquidationPremiumTooHigh", "bank");
      }
    },
  }),
);

/**
 * The authority takes tokens out of its deposit (or all of it with withdraw_all, closing the balance); the
 * account must still pass its Initial requirement afterwards. Risk accounts follow the fixed accounts.
 */
export const lendingAccountWithdraw: InstructionHandler = {
  name: "lending_account_withdraw",
  units: 18_000,
  accounts: WithdrawAccounts,
  run(ctx, _checks, args) {
    const { amount, withdrawAll: all } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_account_withdraw.args);
    const withdrawAll = all ?? false;
    const { accounts: a, remaining } = WithdrawAccounts.load(ctx);
    const now = ctx.clock.unixTimestamp;
    const account = a.marginfiAccount.data;
    const bankData = a.bank.data;
    const inReceivership = hasAccountFlag(account, AccountFlags.ACCOUNT_IN_RECEIVERSHIP);

    requireNotDisabled(account);
    requireNotPausedOrKilled(bankData);
    const receivership = inReceivership ? receivershipWithdrawPrice(remaining, a.bank, ctx.clock) : null;
    accrueAndReport(ctx, a.bank, a.group);
    const balance = existingBalance(account, a.bank.key, bankData);
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
      const held = decodeTokenAccount(a.liquidityVault.account.data).amount;
      if (held < transfer) transfer = held;
    }
    if (receivership && hasAccountFlag(account, AccountFlags.ACCOUNT_IN_DELEVERAGE)) {
      const value = calcValue(fx.fromInt(transfer), receivership.price, BankLayout.fields.mintDecimals.get(bankData));
      recordDeleverageWithdrawal(a.group.data, value, now);
    }
    touchAccount(account, now);
    transferFromVault(ctx, a.tokenProgram, a.liquidityVault, a.destinationTokenAccount, a.bank, "liquidityVaultAuthority", transfer);
    updateBankRateCache(bankData, a.group.data, now);
    emitEvent(ctx, "LendingAccountWithdrawEvent", {
      header: accountEventHeader(a),
      bank: a.bank.key,
      mint: BankLayout.fields.mint.get(bankData),
      amount: transfer,
      closeBalance: withdrawAll,
    });
    sortBalances(account);

    checkAfterWithdrawal(ctx, account, remaining, a.bank, receivership);
  },
};
