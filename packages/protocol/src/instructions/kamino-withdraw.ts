import { decodeTokenAccount } from "@ballast/ledger";
import * as fx from "../math/i80f48.js";
import { calcValue } from "../math/value.js";
import { existingBalance, sortBalances } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { kaminoBankAccounts, loadKaminoReserve, obligationCollateral, withinOne } from "../program/kamino-bank.js";
import { withdrawFromObligation } from "../program/kamino-cpi.js";
import { checkAfterWithdrawal, receivershipWithdrawPrice, recordDeleverageWithdrawal } from "../program/receivership.js";
import { transferFromVault } from "../program/token-transfers.js";
import {
  accountEventHeader,
  checkNotPaused,
  checkUserAuthorization,
  hasAccountFlag,
  requireNotDisabled,
  requireNotPausedOrKilled,
  touchAccount,
  userBankAccounts,
} from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { AccountFlags } from "../state/flags.js";
import { collateralToLiquidity } from "../state/kamino.js";
import { KAMINO_DEPOSIT_POSITIONS } from "./kamino-deposit.js";

/** Risk accounts follow the fixed accounts. */
const FIXED_ACCOUNTS = 22;

/**
 * The authority takes `amount` collateral tokens out of its Kamino position (or all of it with withdraw_all):
 * the market redeems them from the bank's obligation into the bank's liquidity vault, and the liquidity goes on to
 * the destination. The reserve must have been refreshed in this slot (6206); the account must stay healthy.
 */
export const kaminoWithdraw: InstructionHandler = {
  name: "kamino_withdraw",
  units: 30_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const withdrawAll = args.option(() => args.bool()) ?? false;
    const user = userBankAccounts(accounts, { groupWritable: true });
    const { group, marginfiAccount, signer, bank } = user;
    const destination = accounts.writable(accounts.at(4), "destination_token_account");
    const k = kaminoBankAccounts(accounts, bank, KAMINO_DEPOSIT_POSITIONS);
    const now = ctx.clock.unixTimestamp;
    checkNotPaused(group, now);
    checkUserAuthorization(marginfiAccount, group, signer, true);
    const bankData = bank.account.data;
    if (BankLayout.fields.group.get(bankData) !== group.key) fail("InvalidGroup", "bank");
    const account = marginfiAccount.account.data;
    const inReceivership = hasAccountFlag(account, AccountFlags.ACCOUNT_IN_RECEIVERSHIP);
    if (inReceivership && BankLayout.fields.config.fields.assetWeightInit.get(bankData) === fx.ZERO)
      fail("LiquidationPremiumTooHigh", "bank");
    requireNotDisabled(account);
    requireNotPausedOrKilled(bankData);
    const reserve = loadKaminoReserve(k.reserve);
    if (reserve.lastUpdateSlot < ctx.clock.slot) fail("ReserveStale");
    const remaining = ctx.accounts.slice(FIXED_ACCOUNTS);
    const receivership = inReceivership ? receivershipWithdrawPrice(remaining, bank, ctx.clock) : null;

    const balance = existingBalance(account, bank.key, bankData);
    let collateral: bigint;
    if (withdrawAll) {
      collateral = balance.withdrawAll(now);
    } else {
      balance.claimEmissions(now);
      balance.decrease(fx.fromInt(amount), "withdrawOnly");
      collateral = amount;
    }

    const heldBefore = obligationCollateral(k.obligation, k.reserve.key);
    const vaultBefore = decodeTokenAccount(k.liquidityVault.account.data).amount;
    const expected = collateralToLiquidity(reserve, collateral);
    withdrawFromObligation(ctx, k.side, k.market, collateral);
    const released = heldBefore - obligationCollateral(k.obligation, k.reserve.key);
    const received = decodeTokenAccount(k.liquidityVault.account.data).amount - vaultBefore;
    if (released !== collateral) {
      ctx.log(`Left: ${released}, Right: ${collateral}`);
      fail("KaminoWithdrawFailed");
    }
    if (!withinOne(received, expected)) {
      ctx.log(`Left: ${received}, Right: ${expected}`);
      fail("KaminoWithdrawFailed");
    }

    if (receivership && hasAccountFlag(account, AccountFlags.ACCOUNT_IN_DELEVERAGE)) {
      const value = calcValue(fx.fromInt(collateral), receivership.price, BankLayout.fields.mintDecimals.get(bankData));
      recordDeleverageWithdrawal(group.account.data, value, now);
    }
    touchAccount(account, now);
    transferFromVault(ctx, k.liquidityTokenProgram, k.liquidityVault, destination, bank, "liquidityVaultAuthority", received);
    emitEvent(ctx, "LendingAccountWithdrawEvent", {
      header: accountEventHeader({ ...user, authority: user.signer }),
      bank: bank.key,
      mint: BankLayout.fields.mint.get(bankData),
      amount: received,
      closeBalance: withdrawAll,
    });
    sortBalances(account);

    checkAfterWithdrawal(ctx, account, remaining, bank, receivership);
  },
};
