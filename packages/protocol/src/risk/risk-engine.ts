// The risk engine (reference §10): loads the banks and price feeds of an account's active balances from the
// instruction's remaining accounts, values each balance for a requirement type, and runs the health checks.
import type { BankData, MarginfiAccountData } from "../state/views.js";
import { ProgramFailure } from "@ballast/anchor";
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import { assetAmount, liabilityAmount } from "../math/accrual.js";
import * as fx from "../math/i80f48.js";
import type { I80F48 } from "../math/i80f48.js";
import { calcValue, toF64 } from "../math/value.js";
import { ZERO_AMOUNT_THRESHOLD, balanceSide, isActive, slot, type BalanceSide } from "../program/balances.js";
import { fail } from "../program/errors.js";
import { BankLayout } from "../state/bank.js";
import { BankOperationalState, RiskTier } from "../state/enums.js";
import { HealthCacheFlags } from "../state/flags.js";
import type { HealthCache } from "../state/health-cache.js";
import { MAX_LENDING_ACCOUNT_BALANCES } from "../state/marginfi-account.js";
import { emodeEntryFor, reconcileEmode, type ReconciledEmode } from "./emode.js";
import { loadPriceFeed, oracleAccountCount, PriceBias, PriceType, type PriceFeed } from "./price-feed.js";

/** How strictly a position is valued: Initial gates new risk, Maintenance gates liquidation, Equity is book value. */
export const RequirementType = { Initial: 0, Maintenance: 1, Equity: 2 } as const;
export type RequirementType = (typeof RequirementType)[keyof typeof RequirementType];

/** Equity assets below this many USD (with debt above 0.0001) make an account bankrupt. */
export const BANKRUPT_THRESHOLD = fx.fromDecimal("0.1");

/** Compute charged per balance the engine loads and values (bank, oracle decode, three passes at most). */
export const UNITS_PER_BALANCE = 9_000;

/** What the engine needs of the executing instruction: the program's id, the clock and the compute meter. */
export type EngineContext = Pick<InstructionContext, "programId" | "clock" | "consume">;

const bank = BankLayout.fields;
const config = bank.config.fields;

interface RiskBalance {
  /** Slot index, which after sorting is also the position among active balances. */
  readonly index: number;
  readonly side: BalanceSide;
  readonly bank: BankData;
  /** A feed that failed to load keeps its failure: Initial tolerates it for assets, everything else raises it. */
  readonly feed: PriceFeed | ProgramFailure;
}

export interface HealthComponents {
  readonly assets: I80F48;
  readonly liabilities: I80F48;
}

/** What the Initial pass records into a health cache while it values balances. */
interface InitialRecord {
  readonly prices: number[];
  internalErr: number;
  errIndex: number;
}

function priceTypeOf(requirement: RequirementType): PriceType {
  return requirement === RequirementType.Maintenance ? PriceType.RealTime : PriceType.TimeWeighted;
}

function feedOrThrow(feed: PriceFeed | ProgramFailure): PriceFeed {
  if (feed instanceof ProgramFailure) throw feed;
  return feed;
}

/** A risk account's data as a bank's: the full account with the Bank discriminator, else null. */
function bankData(data: Buffer): BankData | null {
  return data.length < BankLayout.space || !data.subarray(0, 8).equals(BankLayout.discriminator) ? null : (data as BankData);
}

export class RiskEngine {
  private readonly emode: ReconciledEmode;

  private constructor(
    readonly account: MarginfiAccountData,
    private readonly balances: readonly RiskBalance[],
  ) {
    this.emode = reconcileEmode(balances.filter((b) => b.side === "liabilities").map((b) => b.bank));
  }

