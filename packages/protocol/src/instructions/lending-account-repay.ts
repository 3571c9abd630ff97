import * as fx from "../math/i80f48.js";
import { accrueAndReport, updateBankRateCache } from "../program/bank-interest.js";
import { existingBalance, sortBalances } from "../program/balances.js";
import { declareAccounts, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { tokenProgram } from "../program/account-kinds.js";
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
  userBankDeclarations,
} from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { BankFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";

const bank = BankLayout.fields;
/** Below this many liability shares a sunset bank's tokenless repayments are complete. */
const TOKENLESS_COMPLETE_THRESHOLD = fx.fromDecimal("0.001");

const RepayAccounts = declareAccounts(
  {
    ...userBankDeclarations(),
    signerTokenAccount: unchecked({ mut: "constraint" }),
    liquidityVault: unchecked({ mut: "constraint" }),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => ({
    group: () => checkNotPaused(a.group, ctx.clock.unixTimestamp),
    marginfiAccount: () => checkUserAuthorization(a.marginfiAccount, a.group, a.authority, true),
    bank: () => checkStandardBank(a.bank, a.group, a.liquidityVault),
  }),
);

/** The signer pays tokens into the bank's liquidity vault against the account's liability (or all of it). */
export const lendingAccountRepay: InstructionHandler = {
  name: "lending_account_repay",
  units: 25_000,
  accounts: RepayAccounts,
  run(ctx, _checks, args) {
    const { amount, repayAll: all } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_account_repay.args);
    const repayAll = all ?? false;
    const { accounts: a } = RepayAccounts.load(ctx);
    const now = ctx.clock.unixTimestamp;
    const account = a.marginfiAccount.data;
    const bankData = a.bank.data;
    requireNotDisabled(account);
    requireNotPausedOrKilled(bankData);
    accrueAndReport(ctx, a.bank, a.group);
    const balance = existingBalance(account, a.bank.key, bankData);
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
    const riskAdminWriteOff = tokenless && repayAll && a.authority.key === MarginfiGroupLayout.fields.riskAdmin.get(a.group.data);
    if (!riskAdminWriteOff) transferFromSigner(ctx, a.tokenProgram, a.signerTokenAccount, a.liquidityVault, a.authority, charge);
    if (tokenless && fx.cmp(fx.abs(bank.totalLiabilityShares.get(bankData)), TOKENLESS_COMPLETE_THRESHOLD) < 0) {
      bank.flags.set(bankData, bank.flags.get(bankData) | BankFlags.TOKENLESS_REPAYMENTS_COMPLETE);
    }
    updateBankRateCache(bankData, a.group.data, now);
    emitEvent(ctx, "LendingAccountRepayEvent", {
      header: accountEventHeader(a),
      bank: a.bank.key,
      mint: bank.mint.get(bankData),
      amount: charge,
      closeBalance: repayAll,
    });
    sortBalances(account);
  },
};
