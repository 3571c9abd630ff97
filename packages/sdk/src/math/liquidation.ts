// Liquidation math beside the health math (reference §10.3, §13, §14): which accounts liquidators may enter, how
// much of a collateral / debt pair one classic liquidation may take, what it books for both parties (the program's
// amounts, fees and share arithmetic, so predictions equal the ledger to the native unit), what it earns net of the
// transaction's cost, the receivership premium cap, and the bankruptcy test on Equity values.
import {
  AssetTag,
  BANKRUPT_THRESHOLD,
  DEFAULT_PUBKEY,
  MAX_LENDING_ACCOUNT_BALANCES,
  RiskTier,
  assetAmount,
  EMPTY_BALANCE_THRESHOLD,
  ZERO_AMOUNT_THRESHOLD,
  accrueInterest,
  calcAmount,
  calcValue,
  i80f48 as fx,
  type I80F48,
  type ProgramFees,
} from "@ballast/protocol";
import { balancesAfterBooking } from "./action-projection.js";
import { canBeLiquidated } from "./health-factor.js";
import { accountRisk, type AccountRisk, type BalanceLike, type Position } from "./health.js";
import { isOracleFailure, type PriceLeg } from "./price.js";
import { priceBank, type PricedBank } from "./priced-bank.js";
import { BallastSdkError } from "../errors.js";

/** LIQUIDATION_LIQUIDATOR_FEE: the liquidator takes the collateral 2.5% below its value. */
export const LIQUIDATOR_FEE = fx.fromDecimal("0.025");
/** LIQUIDATION_INSURANCE_FEE: another 2.5% of the collateral's value goes to the liability bank's insurance fund. */
export const INSURANCE_FEE = fx.fromDecimal("0.025");
/** The share of the seized value the liquidator takes on as debt (1 − 0.025), built as the program builds it. */
const LIQUIDATOR_DISCOUNT = fx.sub(fx.ONE, LIQUIDATOR_FEE);
/**
 * Spec 000 §9's liquidation max-amount factor 0.95: the share of the seized value that repays the liquidatee's debt
 * (1 − both fees), so also what bounds a liquidation by the debt and by the health it may restore.
 */
export const LIQUIDATION_MAX_AMOUNT_FACTOR = fx.sub(fx.ONE, fx.add(INSURANCE_FEE, LIQUIDATOR_FEE));
/** LIQUIDATION_BONUS_FEE_MINIMUM: receivership may always seize up to 1.05 × the value repaid. */
export const RECEIVERSHIP_MIN_PREMIUM = fx.fromDecimal("0.05");
/** LIQUIDATION_CLOSEOUT_DOLLAR_THRESHOLD: below $5 of Equity assets a receivership may close the account out. */
export const RECEIVERSHIP_CLOSEOUT_THRESHOLD = fx.fromInt(5);

/**
 * The banks with their interest accrued to `now`, as a liquidation accrues both of its banks before booking: a
 * prediction for a transaction landing at `now` then matches the program's share values. Kamino banks lend nothing
 * out through the lending program and are kept as they are.
 */
export function accruedBanks(banks: ReadonlyMap<string, PricedBank>, now: bigint, programFees: ProgramFees): Map<string, PricedBank> {
  const accrued = new Map<string, PricedBank>();
  for (const [address, bank] of banks) {
    if (bank.kamino !== null || bank.bank.lastUpdate >= now) accrued.set(address, bank);
    else accrued.set(address, priceBank(address, accrueInterest(bank.bank, now, programFees).bank, bank.price, now, programFees));
  }
  return accrued;
}

/** Maintenance health (assets − liabilities), or null when a price the Maintenance pass needs failed. */
export function maintenanceHealth(risk: AccountRisk): I80F48 | null {
  const { maintenance } = risk.health;
  return maintenance.error ? null : fx.sub(maintenance.assets, maintenance.liabilities);
}

/**
 * The program lets liquidators in at Maintenance health ≤ 0 (equality included, reference §22 item 5) on an account
 * with debt whose Maintenance pass prices. Staked collateral has no rule of its own here: spec 000 §4's staked-SOL
 * exception only concerns the user's risk warning (isLiquidationRisk); staked collateral pairs with SOL debt only
 * (liquidationPairRefusal).
 */
export function isLiquidatable(risk: AccountRisk): boolean {
  return risk.health.maintenance.error === null && canBeLiquidated(risk.health.maintenance);
}

