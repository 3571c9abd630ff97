import { checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { bankAccount, groupAccount, marginfiAccount, tokenAccount, tokenProgram } from "../program/account-kinds.js";
import type { BankData } from "../state/views.js";
import * as fx from "../math/i80f48.js";
import type { I80F48 } from "../math/i80f48.js";
import { toF64 } from "../math/value.js";
import { accrueAndReport, updateBankPriceCache, updateBankRateCache } from "../program/bank-interest.js";
import { BankBalance, ZERO_AMOUNT_THRESHOLD, findBalance, isPositiveWithTolerance } from "../program/balances.js";
import { bankVaultSeeds } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { emitEvent } from "../program/events.js";
import { transferFromVault } from "../program/token-transfers.js";
import { checkNotPaused, checkStandardBank, hasBankFlag, requireNotPausedOrKilled, touchAccount } from "../program/user-accounts.js";
import { hasAccountFlag, setAccountFlag } from "../state/account-flags.js";
import { freshHealthCache, writeHealthCache } from "../risk/health-cache.js";
import { PriceType } from "../risk/price-feed.js";
import { RiskEngine } from "../risk/risk-engine.js";
import { BankLayout } from "../state/bank.js";
import { BankOperationalState } from "../state/enums.js";
import { AccountFlags, BankFlags, HealthCacheFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

const bank = BankLayout.fields;

const HandleBankruptcyAccounts = declareAccounts(
  {
    group: groupAccount(),
    signer: signer(),
    bank: bankAccount({ mut: "load" }),
    marginfiAccount: marginfiAccount({ mut: "load" }),
    liquidityVault: unchecked({ mut: "constraint" }),
    insuranceVault: tokenAccount({ mut: "constraint" }),
    insuranceVaultAuthority: unchecked(),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => ({
    group: () => checkNotPaused(a.group, ctx.clock.unixTimestamp),
    bank: () => checkStandardBank(a.bank, a.group, null),
    marginfiAccount: () => {
      const account = a.marginfiAccount.data;
      if (MarginfiAccountLayout.fields.group.get(account) !== a.group.key) fail("InvalidGroup", "marginfi_account");
      if (hasAccountFlag(account, AccountFlags.ACCOUNT_IN_RECEIVERSHIP)) fail("UnexpectedLiquidationState", "marginfi_account");
      if (hasAccountFlag(account, AccountFlags.ACCOUNT_IN_FLASHLOAN)) fail("AccountInFlashloan", "marginfi_account");
    },
    liquidityVault: () => checkSeeds(ctx, a.liquidityVault, bankVaultSeeds("liquidityVault", a.bank.key)),
    insuranceVault: () => checkSeeds(ctx, a.insuranceVault, bankVaultSeeds("insuranceVault", a.bank.key)),
    insuranceVaultAuthority: () => checkSeeds(ctx, a.insuranceVaultAuthority, bankVaultSeeds("insuranceVaultAuthority", a.bank.key)),
  }),
);

/**
 * Settles the bad debt of a bankrupt account in one bank (reference §14): the insurance vault pays what it can,
 * the rest is socialized by lowering the bank's asset share value (which kills the bank when nothing is left),
 * the debt is written off and the account is disabled for good. Without the bank's permissionless flag only the
 * group's admin or risk admin may call it. Remaining accounts: the account's risk accounts.
 */
export const lendingPoolHandleBankruptcy: InstructionHandler = {
  name: "lending_pool_handle_bankruptcy",
  units: 25_000,
  accounts: HandleBankruptcyAccounts,
  run(ctx) {
    const { accounts: a, remaining } = HandleBankruptcyAccounts.load(ctx);
    const { group, signer, bank: bankAccount, marginfiAccount, liquidityVault, insuranceVault, tokenProgram } = a;
    const insurance = insuranceVault.token;
    const now = ctx.clock.unixTimestamp;
    const account = marginfiAccount.data;
    const bankData = bankAccount.data;
    const groupData = group.data;
    requireNotPausedOrKilled(bankData);
    if (!hasBankFlag(bankData, BankFlags.PERMISSIONLESS_BAD_DEBT_SETTLEMENT_FLAG)) {
      const g = MarginfiGroupLayout.fields;
      if (signer.key !== g.riskAdmin.get(groupData) && signer.key !== g.admin.get(groupData)) fail("Unauthorized");
    }

    const engine = RiskEngine.load(ctx, account, remaining);
    const cache = freshHealthCache(now);
    engine.checkBankrupt(cache);
    cache.flags |= HealthCacheFlags.ENGINE_OK;
    writeHealthCache(account, cache);

    accrueAndReport(ctx, bankAccount, group);
    const index = findBalance(account, bankAccount.key);
    if (index === null) return fail("LendingAccountBalanceNotFound");
    const balance = new BankBalance(account, index, bankData);
    const badDebt = balance.liabilityAmount();
    if (!isPositiveWithTolerance(badDebt, ZERO_AMOUNT_THRESHOLD)) fail("BalanceNotBadDebt");

    const available = fx.fromInt(insurance.amount);
    const covered = fx.cmp(badDebt, available) < 0 ? badDebt : available;
    const socialized = fx.cmp(badDebt, covered) > 0 ? fx.sub(badDebt, covered) : fx.ZERO;
    transferFromVault(ctx, tokenProgram, insuranceVault, liquidityVault, bankAccount, "insuranceVaultAuthority", fx.toIntCeil(covered));
    const killed = socializeLoss(bankData, socialized);
    balance.claimEmissions(now);
    balance.increase(badDebt, "repayOnly");
    updateBankRateCache(bankData, groupData, now);
    const feed = engine.priceFeedFor(bankAccount.key);
    if (feed) {
      const { price, confidence } = feed.priceAndConfidence(PriceType.RealTime);
      updateBankPriceCache(bankData, price, confidence, now);
    }
    // A bankrupt account is never used again, nor can it be closed.
    setAccountFlag(account, AccountFlags.ACCOUNT_DISABLED, true);
    touchAccount(account, now);
    if (killed) bank.config.fields.operationalState.set(bankData, BankOperationalState.KilledByBankruptcy);

    emitEvent(ctx, "LendingPoolBankHandleBankruptcyEvent", {
      header: {
        signer: signer.key,
        marginfiAccount: marginfiAccount.key,
        marginfiAccountAuthority: MarginfiAccountLayout.fields.authority.get(account),
        marginfiGroup: group.key,
      },
      bank: bankAccount.key,
      mint: bank.mint.get(bankData),
      badDebt: toF64(badDebt),
      coveredAmount: toF64(covered),
      socializedAmount: toF64(socialized),
    });
  },
};

/**
 * Spreads `loss` over the bank's depositors by lowering the asset share value (shares never change). Returns
 * whether the deposits are wiped out, which kills the bank.
 */
function socializeLoss(bankData: BankData, loss: I80F48): boolean {
  const shares = bank.totalAssetShares.get(bankData);
  const total = fx.mul(shares, bank.assetShareValue.get(bankData));
  if (fx.cmp(total, loss) <= 0) {
    bank.assetShareValue.set(bankData, fx.ZERO);
    return true;
  }
  const value = fx.div(fx.sub(total, loss), shares);
  bank.assetShareValue.set(bankData, value);
  return value === fx.ZERO;
}
