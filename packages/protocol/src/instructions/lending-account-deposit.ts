import type { BankData } from "../state/views.js";
import { accrueAndReport, updateBankRateCache } from "../program/bank-interest.js";
import { BankBalance, findOrCreateBalance, sortBalances } from "../program/balances.js";
import { declareAccounts, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { tokenProgram } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { transferFromSigner } from "../program/token-transfers.js";
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
import { assetAmount } from "../math/accrual.js";
import * as fx from "../math/i80f48.js";
import { BankLayout } from "../state/bank.js";
import { AccountFlags, BankFlags } from "../state/flags.js";
import { U64_MAX } from "@ballast/ledger";

const bank = BankLayout.fields;

/** deposit_up_to_limit: how much more the bank takes, floor(limit − current − 1), or everything without a limit. */
export function remainingDepositCapacity(bankData: BankData): bigint {
  const limit = bank.config.fields.depositLimit.get(bankData);
  if (limit === U64_MAX) return U64_MAX;
  const current = assetAmount(bank.totalAssetShares.get(bankData), bank.assetShareValue.get(bankData));
  const limitFixed = fx.fromInt(limit);
  if (fx.cmp(current, limitFixed) >= 0) return 0n;
  return fx.toIntFloor(fx.sub(fx.sub(limitFixed, current), fx.ONE));
}

const DepositAccounts = declareAccounts(
  {
    ...userBankDeclarations(),
    signerTokenAccount: unchecked({ mut: "constraint" }),
    liquidityVault: unchecked({ mut: "constraint" }),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => ({
    group: () => checkNotPaused(a.group, ctx.clock.unixTimestamp),
    marginfiAccount: () => checkUserAuthorization(a.marginfiAccount, a.group, a.authority, false),
    bank: () => {
      checkStandardBank(a.bank, a.group, a.liquidityVault);
      if (hasBankFlag(a.bank.data, BankFlags.TOKENLESS_REPAYMENTS_ALLOWED)) fail("BankReduceOnly", "bank");
    },
  }),
);

/** The authority moves tokens from its token account into the bank's liquidity vault and gains asset shares. */
export const lendingAccountDeposit: InstructionHandler = {
  name: "lending_account_deposit",
  units: 25_000,
  accounts: DepositAccounts,
  run(ctx, _checks, args) {
    const { amount, depositUpToLimit } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_account_deposit.args);
    const upToLimit = depositUpToLimit ?? false;
    const { accounts: a } = DepositAccounts.load(ctx);
    const now = ctx.clock.unixTimestamp;
    const account = a.marginfiAccount.data;
    const bankData = a.bank.data;
    validateAssetTags(bankData, account);
    requireOperational(bankData);
    requireNotDisabled(account);
    if (hasAccountFlag(account, AccountFlags.ACCOUNT_IN_RECEIVERSHIP)) fail("AccountDisabled");
    const effective = upToLimit ? min(amount, remainingDepositCapacity(bankData)) : amount;
    if (effective === 0n) return;

    accrueAndReport(ctx, a.bank, a.group);
    const index = findOrCreateBalance(account, a.bank.key, bankData, now);
    const balance = new BankBalance(account, index, bankData);
    balance.claimEmissions(now);
    balance.increase(fx.fromInt(effective), "depositOnly");
    touchAccount(account, now);
    transferFromSigner(ctx, a.tokenProgram, a.signerTokenAccount, a.liquidityVault, a.authority, effective);
    updateBankRateCache(bankData, a.group.data, now);
    emitEvent(ctx, "LendingAccountDepositEvent", {
      header: accountEventHeader(a),
      bank: a.bank.key,
      mint: bank.mint.get(bankData),
      amount: effective,
    });
    sortBalances(account);
  },
};

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}