/**
 * The bankruptcy test of handle_bankruptcy (§10.3): Equity assets below liabilities, below $0.1, with more than
 * $0.0001 of debt. In practice the collateral has been liquidated away first.
 */
export function isBankrupt(risk: AccountRisk): boolean {
  const { equity } = risk.health;
  if (equity.error) return false;
  return (
    fx.cmp(equity.assets, equity.liabilities) < 0 &&
    fx.cmp(equity.assets, BANKRUPT_THRESHOLD) < 0 &&
    fx.cmp(equity.liabilities, ZERO_AMOUNT_THRESHOLD) > 0
  );
}

/** The banks a bankrupt account's bad debt sits in: handle_bankruptcy settles each with its own call. */
export function badDebtPositions(risk: AccountRisk): Position[] {
  return risk.positions.filter((p) => p.side === "liabilities" && fx.cmp(p.amount, ZERO_AMOUNT_THRESHOLD) > 0);
}

/** Why the program refuses a classic liquidation of this pair, in its error names; null when it may go ahead. */
export type LiquidationRefusal =
  | "ZeroLiquidationAmount"
  | "SameAssetAndLiabilityBanks"
  | "AssetTagMismatch"
  | "HealthyAccount"
  | "LendingAccountBalanceNotFound"
  | "NoLiabilitiesInLiabilityBank"
  | "AssetsInLiabilityBank"
  | "BankAccountNotFound"
  | "OverliquidationAttempt"
  | "ExhaustedLiability"
  | "TooSeverePayoff"
  | "TooSevereLiquidation"
  | "WorseHealthPostLiquidation"
  | "RiskEngineInitRejected"
  | "IsolatedAccountIllegalState";

const isStaked = (bank: PricedBank) => bank.bank.config.assetTag === AssetTag.Staked;
const isDefaultLike = (bank: PricedBank) => !isStaked(bank) && bank.bank.config.assetTag !== AssetTag.Sol;

/** The pair rules checked before any amount (§12): distinct banks, never default-like against staked. */
export function liquidationPairRefusal(assetBank: PricedBank, liabilityBank: PricedBank): LiquidationRefusal | null {
  if (assetBank.address === liabilityBank.address) return "SameAssetAndLiabilityBanks";
  if ((isDefaultLike(assetBank) && isStaked(liabilityBank)) || (isStaked(assetBank) && isDefaultLike(liabilityBank))) {
    return "AssetTagMismatch";
  }
  return null;
}

const isIsolated = (bank: PricedBank) => bank.bank.config.riskTier === RiskTier.Isolated;

/**
 * The risk-tier rule the program checks on the liquidator after its Initial check passes (6029): an account with an
 * isolated-tier liability may hold no other liability, so taking over debt next to other debt breaks it when either
 * is isolated.
 */
function breaksIsolatedTier(risk: AccountRisk): boolean {
  const debts = risk.positions.filter((p) => p.side === "liabilities");
  return debts.length > 1 && debts.some((p) => isIsolated(p.bank));
}

/**
 * Whether the isolated-tier rule bars the liquidator from taking this debt over at any amount worth seizing: it owes
 * in another bank, one of the debts is isolated, and it has no deposit in the liability bank to absorb the debt
 * taken over. The program then lets through only debt below one share (which is no side at all): dust.
 */
function isolatedTierBars(
  liquidatorBalances: readonly BalanceLike[],
  banks: ReadonlyMap<string, PricedBank>,
  liabilityBank: PricedBank,
): boolean {
  let absorbs = false;
  const otherDebts: PricedBank[] = [];
  for (const b of liquidatorBalances) {
    if (!b.active) continue;
    if (b.bankPk === liabilityBank.address) absorbs = fx.cmp(b.assetShares, EMPTY_BALANCE_THRESHOLD) >= 0;
    else if (fx.cmp(b.liabilityShares, EMPTY_BALANCE_THRESHOLD) >= 0) otherDebts.push(findBank(banks, b.bankPk));
  }
  return !absorbs && otherDebts.length > 0 && (isIsolated(liabilityBank) || otherDebts.some(isIsolated));
}

/** The refusals that come from the liquidator's own account rather than the liquidatee's. */
function isLiquidatorRefusal(refusal: LiquidationRefusal | null): boolean {
  return refusal === "RiskEngineInitRejected" || refusal === "IsolatedAccountIllegalState";
}