  /**
   * Reads, for each active balance in slot order, its bank and then the bank's oracle accounts from `remaining`
   * (reference §10.1). A missing or foreign bank fails 6008; too few oracle accounts 6051.
   */
  static load(ctx: EngineContext, account: MarginfiAccountData, remaining: readonly InstructionAccount[]): RiskEngine {
    const programId = ctx.programId;
    const now = ctx.clock.unixTimestamp;
    const balances: RiskBalance[] = [];
    let cursor = 0;
    for (let i = 0; i < MAX_LENDING_ACCOUNT_BALANCES; i++) {
      if (!isActive(account, i)) continue;
      const bankAccount = remaining[cursor];
      if (bankAccount === undefined) fail("InvalidBankAccount");
      if (bankAccount.account.owner !== programId) fail("AccountOwnedByWrongProgram");
      const data = bankData(bankAccount.account.data);
      if (data === null) return fail("AccountDiscriminatorMismatch");
      if (bankAccount.key !== slot(i).bankPk.get(account)) fail("InvalidBankAccount");
      const count = oracleAccountCount(data);
      const oracles = remaining.slice(cursor + 1, cursor + 1 + count);
      if (oracles.length < count) fail("WrongNumberOfOracleAccounts");
      cursor += 1 + count;
      ctx.consume(UNITS_PER_BALANCE);
      let feed: PriceFeed | ProgramFailure;
      try {
        feed = loadPriceFeed(data, oracles, now, ctx.clock.slot);
      } catch (e) {
        if (!(e instanceof ProgramFailure)) throw e;
        feed = e;
      }
      balances.push({ index: i, side: balanceSide(account, i), bank: data, feed });
    }
    return new RiskEngine(account, balances);
  }

  /** The loaded price feed of one of the account's banks, if it loaded. */
  priceFeedFor(bankKey: string): PriceFeed | null {
    const b = this.balances.find((x) => slot(x.index).bankPk.get(this.account) === bankKey);
    return b && !(b.feed instanceof ProgramFailure) ? b.feed : null;
  }

  private assetValue(b: RiskBalance, requirement: RequirementType, record: InitialRecord | null): I80F48 {
    if (config.riskTier.get(b.bank) === RiskTier.Isolated) return fx.ZERO;
    if (requirement === RequirementType.Initial && config.operationalState.get(b.bank) === BankOperationalState.ReduceOnly) return fx.ZERO;
    if (b.feed instanceof ProgramFailure) {
      if (requirement !== RequirementType.Initial) throw b.feed;
      if (record && record.internalErr === 0) {
        record.internalErr = b.feed.code;
        record.errIndex = b.index;
      }
      return fx.ZERO;
    }
    const price = b.feed.price(priceTypeOf(requirement), PriceBias.Low);
    if (record) record.prices[b.index] = toF64(price);
    const decimals = bank.mintDecimals.get(b.bank);
    const amount = assetAmount(slot(b.index).assetShares.get(this.account), bank.assetShareValue.get(b.bank));
    let weight: I80F48 = fx.ONE;
    if (requirement !== RequirementType.Equity) {
      const own = requirement === RequirementType.Initial ? config.assetWeightInit.get(b.bank) : config.assetWeightMaint.get(b.bank);
      const entry = emodeEntryFor(this.emode, b.bank);
      const boosted = entry && (requirement === RequirementType.Initial ? entry.assetWeightInit : entry.assetWeightMaint);
      weight = boosted !== undefined && fx.cmp(boosted, own) > 0 ? boosted : own;
    }
    if (requirement === RequirementType.Initial) weight = fx.mul(weight, this.initLimitDiscount(b.bank, price));
    return calcValue(amount, price, decimals, weight);
  }

  /** total_asset_value_init_limit: above the limit, every depositor's Initial weight shrinks by limit / bank value. */
  private initLimitDiscount(bankData: BankData, price: I80F48): I80F48 {
    const limit = config.totalAssetValueInitLimit.get(bankData);
    if (limit === 0n) return fx.ONE;
    const total = assetAmount(bank.totalAssetShares.get(bankData), bank.assetShareValue.get(bankData));
    const value = calcValue(total, price, bank.mintDecimals.get(bankData));
    const cap = fx.fromInt(limit);
    return fx.cmp(value, cap) > 0 ? fx.div(cap, value) : fx.ONE;
  }

