import { declareAccounts, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { decodeTokenAccount } from "@ballast/ledger";
import * as fx from "../math/i80f48.js";
import { calcValue } from "../math/value.js";
import { existingBalance, sortBalances } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import {
  KAMINO_BANK_SIDE_ACCOUNTS,
  KAMINO_FARM_ACCOUNTS,
  KAMINO_PROGRAM_ACCOUNTS,
  kaminoBankAccounts,
  loadKaminoReserve,
  obligationCollateral,
  withinOne,
} from "../program/kamino-bank.js";
import { withdrawFromObligation } from "../program/kamino-cpi.js";
import { checkAfterWithdrawal, receivershipWithdrawPrice, recordDeleverageWithdrawal } from "../program/receivership.js";
import { transferFromVault } from "../program/token-transfers.js";
import {
  accountEventHeader,
  checkNotPaused,
  checkUserAuthorization,
  requireNotDisabled,
  requireNotPausedOrKilled,
  touchAccount,
  userBankDeclarations,
} from "../program/user-accounts.js";
import { hasAccountFlag } from "../state/account-flags.js";
import { BankLayout } from "../state/bank.js";
import { AccountFlags } from "../state/flags.js";
import { collateralToLiquidity } from "../state/kamino.js";

/** The market accounts are checked by the handler, against the bank, before the user's constraints. Risk accounts follow. */
const KaminoWithdrawAccounts = declareAccounts({
  ...userBankDeclarations({ groupWritable: true }),
  destinationTokenAccount: unchecked({ mut: "load" }),
  ...KAMINO_BANK_SIDE_ACCOUNTS,
  lendingMarket: unchecked(),
  lendingMarketAuthority: unchecked(),
  kaminoReserve: unchecked({ mut: "handler" }),
  reserveLiquidityMint: unchecked(),
  reserveLiquiditySupply: unchecked({ mut: "handler" }),
  reserveCollateralMint: unchecked({ mut: "handler" }),
  reserveSourceCollateral: unchecked({ mut: "handler" }),
  ...KAMINO_FARM_ACCOUNTS,
  ...KAMINO_PROGRAM_ACCOUNTS,
  instructionSysvarAccount: unchecked(),
});

/**
 * The authority takes `amount` collateral tokens out of its Kamino position (or all of it with withdraw_all):
 * the market redeems them from the bank's obligation into the bank's liquidity vault, and the liquidity goes on to
 * the destination. The reserve must have been refreshed in this slot (6206); the account must stay healthy.
 */
export const kaminoWithdraw: InstructionHandler = {
  name: "kamino_withdraw",
  units: 30_000,
  accounts: KaminoWithdrawAccounts,
  run(ctx, accounts, args) {
    const { amount, withdrawAll: all } = decodeArgs(args, LENDING_INSTRUCTIONS.kamino_withdraw.args);
    const withdrawAll = all ?? false;
    const { accounts: a, remaining } = KaminoWithdrawAccounts.load(ctx);
    const { group, marginfiAccount, authority: signer, bank, destinationTokenAccount: destination } = a;
    const k = kaminoBankAccounts(accounts, bank, {
      vaultAuthority: a.liquidityVaultAuthority,
      liquidityVault: a.liquidityVault,
      obligation: a.kaminoObligation,
      lendingMarket: a.lendingMarket,
      lendingMarketAuthority: a.lendingMarketAuthority,
      reserve: a.kaminoReserve,
      liquidityMint: a.reserveLiquidityMint,
      liquiditySupply: a.reserveLiquiditySupply,
      collateralMint: a.reserveCollateralMint,
      collateralVault: a.reserveSourceCollateral,
      obligationFarmUserState: a.obligationFarmUserState,
      reserveFarmState: a.reserveFarmState,
      kaminoProgram: a.kaminoProgram,
      farmsProgram: a.farmsProgram,
      collateralTokenProgram: a.collateralTokenProgram,
      liquidityTokenProgram: a.liquidityTokenProgram,
    });
    const now = ctx.clock.unixTimestamp;
    checkNotPaused(group, now);
    checkUserAuthorization(marginfiAccount, group, signer, true);
    const bankData = bank.data;
    if (BankLayout.fields.group.get(bankData) !== group.key) fail("InvalidGroup", "bank");
    const account = marginfiAccount.data;
    const inReceivership = hasAccountFlag(account, AccountFlags.ACCOUNT_IN_RECEIVERSHIP);
    if (inReceivership && BankLayout.fields.config.fields.assetWeightInit.get(bankData) === fx.ZERO)
      fail("LiquidationPremiumTooHigh", "bank");
    requireNotDisabled(account);
    requireNotPausedOrKilled(bankData);
    const reserve = loadKaminoReserve(k.reserve);
    if (reserve.lastUpdateSlot < ctx.clock.slot) fail("ReserveStale");
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
      recordDeleverageWithdrawal(group.data, value, now);
    }
    touchAccount(account, now);
    transferFromVault(ctx, k.liquidityTokenProgram, k.liquidityVault, destination, bank, "liquidityVaultAuthority", received);
    emitEvent(ctx, "LendingAccountWithdrawEvent", {
      header: accountEventHeader(a),
      bank: bank.key,
      mint: BankLayout.fields.mint.get(bankData),
      amount: received,
      closeBalance: withdrawAll,
    });
    sortBalances(account);

    checkAfterWithdrawal(ctx, account, remaining, bank, receivership);
  },
};