/** The real-time leg the program prices a liquidation with; throws without one. */
function spotLeg(bank: PricedBank): PriceLeg {
  const leg = bank.price.realTime;
  if (isOracleFailure(leg)) throw new BallastSdkError("ORACLE_PRICE_UNAVAILABLE", { name: leg.name, code: leg.code });
  if (leg.low <= 0n || leg.high <= 0n) throw new BallastSdkError("PRICE_UNAVAILABLE", { bank: bank.address });
  return leg;
}

/**
 * The bank as a liquidation books its collateral: a Kamino bank seizes reserve collateral tokens, at the program's
 * price per collateral token and the bank's own share value (the SDK's usual view of it is per token). The health
 * math still values Kamino positions per token, which may differ from the program's by a rounding step.
 */
function bookingView(bank: PricedBank): PricedBank {
  if (bank.kamino === null) return bank;
  return { ...bank, price: bank.programPrice, assetShareValue: bank.bank.assetShareValue };
}

export interface LiquidationPair {
  /** The liquidatee's balances, as decoded. */
  readonly balances: readonly BalanceLike[];
  readonly banks: ReadonlyMap<string, PricedBank>;
  /** The collateral seized. */
  readonly assetBank: string;
  /** The debt repaid. */
  readonly liabilityBank: string;
  /** accountRisk of `balances`, when the caller has it already. */
  readonly risk?: AccountRisk;
}

export interface LiquidationOutcomeParams extends LiquidationPair {
  /** Collateral seized, native units of the asset bank. */
  readonly assetAmount: bigint;
  /** The liquidator's balances; without them a fresh account is assumed. */
  readonly liquidatorBalances?: readonly BalanceLike[];
}

export interface LiquidationOutcome {
  readonly assetBank: string;
  readonly liabilityBank: string;
  readonly assetAmount: bigint;
  readonly assetDecimals: number;
  readonly liabilityDecimals: number;
  /** USD value of the seized collateral at the asset's low-biased spot price: V. */
  readonly seizedValue: I80F48;
  /** Debt the liquidator takes on (0.975 V in liability tokens, native units). */
  readonly liabilityTaken: I80F48;
  /** Debt the liquidatee is relieved of (0.95 V). */
  readonly liabilityRepaid: I80F48;
  /** The liquidator's premium, in liability tokens: the collateral is worth this much more than the debt taken. */
  readonly liquidatorFee: I80F48;
  /** liabilityTaken − liabilityRepaid, owed to the liability bank's insurance fund. */
  readonly insuranceFee: I80F48;
  /** The whole tokens moved from the liquidity vault to the insurance vault; the fraction is booked as outstanding. */
  readonly insuranceTransfer: bigint;
  readonly insuranceOutstanding: I80F48;
  readonly liquidatee: {
    readonly balances: readonly BalanceLike[];
    readonly risk: AccountRisk;
    readonly preHealth: I80F48;
    readonly postHealth: I80F48;
  };
  readonly liquidator: {
    readonly balances: readonly BalanceLike[];
    readonly risk: AccountRisk;
  };
  /** What the program would refuse it with, checked in the program's order; null when it lands. */
  readonly refusal: LiquidationRefusal | null;
}

function findBank(banks: ReadonlyMap<string, PricedBank>, address: string): PricedBank {
  const bank = banks.get(address);
  if (bank === undefined) throw new BallastSdkError("BANK_NOT_FOUND", { bank: address });
  return bank;
}

function balanceIn(balances: readonly BalanceLike[], bank: string): BalanceLike | undefined {
  return balances.find((b) => Boolean(b.active) && b.bankPk === bank);
}

/** The liquidatee's debt-only check before and after (6002 / 6066 / 6067, then 6069 / 6070). */
function debtOnlyRefusal(balances: readonly BalanceLike[], bank: string, after: boolean): LiquidationRefusal | null {
  const balance = balanceIn(balances, bank);
  if (!balance) return "LendingAccountBalanceNotFound";
  if (fx.cmp(balance.liabilityShares, EMPTY_BALANCE_THRESHOLD) < 0) return after ? "ExhaustedLiability" : "NoLiabilitiesInLiabilityBank";
  if (fx.cmp(balance.assetShares, EMPTY_BALANCE_THRESHOLD) >= 0) return after ? "TooSeverePayoff" : "AssetsInLiabilityBank";
  return null;
}