  private liabilityValue(b: RiskBalance, requirement: RequirementType, record: InitialRecord | null): I80F48 {
    const price = feedOrThrow(b.feed).price(priceTypeOf(requirement), PriceBias.High);
    if (record) record.prices[b.index] = toF64(price);
    const weight =
      requirement === RequirementType.Initial
        ? config.liabilityWeightInit.get(b.bank)
        : requirement === RequirementType.Maintenance
          ? config.liabilityWeightMaint.get(b.bank)
          : fx.ONE;
    const amount = liabilityAmount(slot(b.index).liabilityShares.get(this.account), bank.liabilityShareValue.get(b.bank));
    return calcValue(amount, price, bank.mintDecimals.get(b.bank), weight);
  }

  private components(requirement: RequirementType, record: InitialRecord | null): HealthComponents {
    let assets = fx.ZERO;
    let liabilities = fx.ZERO;
    for (const b of this.balances) {
      if (b.side === "assets") assets = fx.add(assets, this.assetValue(b, requirement, record));
      else if (b.side === "liabilities") liabilities = fx.add(liabilities, this.liabilityValue(b, requirement, record));
    }
    return { assets, liabilities };
  }

  /** Weighted assets and liabilities for a requirement type, without touching any cache. */
  healthComponents(requirement: RequirementType): HealthComponents {
    return this.components(requirement, null);
  }

  /**
   * The Initial check of borrow, withdraw and end of flash loan: weighted assets must cover weighted liabilities
   * (6009), then the isolated-tier rule (6029). Values, prices and the tolerated oracle error go into `cache`.
   */
  checkInitialHealth(cache: HealthCache): void {
    const record: InitialRecord = { prices: cache.prices, internalErr: 0, errIndex: 0 };
    try {
      const { assets, liabilities } = this.components(RequirementType.Initial, record);
      cache.assetValue = assets;
      cache.liabilityValue = liabilities;
      if (fx.cmp(assets, liabilities) < 0) fail("RiskEngineInitRejected");
      cache.flags |= HealthCacheFlags.HEALTHY;
    } finally {
      cache.internalErr = record.internalErr;
      cache.errIndex = record.errIndex;
    }
    this.checkRiskTiers();
  }

  /** With any isolated-tier liability, the account may hold exactly one liability (6029). */
  checkRiskTiers(): void {
    const liabilities = this.balances.filter((b) => b.side === "liabilities");
    if (liabilities.length > 1 && liabilities.some((b) => config.riskTier.get(b.bank) === RiskTier.Isolated)) {
      fail("IsolatedAccountIllegalState");
    }
  }

  /** Maintenance health (assets − liabilities); the account is healthy only above zero. */
  maintenanceHealth(cache?: HealthCache): I80F48 {
    const { assets, liabilities } = this.components(RequirementType.Maintenance, null);
    if (cache) {
      cache.assetValueMaint = assets;
      cache.liabilityValueMaint = liabilities;
    }
    return fx.sub(assets, liabilities);
  }

  /** Fails 6068 unless the account can be liquidated (maintenance health ≤ 0); returns that health. */
  checkLiquidatable(cache?: HealthCache): I80F48 {
    const health = this.maintenanceHealth(cache);
    const healthy = fx.cmp(health, fx.ZERO) > 0;
    if (cache) cache.flags = healthy ? cache.flags | HealthCacheFlags.HEALTHY : cache.flags & ~HealthCacheFlags.HEALTHY;
    if (healthy) fail("HealthyAccount");
    return health;
  }

  /** Equity (book) values: weight 1, EMA prices with confidence bias; written to `cache` when given. */
  equity(cache?: HealthCache): HealthComponents {
    const components = this.components(RequirementType.Equity, null);
    if (cache) {
      cache.assetValueEquity = components.assets;
      cache.liabilityValueEquity = components.liabilities;
    }
    return components;
  }

  /** Fails 6013 unless equity assets are below both the liabilities and $0.1 while some debt remains. */
  checkBankrupt(cache?: HealthCache): void {
    const { assets, liabilities } = this.equity(cache);
    const bankrupt =
      fx.cmp(assets, liabilities) < 0 && fx.cmp(assets, BANKRUPT_THRESHOLD) < 0 && fx.cmp(liabilities, ZERO_AMOUNT_THRESHOLD) > 0;
    if (!bankrupt) fail("AccountNotBankrupt");
  }
}
