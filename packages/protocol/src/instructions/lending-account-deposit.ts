import { accrueAndReport, updateBankRateCache } from "../program/bank-interest.js";
import { BankBalance, findOrCreateBalance, sortBalances } from "../program/balances.js";
import { checkTokenProgram } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { transferFromSigner } from "../program/token-transfers.js";
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
import { assetAmount } from "../math/accrual.js";
import * as fx from "../math/i80f48.js";
import { BankLayout } from "../state/bank.js";
import { AccountFlags, BankFlags } from "../state/flags.js";
import { U64_MAX } from "@ballast/ledger";

const bank = BankLayout.fields;

/** deposit_up_to_limit: how much more the bank takes, floor(limit − current − 1), or everything without a limit. */
export function remainingDepositCapacity(bankData: Buffer): bigint {
  const limit = bank.config.fields.depositLimit.get(bankData);
  if (limit === U64_MAX) return U64_MAX;
  const current = assetAmount(bank.totalAssetShares.get(bankData), bank.assetShareValue.get(bankData));
  const limitFixed = fx.fromInt(limit);
  if (fx.cmp(current, limitFixed) >= 0) return 0n;
  return fx.toIntFloor(fx.sub(fx.sub(limitFixed, current), fx.ONE));
}

/** The authority moves tokens from its token account into the bank's liquidity vault and gains asset shares. */
export const lendingAccountDeposit: InstructionHandler = {
  name: "lending_account_deposit",
  units: 25_000,
  run(ctx, accounts, args) {
    const amount = args.u64();
    const upToLimit = args.option(() => args.bool()) ?? false;
    const user = userBankAccounts(accounts);
    const { group, marginfiAccount, signer, bank: bankAccount } = user;
    const source = accounts.at(4);
    const liquidityVault = accounts.at(5);
    const tokenProgram = checkTokenProgram(accounts.at(6), "token_program");
    const now = ctx.clock.unixTimestamp;
    checkNotPaused(group, now);
    checkUserAuthorization(marginfiAccount, group, signer, false);
    checkStandardBank(bankAccount, group, liquidityVault);
    const bankData = bankAccount.account.data;
    if (hasBankFlag(bankData, BankFlags.TOKENLESS_REPAYMENTS_ALLOWED)) fail("BankReduceOnly", "bank");
    accounts.writable(source, "signer_token_account");
    accounts.writable(liquidityVault, "liquidity_vault");

    const account = marginfiAccount.account.data;
    validateAssetTags(bankData, account);
    requireOperational(bankData);
    requireNotDisabled(account);
    if (hasAccountFlag(account, AccountFlags.ACCOUNT_IN_RECEIVERSHIP)) fail("AccountDisabled");
    const effective = upToLimit ? min(amount, remainingDepositCapacity(bankData)) : amount;
    if (effective === 0n) return;

    accrueAndReport(ctx, bankAccount, group);
    const index = findOrCreateBalance(account, bankAccount.key, bankData, now);
    const balance = new BankBalance(account, index, bankData);
    balance.claimEmissions(now);
    balance.increase(fx.fromInt(effective), "depositOnly");
    touchAccount(account, now);
    transferFromSigner(ctx, tokenProgram, source, liquidityVault, signer, effective);
    updateBankRateCache(bankData, group.account.data, now);
    emitEvent(ctx, "LendingAccountDepositEvent", {
      header: accountEventHeader(user),
      bank: bankAccount.key,
      mint: bank.mint.get(bankData),
      amount: effective,
    });
    sortBalances(account);
  },
};

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