/** A fresh account's slots, all inactive. */
function emptyAccount(): BalanceLike[] {
  return Array.from({ length: MAX_LENDING_ACCOUNT_BALANCES }, () => ({
    active: false,
    bankPk: DEFAULT_PUBKEY,
    assetShares: fx.ZERO,
    liabilityShares: fx.ZERO,
  }));
}

/** The program's two debt amounts for `assetAmount` of collateral (§13.1 step 6). */
function liquidationAmounts(assetBank: PricedBank, liabilityBank: PricedBank, assetAmount: bigint) {
  const assetPrice = spotLeg(assetBank).low;
  const liabilityPrice = spotLeg(liabilityBank).high;
  const seized = fx.fromInt(assetAmount);
  const taken = calcAmount(calcValue(seized, assetPrice, assetBank.decimals, LIQUIDATOR_DISCOUNT), liabilityPrice, liabilityBank.decimals);
  const repaid = calcAmount(
    calcValue(seized, assetPrice, assetBank.decimals, LIQUIDATION_MAX_AMOUNT_FACTOR),
    liabilityPrice,
    liabilityBank.decimals,
  );
  return { seized, taken, repaid, seizedValue: calcValue(seized, assetPrice, assetBank.decimals) };
}

/**
 * A classic liquidation of `assetAmount` as the program books it (§13.1): the debt amounts and fees, both parties'
 * balances and the liquidatee's health before and after, and the refusal it would meet. The banks must be as the
 * program will see them, their interest accrued to the transaction's time (accruedBanks).
 */
export function liquidationOutcome(p: LiquidationOutcomeParams): LiquidationOutcome {
  const assetBank = bookingView(findBank(p.banks, p.assetBank));
  const liabilityBank = findBank(p.banks, p.liabilityBank);
  const preRisk = p.risk ?? accountRisk(p.balances, p.banks);
  const { maintenance } = preRisk.health;
  if (maintenance.error)
    throw new BallastSdkError("ORACLE_PRICE_UNAVAILABLE", { name: maintenance.error.name, code: maintenance.error.code });
  const preHealth = fx.sub(maintenance.assets, maintenance.liabilities);
  const { seized, taken, repaid, seizedValue } = liquidationAmounts(assetBank, liabilityBank, p.assetAmount);
  const insuranceFee = fx.sub(taken, repaid);
  const insuranceTransfer = fx.toIntFloor(insuranceFee);
  const liquidatorFee = fx.sub(calcAmount(seizedValue, spotLeg(liabilityBank).high, liabilityBank.decimals), taken);

  let refusal: LiquidationRefusal | null = null;
  const refuse = (reason: LiquidationRefusal | null) => {
    refusal ??= reason;
  };
  if (p.assetAmount <= 0n) refuse("ZeroLiquidationAmount");
  refuse(liquidationPairRefusal(assetBank, liabilityBank));
  refuse(debtOnlyRefusal(p.balances, p.liabilityBank, false));
  if (fx.cmp(preHealth, fx.ZERO) > 0) refuse("HealthyAccount");
  const collateral = balanceIn(p.balances, p.assetBank);
  if (!collateral) refuse("BankAccountNotFound");

  let liquidateeBalances: readonly BalanceLike[] = p.balances;
  if (collateral) {
    const held = assetAmount(collateral.assetShares, assetBank.assetShareValue);
    if (fx.cmp(held, seized) < 0) refuse("OverliquidationAttempt");
    else {
      liquidateeBalances = balancesAfterBooking(liquidateeBalances, assetBank, "decrease", seized, false);
    }
  }
  if (balanceIn(liquidateeBalances, p.liabilityBank)) {
    liquidateeBalances = balancesAfterBooking(liquidateeBalances, liabilityBank, "increase", repaid, false);
  }
  refuse(debtOnlyRefusal(liquidateeBalances, p.liabilityBank, true));
  const postRisk = accountRisk(liquidateeBalances, p.banks);
  const postHealth = maintenanceHealth(postRisk) ?? preHealth;
  if (fx.cmp(postHealth, fx.ZERO) > 0) refuse("TooSevereLiquidation");
  if (fx.cmp(postHealth, preHealth) <= 0) refuse("WorseHealthPostLiquidation");

  // The liquidator's liability-bank balance is found or opened first, then its asset-bank balance.
  let liquidatorBalances: readonly BalanceLike[] = p.liquidatorBalances ?? emptyAccount();
  liquidatorBalances = balancesAfterBooking(liquidatorBalances, liabilityBank, "decrease", taken, true);
  liquidatorBalances = balancesAfterBooking(liquidatorBalances, assetBank, "increase", seized, true);
  const liquidatorRisk = accountRisk(liquidatorBalances, p.banks);
  const { initial } = liquidatorRisk.health;
  if (initial.error || fx.cmp(initial.assets, initial.liabilities) < 0) refuse("RiskEngineInitRejected");
  else if (breaksIsolatedTier(liquidatorRisk)) refuse("IsolatedAccountIllegalState");

  return {
    assetBank: p.assetBank,
    liabilityBank: p.liabilityBank,
    assetAmount: p.assetAmount,
    assetDecimals: assetBank.decimals,
    liabilityDecimals: liabilityBank.decimals,
    seizedValue,
    liabilityTaken: taken,
    liabilityRepaid: repaid,
    liquidatorFee,
    insuranceFee,
    insuranceTransfer,
    insuranceOutstanding: fx.sub(insuranceFee, fx.fromInt(insuranceTransfer)),
    liquidatee: { balances: liquidateeBalances, risk: postRisk, preHealth, postHealth },
    liquidator: { balances: liquidatorBalances, risk: liquidatorRisk },
    refusal,
  };
}

