import { type AccountView, checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { bankAccount, groupAccount, marginfiAccount, tokenProgram } from "../program/account-kinds.js";
import type { BankData, MarginfiAccountData } from "../state/views.js";
import { InstructionError, type InstructionAccount } from "@ballast/ledger";
import * as fx from "../math/i80f48.js";
import type { I80F48 } from "../math/i80f48.js";
import { calcAmount, calcValue, toF64 } from "../math/value.js";
import { accrueAndReport, updateBankPriceCache, updateBankRateCache } from "../program/bank-interest.js";
import {
  BankBalance,
  EMPTY_BALANCE_THRESHOLD,
  existingBalance,
  findBalance,
  findOrCreateBalance,
  slot,
  sortBalances,
} from "../program/balances.js";
import { bankVaultSeeds } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import type { ERRORS } from "../program/error-codes.js";
import { fail } from "../program/errors.js";
import { emitEvent, type LiquidationBalances } from "../program/events.js";
import { receivershipWithdrawPrice } from "../program/receivership.js";
import { transferFromVault } from "../program/token-transfers.js";
import { checkNotPaused, checkUserAuthorization, requireNotPausedOrKilled, validateAssetTags } from "../program/user-accounts.js";
import { hasAccountFlag } from "../state/account-flags.js";
import { freshHealthCache } from "../risk/health-cache.js";
import { loadPriceFeed, oracleAccountCount, PriceBias, PriceType } from "../risk/price-feed.js";
import { RiskEngine } from "../risk/risk-engine.js";
import { BankLayout } from "../state/bank.js";
import { AssetTag } from "../state/enums.js";
import { AccountFlags } from "../state/flags.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

const bank = BankLayout.fields;
const STANDARD_TAGS = new Set<number>([AssetTag.Default, AssetTag.Sol, AssetTag.Staked]);

/** The liquidator's premium: collateral changes hands 2.5% below its value (LIQUIDATION_LIQUIDATOR_FEE). */
const LIQUIDATION_LIQUIDATOR_FEE = fx.fromDecimal("0.025");
/** Another 2.5% of the collateral's value goes to the liability bank's insurance fund (LIQUIDATION_INSURANCE_FEE). */
const LIQUIDATION_INSURANCE_FEE = fx.fromDecimal("0.025");
const LIQUIDATOR_DISCOUNT = fx.sub(fx.ONE, LIQUIDATION_LIQUIDATOR_FEE);
const FINAL_DISCOUNT = fx.sub(fx.ONE, fx.add(LIQUIDATION_INSURANCE_FEE, LIQUIDATION_LIQUIDATOR_FEE));

const LiquidateAccounts = declareAccounts(
  {
    group: groupAccount(),
    assetBank: bankAccount({ mut: "load" }),
    liabBank: bankAccount({ mut: "load" }),
    liquidatorMarginfiAccount: marginfiAccount({ mut: "load" }),
    authority: signer(),
    liquidateeMarginfiAccount: marginfiAccount({ mut: "load" }),
    bankLiquidityVaultAuthority: unchecked(),
    bankLiquidityVault: unchecked({ mut: "constraint" }),
    bankInsuranceVault: unchecked({ mut: "constraint" }),
    tokenProgram: tokenProgram(),
  },
  (a, ctx) => ({
    group: () => checkNotPaused(a.group, ctx.clock.unixTimestamp),
    assetBank: () => {
      if (bank.group.get(a.assetBank.data) !== a.group.key) fail("InvalidGroup", "asset_bank");
    },
    liabBank: () => {
      if (bank.group.get(a.liabBank.data) !== a.group.key) fail("InvalidGroup", "liab_bank");
      // Any collateral can be seized, but the debt must sit in a standard bank.
      if (!STANDARD_TAGS.has(bank.config.fields.assetTag.get(a.liabBank.data))) fail("WrongAssetTagForStandardInstructions", "liab_bank");
    },
    liquidatorMarginfiAccount: () => {
      checkParty(a.liquidatorMarginfiAccount, a.group, "liquidator_marginfi_account");
      checkUserAuthorization(a.liquidatorMarginfiAccount, a.group, a.authority, false, "liquidator_marginfi_account");
    },
    liquidateeMarginfiAccount: () => checkParty(a.liquidateeMarginfiAccount, a.group, "liquidatee_marginfi_account"),
    bankLiquidityVaultAuthority: () =>
      checkSeeds(ctx, a.bankLiquidityVaultAuthority, bankVaultSeeds("liquidityVaultAuthority", a.liabBank.key)),
    bankLiquidityVault: () => checkSeeds(ctx, a.bankLiquidityVault, bankVaultSeeds("liquidityVault", a.liabBank.key)),
    bankInsuranceVault: () => checkSeeds(ctx, a.bankInsuranceVault, bankVaultSeeds("insuranceVault", a.liabBank.key)),
  }),
);

/**
 * Classic liquidation (reference §13.1): the liquidator takes `asset_amount` of the liquidatee's collateral at a
 * 2.5% discount and books the matching debt; the liquidatee's debt falls by 95% of the collateral's value and the
 * 2.5% difference moves from the liability bank's liquidity vault to its insurance vault. The liquidatee must be
 * liquidatable before and end healthier but not above its maintenance requirement, with some debt left.
 * Remaining accounts: asset-bank oracles, liability-bank oracles, the liquidator's risk accounts (including both
 * banks), then the liquidatee's.
 */
export const lendingAccountLiquidate: InstructionHandler = {
  name: "lending_account_liquidate",
  units: 35_000,
  accounts: LiquidateAccounts,
  run(ctx, _checks, args) {
    const { assetAmount, liquidateeAccounts, liquidatorAccounts } = decodeArgs(args, LENDING_INSTRUCTIONS.lending_account_liquidate.args);
    const { accounts: a, remaining } = LiquidateAccounts.load(ctx);
    const { group, assetBank, liabBank, authority, tokenProgram } = a;
    const liquidator = a.liquidatorMarginfiAccount;
    const liquidatee = a.liquidateeMarginfiAccount;
    const liquidityVault = a.bankLiquidityVault;
    const insuranceVault = a.bankInsuranceVault;
    const now = ctx.clock.unixTimestamp;

    if (assetAmount === 0n) fail("ZeroLiquidationAmount");
    if (assetBank.key === liabBank.key) fail("SameAssetAndLiabilityBanks");
    const assetData = assetBank.data;
    const liabData = liabBank.data;
    const liquidatorData = liquidator.data;
    const liquidateeData = liquidatee.data;
    checkBankPairTags(assetData, liabData);
    requireNotPausedOrKilled(assetData);
    requireNotPausedOrKilled(liabData);
    validateAssetTags(liabData, liquidateeData);
    validateAssetTags(liabData, liquidatorData);
    validateAssetTags(assetData, liquidatorData);
    // The program borrows both margin accounts mutably, which fails when they are one account.
    if (liquidator.key === liquidatee.key) throw new InstructionError("AccountBorrowFailed");
    accrueAndReport(ctx, assetBank, group);
    accrueAndReport(ctx, liabBank, group);

    const { liquidatorRisk, liquidateeRisk } = partyRiskAccounts(remaining, liquidatorAccounts, liquidateeAccounts);
    sortBalances(liquidateeData);
    if (hasAccountFlag(liquidateeData, AccountFlags.ACCOUNT_IN_FLASHLOAN)) fail("AccountInFlashloan");
    // The debt-only test runs before the engine loads: loading values each balance's side, which would abort on a
    // balance holding both sides before 6067 could be reported.
    requireDebtOnly(liquidateeData, liabBank.key, { noDebt: "NoLiabilitiesInLiabilityBank", hasAssets: "AssetsInLiabilityBank" });
    const preHealth = RiskEngine.load(ctx, liquidateeData, liquidateeRisk).checkLiquidatable();

    // The collateral is priced from its bank's place among the risk accounts; the leading oracle block is skipped.
    const asset = receivershipWithdrawPrice(remaining, assetBank, ctx.clock);
    const assetOracles = oracleAccountCount(assetData);
    const liabFeed = loadPriceFeed(
      liabData,
      remaining.slice(assetOracles, assetOracles + oracleAccountCount(liabData)),
      now,
      ctx.clock.slot,
    );
    const liabPrice = liabFeed.price(PriceType.RealTime, PriceBias.High);
    if (fx.cmp(liabPrice, fx.ZERO) <= 0) fail("ZeroLiabilityPrice");

    const seized = fx.fromInt(assetAmount);
    const assetDecimals = bank.mintDecimals.get(assetData);
    const liabDecimals = bank.mintDecimals.get(liabData);
    const liabAmountLiquidator = calcAmount(calcValue(seized, asset.price, assetDecimals, LIQUIDATOR_DISCOUNT), liabPrice, liabDecimals);
    const liabAmountFinal = calcAmount(calcValue(seized, asset.price, assetDecimals, FINAL_DISCOUNT), liabPrice, liabDecimals);
    const insuranceFee = fx.sub(liabAmountLiquidator, liabAmountFinal);
    if (insuranceFee < 0n) throw new Error("insurance fund fee cannot be negative");

    // No tokens pass between the parties: the liquidator takes over debt, the liquidatee's shrinks.
    const liquidatorLiab = new BankBalance(liquidatorData, findOrCreateBalance(liquidatorData, liabBank.key, liabData, now), liabData);
    const liquidatorLiabPre = liquidatorLiab.liabilityAmount();
    liquidatorLiab.claimEmissions(now);
    liquidatorLiab.decrease(liabAmountLiquidator, "bypassBorrowLimit");
    const liquidatorLiabPost = liquidatorLiab.liabilityAmount();

    const liquidateeAsset = existingBalance(liquidateeData, assetBank.key, assetData);
    const liquidateeAssetPre = liquidateeAsset.assetAmount();
    if (fx.cmp(liquidateeAssetPre, seized) < 0) fail("OverliquidationAttempt");
    liquidateeAsset.claimEmissions(now);
    liquidateeAsset.decrease(seized, "bypassBorrowLimit");
    const liquidateeAssetPost = liquidateeAsset.assetAmount();

    const liquidatorAsset = new BankBalance(liquidatorData, findOrCreateBalance(liquidatorData, assetBank.key, assetData, now), assetData);
    const liquidatorAssetPre = liquidatorAsset.assetAmount();
    liquidatorAsset.claimEmissions(now);
    liquidatorAsset.increase(seized, "bypassDepositLimit");
    const liquidatorAssetPost = liquidatorAsset.assetAmount();

    const liquidateeLiab = new BankBalance(liquidateeData, findBalance(liquidateeData, liabBank.key)!, liabData);
    const liquidateeLiabPre = liquidateeLiab.liabilityAmount();
    liquidateeLiab.claimEmissions(now);
    liquidateeLiab.increase(liabAmountFinal, "repayOnly");
    const liquidateeLiabPost = liquidateeLiab.liabilityAmount();

    // Only whole tokens move; the fraction of the fee is owed to the insurance fund until fees are collected.
    transferFromVault(ctx, tokenProgram, liquidityVault, insuranceVault, liabBank, "liquidityVaultAuthority", fx.toIntFloor(insuranceFee));
    const dust = fx.sub(insuranceFee, fx.floor(insuranceFee));
    bank.collectedInsuranceFeesOutstanding.set(liabData, fx.add(bank.collectedInsuranceFeesOutstanding.get(liabData), dust));
    updateBankRateCache(assetData, group.data, now);
    updateBankRateCache(liabData, group.data, now);
    const assetSpot = asset.feed.priceAndConfidence(PriceType.RealTime);
    updateBankPriceCache(assetData, assetSpot.price, assetSpot.confidence, now);
    const liabSpot = liabFeed.priceAndConfidence(PriceType.RealTime);
    updateBankPriceCache(liabData, liabSpot.price, liabSpot.confidence, now);

    requireDebtOnly(liquidateeData, liabBank.key, { noDebt: "ExhaustedLiability", hasAssets: "TooSeverePayoff" });
    const postHealth = RiskEngine.load(ctx, liquidateeData, liquidateeRisk).maintenanceHealth();
    if (fx.cmp(postHealth, fx.ZERO) > 0) fail("TooSevereLiquidation");
    if (fx.cmp(postHealth, preHealth) <= 0) fail("WorseHealthPostLiquidation");

    sortBalances(liquidatorData);
    // A liquidator inside a flash loan is judged when the loan ends.
    if (!hasAccountFlag(liquidatorData, AccountFlags.ACCOUNT_IN_FLASHLOAN)) {
      RiskEngine.load(ctx, liquidatorData, liquidatorRisk).checkInitialHealth(freshHealthCache(now));
    }

    const account = MarginfiAccountLayout.fields;
    emitEvent(ctx, "LendingAccountLiquidateEvent", {
      header: {
        signer: authority.key,
        marginfiAccount: liquidator.key,
        marginfiAccountAuthority: account.authority.get(liquidatorData),
        marginfiGroup: group.key,
      },
      liquidateeMarginfiAccount: liquidatee.key,
      liquidateeMarginfiAccountAuthority: account.authority.get(liquidateeData),
      assetBank: assetBank.key,
      assetMint: bank.mint.get(assetData),
      liabilityBank: liabBank.key,
      liabilityMint: bank.mint.get(liabData),
      liquidateePreHealth: toF64(preHealth),
      liquidateePostHealth: toF64(postHealth),
      preBalances: liquidationBalances(liquidateeAssetPre, liquidateeLiabPre, liquidatorAssetPre, liquidatorLiabPre),
      postBalances: liquidationBalances(liquidateeAssetPost, liquidateeLiabPost, liquidatorAssetPost, liquidatorLiabPost),
    });
  },
};

/** The event's token amounts of both parties in the asset and the liability bank. */
function liquidationBalances(
  liquidateeAsset: I80F48,
  liquidateeLiab: I80F48,
  liquidatorAsset: I80F48,
  liquidatorLiab: I80F48,
): LiquidationBalances {
  return {
    liquidateeAssetBalance: toF64(liquidateeAsset),
    liquidateeLiabilityBalance: toF64(liquidateeLiab),
    liquidatorAssetBalance: toF64(liquidatorAsset),
    liquidatorLiabilityBalance: toF64(liquidatorLiab),
  };
}

/** Either party: the group's account (6093) and not in a receivership liquidation (6089). */
function checkParty(account: AccountView<"MarginfiAccount">, group: InstructionAccount, name: string): void {
  const data = account.data;
  if (MarginfiAccountLayout.fields.group.get(data) !== group.key) fail("InvalidGroup", name);
  if (hasAccountFlag(data, AccountFlags.ACCOUNT_IN_RECEIVERSHIP)) fail("ForbiddenIx", name);
}

/** Debt in default-like banks may not be settled with staked collateral, nor the other way round (6047). */
function checkBankPairTags(assetData: BankData, liabData: BankData): void {
  const staked = (data: BankData) => bank.config.fields.assetTag.get(data) === AssetTag.Staked;
  const defaultLike = (data: BankData) => !staked(data) && bank.config.fields.assetTag.get(data) !== AssetTag.Sol;
  if ((defaultLike(assetData) && staked(liabData)) || (staked(assetData) && defaultLike(liabData))) fail("AssetTagMismatch");
}

/** The two parties' risk accounts: the liquidatee's are the last `liquidateeCount`, the liquidator's just before. */
function partyRiskAccounts(
  remaining: readonly InstructionAccount[],
  liquidatorCount: number,
  liquidateeCount: number,
): { liquidatorRisk: readonly InstructionAccount[]; liquidateeRisk: readonly InstructionAccount[] } {
  const liquidateeStart = remaining.length - liquidateeCount;
  const liquidatorStart = liquidateeStart - liquidatorCount;
  // The program's slice arithmetic panics when the counts exceed the accounts passed.
  if (liquidatorStart < 0) throw new RangeError("liquidation account counts exceed the remaining accounts");
  return { liquidatorRisk: remaining.slice(liquidatorStart, liquidateeStart), liquidateeRisk: remaining.slice(liquidateeStart) };
}

type ErrorName = keyof typeof ERRORS;

/** The liquidatee's balance in the liability bank holds at least one share of debt (else `noDebt`) and no deposit. */
function requireDebtOnly(account: MarginfiAccountData, bankKey: string, errors: { noDebt: ErrorName; hasAssets: ErrorName }): void {
  const index = findBalance(account, bankKey);
  if (index === null) return fail("LendingAccountBalanceNotFound");
  if (fx.cmp(slot(index).liabilityShares.get(account), EMPTY_BALANCE_THRESHOLD) < 0) fail(errors.noDebt);
  if (fx.cmp(slot(index).assetShares.get(account), EMPTY_BALANCE_THRESHOLD) >= 0) fail(errors.hasAssets);
}