export interface MaxLiquidation {
  /** The most collateral one classic liquidation may seize, native units (0 when none may be). */
  readonly assetAmount: bigint;
  /** The debt that seizure repays and the debt the liquidator takes on, native units of the liability. */
  readonly liabilityRepaid: I80F48;
  readonly liabilityTaken: I80F48;
  /**
   * Which bound decided it: the collateral held, the debt owed, the health the account may be restored to, or the
   * liquidator's own account, when its balances were given: the debt it can back (its Initial check) or the
   * isolated-tier rule it would break by holding this debt beside another (then nothing may be seized).
   */
  readonly limitedBy: "collateral" | "debt" | "health" | "liquidator";
}

const NO_LIQUIDATION = (limitedBy: MaxLiquidation["limitedBy"]): MaxLiquidation => ({
  assetAmount: 0n,
  liabilityRepaid: fx.ZERO,
  liabilityTaken: fx.ZERO,
  limitedBy,
});

function positionIn(risk: AccountRisk, bank: string, side: Position["side"]): Position | undefined {
  return risk.positions.find((p) => p.bank.address === bank && p.side === side);
}

/**
 * The most one classic liquidation of the pair may seize without over-liquidating: each dollar seized (at the
 * asset's low spot price) lowers Maintenance assets by its weight and repays 0.95 of a dollar of debt at the
 * liability weight, so health rises by 0.95·w_liab − w_asset per dollar and may only reach zero; the debt repaid
 * may not reach the whole debt; the collateral seized may not exceed the deposit. The closed form is then checked
 * with the program's exact arithmetic (liquidationOutcome) and lowered to the largest amount the program accepts;
 * given the liquidator's balances, also to the largest its own Initial check and risk-tier rule accept (none when the
 * rule admits only dust). A fresh liquidator (no balances given) holds only the debt taken over, so only its Initial
 * check is left out.
 */
export function maxLiquidatable(p: LiquidationPair & { liquidatorBalances?: readonly BalanceLike[] }): MaxLiquidation {
  const assetBank = findBank(p.banks, p.assetBank);
  const liabilityBank = findBank(p.banks, p.liabilityBank);
  const booked = bookingView(assetBank);
  const risk = p.risk ?? accountRisk(p.balances, p.banks);
  const health = maintenanceHealth(risk);
  const collateral = positionIn(risk, p.assetBank, "assets");
  const debt = positionIn(risk, p.liabilityBank, "liabilities");
  if (health === null || !collateral || !debt || liquidationPairRefusal(assetBank, liabilityBank) || !isLiquidatable(risk)) {
    return NO_LIQUIDATION("health");
  }
  const assetPrice = spotLeg(assetBank).low;
  const liabilityPrice = spotLeg(liabilityBank).high;
  const gainPerDollar = fx.sub(fx.mul(LIQUIDATION_MAX_AMOUNT_FACTOR, debt.maintWeight), collateral.maintWeight);
  // Seizing collateral weighted at least 0.95 × the debt's weight cannot improve health: the program refuses (6072).
  if (gainPerDollar <= 0n) return NO_LIQUIDATION("health");
  if (p.liquidatorBalances && isolatedTierBars(p.liquidatorBalances, p.banks, liabilityBank)) return NO_LIQUIDATION("liquidator");

  const bounds: { value: I80F48; limitedBy: MaxLiquidation["limitedBy"] }[] = [
    { value: calcValue(collateral.amount, assetPrice, assetBank.decimals), limitedBy: "collateral" },
    {
      value: fx.div(calcValue(debt.amount, liabilityPrice, liabilityBank.decimals), LIQUIDATION_MAX_AMOUNT_FACTOR),
      limitedBy: "debt",
    },
    { value: fx.div(fx.neg(health), gainPerDollar), limitedBy: "health" },
  ];
  const bound = bounds.reduce((min, b) => (fx.cmp(b.value, min.value) < 0 ? b : min));
  // Amounts are in the units the bank books (collateral tokens for a Kamino bank).
  const balance = balanceIn(p.balances, p.assetBank);
  const held = balance ? fx.toIntFloor(assetAmount(balance.assetShares, booked.assetShareValue)) : 0n;
  const estimate = fx.toIntFloor(calcAmount(bound.value, spotLeg(booked).low, booked.decimals));
  const judgeLiquidator = p.liquidatorBalances !== undefined;
  let limitedBy = bound.limitedBy;
  const accepted = (amount: bigint) => {
    const outcome = liquidationOutcome({ ...p, risk, assetAmount: amount });
    if (outcome.refusal === null || (outcome.refusal === "RiskEngineInitRejected" && !judgeLiquidator)) return outcome;
    return null;
  };
  // The program's rounding may put the closed form a few units over, and the liquidator may not back it all: search
  // down to the largest accepted amount (these limits only tighten as the amount grows).
  let hi = estimate < held ? estimate : held;
  let best = hi > 0n ? accepted(hi) : null;
  if (!best && hi > 0n && isLiquidatorRefusal(liquidationOutcome({ ...p, risk, assetAmount: hi }).refusal)) {
    limitedBy = "liquidator";
  }
  if (!best) {
    let lo = 0n;
    while (hi - lo > 1n) {
      const mid = (lo + hi) / 2n;
      const outcome = accepted(mid);
      if (outcome) {
        lo = mid;
        best = outcome;
      } else hi = mid;
    }
  }
  if (!best) return NO_LIQUIDATION(limitedBy);
  return {
    assetAmount: best.assetAmount,
    liabilityRepaid: best.liabilityRepaid,
    liabilityTaken: best.liabilityTaken,
    limitedBy,
  };
}

/**
 * Unbiased USD prices the liquidator values its result at, per whole unit the asset bank books (per collateral token
 * for a Kamino bank) and per liability token, and SOL's for the fee.
 */
export interface LiquidationPrices {
  readonly asset: I80F48;
  readonly liability: I80F48;
  readonly sol: I80F48;
}

const LAMPORTS_DECIMALS = 9;

/**
 * The liquidator's expected profit in USD: the collateral received minus the debt taken on, minus the transaction's
 * cost in lamports (fees, priority fee, tip, a new liquidation record's rent), at the given prices.
 */
export function liquidationProfit(
  outcome: Pick<LiquidationOutcome, "assetAmount" | "liabilityTaken" | "assetDecimals" | "liabilityDecimals">,
  prices: LiquidationPrices,
  txCostLamports: bigint,
): I80F48 {
  const received = calcValue(fx.fromInt(outcome.assetAmount), prices.asset, outcome.assetDecimals);
  const owed = calcValue(outcome.liabilityTaken, prices.liability, outcome.liabilityDecimals);
  const cost = calcValue(fx.fromInt(txCostLamports), prices.sol, LAMPORTS_DECIMALS);
  return fx.sub(fx.sub(received, owed), cost);
}

/** The receivership premium cap of end_liquidation: seized ≤ repaid × max(1 + liquidation_max_fee, 1.05) (§13.2). */
export function receivershipMaxPremium(liquidationMaxFee: I80F48): I80F48 {
  const configured = fx.add(fx.ONE, liquidationMaxFee);
  const floor = fx.add(fx.ONE, RECEIVERSHIP_MIN_PREMIUM);
  return fx.cmp(configured, floor) > 0 ? configured : floor;
}

export interface ReceivershipCheck {
  /** Equity USD taken from and repaid to the account (what end_liquidation records). */
  readonly seized: I80F48;
  readonly repaid: I80F48;
  readonly preHealth: I80F48;
  readonly postHealth: I80F48;
  /** Pre-liquidation Equity assets under $5: the health and premium limits do not apply. */
  readonly closeOut: boolean;
  /** end_liquidation's refusal in its error names, or null. */
  readonly refusal: "HealthyAccount" | "WorseHealthPostLiquidation" | "LiquidationPremiumTooHigh" | null;
}

/** end_liquidation's checks on the account before (`pre`) and after (`post`) the receivership's withdraws and repays. */
export function receivershipCheck(pre: AccountRisk, post: AccountRisk, liquidationMaxFee: I80F48): ReceivershipCheck {
  const preHealth = maintenanceHealth(pre);
  const postHealth = maintenanceHealth(post);
  const failure = pre.health.maintenance.error ?? post.health.maintenance.error;
  if (preHealth === null || postHealth === null || failure) {
    throw new BallastSdkError("ORACLE_PRICE_UNAVAILABLE", { name: failure?.name ?? "", code: failure?.code ?? 0 });
  }
  const seized = fx.sub(pre.health.equity.assets, post.health.equity.assets);
  const repaid = fx.sub(pre.health.equity.liabilities, post.health.equity.liabilities);
  const closeOut = fx.cmp(pre.health.equity.assets, RECEIVERSHIP_CLOSEOUT_THRESHOLD) < 0;
  let refusal: ReceivershipCheck["refusal"] = null;
  if (fx.cmp(postHealth, fx.ZERO) > 0 && !closeOut) refusal = "HealthyAccount";
  else if (fx.cmp(preHealth, postHealth) > 0) refusal = "WorseHealthPostLiquidation";
  else if (!closeOut && fx.cmp(seized, fx.mul(repaid, receivershipMaxPremium(liquidationMaxFee))) > 0) {
    refusal = "LiquidationPremiumTooHigh";
  }
  return { seized, repaid, preHealth, postHealth, closeOut, refusal };
}

export interface LiquidationCandidate {
  readonly max: MaxLiquidation;
  readonly outcome: LiquidationOutcome;
  /** USD, at the banks' unbiased spot prices, net of the transaction's cost. */
  readonly profit: I80F48;
}

/**
 * The most profitable classic liquidation of an account: every pair of its collateral and its debts, each at the most
 * one liquidation may take (bounded by the liquidator's backing when its balances are given, and skipped when taking
 * the debt over would break the liquidator's isolated-tier rule), valued at unbiased spot prices net of
 * `txCostLamports` at `solPrice`; null when no pair can be liquidated.
 */
export function bestLiquidation(p: {
  readonly balances: readonly BalanceLike[];
  readonly banks: ReadonlyMap<string, PricedBank>;
  readonly liquidatorBalances?: readonly BalanceLike[];
  readonly solPrice: I80F48;
  readonly txCostLamports: bigint;
  readonly risk?: AccountRisk;
}): LiquidationCandidate | null {
  const risk = p.risk ?? accountRisk(p.balances, p.banks);
  if (!isLiquidatable(risk)) return null;
  let best: LiquidationCandidate | null = null;
  for (const collateral of risk.positions) {
    if (collateral.side !== "assets") continue;
    const assetLeg = bookingView(collateral.bank).price.realTime;
    if (isOracleFailure(assetLeg)) continue;
    for (const debt of risk.positions) {
      if (debt.side !== "liabilities" || isOracleFailure(debt.bank.price.realTime)) continue;
      if (liquidationPairRefusal(collateral.bank, debt.bank)) continue;
      const pair = { ...p, risk, assetBank: collateral.bank.address, liabilityBank: debt.bank.address };
      const max = maxLiquidatable(pair);
      if (max.assetAmount === 0n) continue;
      const outcome = liquidationOutcome({ ...pair, assetAmount: max.assetAmount });
      const prices = { asset: assetLeg.price, liability: debt.bank.price.realTime.price, sol: p.solPrice };
      const profit = liquidationProfit(outcome, prices, p.txCostLamports);
      if (best === null || fx.cmp(profit, best.profit) > 0) best = { max, outcome, profit };
    }
  }
  return best;
}
