// The liquidity plan of one market: who deposits and borrows what, so that every bank holds its supply and the
// borrowable ones reach their target utilization with healthy borrowers. Suppliers' deposits double as the borrowers'
// collateral (each borrower account borrows one bank against slices of the others); a borrower whose slices fall short
// brings extra collateral, and whatever supply no borrower needs sits in plain supplier accounts. All integers.

/** One bank as the plan sees it. */
export interface PlanBank {
  readonly address: string;
  readonly symbol: string;
  readonly decimals: number;
  /** USD per whole token × 10^12. */
  readonly priceE12: bigint;
  readonly supplyUsd: bigint;
  readonly utilizationBps: number;
  /** 0 where deposits cannot back borrows (isolated, soon reduce-only). */
  readonly collateralWeightBps: bigint;
  readonly liabilityWeightBps: bigint;
  /** Native units; deposits and borrows must stay below them. */
  readonly depositLimit: bigint;
  readonly borrowLimit: bigint;
}

/** One margin account of the plan: its deposits, then (for a borrower) its single borrow. */
export interface PlannedAccount {
  readonly deposits: ReadonlyMap<string, bigint>;
  readonly borrow: { readonly bank: string; readonly amount: bigint } | null;
}

export interface LiquidityPlan {
  readonly accounts: readonly PlannedAccount[];
  /** Native totals per bank after the plan. */
  readonly deposits: ReadonlyMap<string, bigint>;
  readonly borrows: ReadonlyMap<string, bigint>;
}

/** Borrowers keep this much Initial-weighted collateral per unit of weighted debt (health factor ~1.35). */
const SAFETY_BPS = 13_500n;
const BPS = 10_000n;
const E12 = 1_000_000_000_000n;
/** Collateral slices per borrower: with the borrow and its risk accounts, the transaction stays far below 1232 bytes. */
const MAX_SLICES = 4;
/** Banks per supplier account (an account holds at most 16 balances). */
const SUPPLIER_BANKS = 8;
const MIN_UTILIZATION_BPS = 2_000n;
const MAX_UTILIZATION_BPS = 8_500n;

const pow10 = (n: number) => 10n ** BigInt(n);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** USD × 10^12 of a native amount. */
export function usdValueE12(bank: Pick<PlanBank, "decimals" | "priceE12">, amount: bigint): bigint {
  return (amount * bank.priceE12) / pow10(bank.decimals);
}

/** The native amount worth `usd` whole dollars. */
export function nativeForUsd(bank: Pick<PlanBank, "decimals" | "priceE12">, usd: bigint): bigint {
  return (usd * E12 * pow10(bank.decimals)) / bank.priceE12;
}

export function planLiquidity(market: string, banks: readonly PlanBank[]): LiquidityPlan {
  const byAddress = new Map(banks.map((b) => [b.address, b]));
  const supply = new Map(banks.map((b) => [b.address, nativeForUsd(b, b.supplyUsd)]));
  const unassigned = new Map(supply);
  const extra = new Map<string, bigint>();
  const accounts: PlannedAccount[] = [];

  const borrowOf = (b: PlanBank) => (supply.get(b.address)! * BigInt(b.utilizationBps)) / BPS;
  /** Initial-weighted collateral value of a native amount, in USD × 10^12 × bps. */
  const weighted = (b: PlanBank, amount: bigint) => usdValueE12(b, amount) * b.collateralWeightBps;
  const need = (b: PlanBank) => (usdValueE12(b, borrowOf(b)) * b.liabilityWeightBps * SAFETY_BPS) / BPS;

  const borrowed = banks.filter((b) => b.utilizationBps > 0).sort((a, b) => (need(b) > need(a) ? 1 : need(b) < need(a) ? -1 : 0));
  for (const target of borrowed) {
    let missing = need(target);
    const deposits = new Map<string, bigint>();
    const candidates = banks
      .filter((c) => c !== target && c.collateralWeightBps > 0n)
      .sort((a, b) => {
        const wa = weighted(a, unassigned.get(a.address)!);
        const wb = weighted(b, unassigned.get(b.address)!);
        return wb > wa ? 1 : wb < wa ? -1 : 0;
      });
    for (const c of candidates) {
      if (missing <= 0n || deposits.size >= MAX_SLICES) break;
      const available = unassigned.get(c.address)!;
      if (weighted(c, available) === 0n) continue;
      const wanted = ceilDiv(missing * pow10(c.decimals), c.priceE12 * c.collateralWeightBps) + 1n;
      const take = wanted < available ? wanted : available;
      deposits.set(c.address, take);
      unassigned.set(c.address, available - take);
      missing -= weighted(c, take);
    }
    if (missing > 0n) {
      // The rest comes as extra collateral in the best-weighted bank the borrower may use.
      const best = candidates.reduce<PlanBank | undefined>(
        (a, b) => (a === undefined || b.collateralWeightBps > a.collateralWeightBps ? b : a),
        undefined,
      );
      if (best === undefined) throw new Error(`${market}: nothing can back a borrow of ${target.symbol}`);
      const more = ceilDiv(missing * pow10(best.decimals), best.priceE12 * best.collateralWeightBps) + 1n;
      deposits.set(best.address, (deposits.get(best.address) ?? 0n) + more);
      extra.set(best.address, (extra.get(best.address) ?? 0n) + more);
    }
    accounts.push({ deposits, borrow: { bank: target.address, amount: borrowOf(target) } });
  }

  const rest = banks.filter((b) => unassigned.get(b.address)! > 0n);
  for (let i = 0; i < rest.length; i += SUPPLIER_BANKS) {
    const chunk = rest.slice(i, i + SUPPLIER_BANKS);
    accounts.push({ deposits: new Map(chunk.map((b) => [b.address, unassigned.get(b.address)!])), borrow: null });
  }

  const deposits = new Map(banks.map((b) => [b.address, supply.get(b.address)! + (extra.get(b.address) ?? 0n)]));
  const borrows = new Map(banks.map((b) => [b.address, b.utilizationBps > 0 ? borrowOf(b) : 0n]));
  for (const [address, total] of deposits) {
    const bank = byAddress.get(address)!;
    const borrow = borrows.get(address)!;
    if (total >= bank.depositLimit) throw new Error(`${market}: ${bank.symbol} deposits ${total} reach its limit ${bank.depositLimit}`);
    if (borrow >= bank.borrowLimit) throw new Error(`${market}: ${bank.symbol} borrows ${borrow} reach its limit ${bank.borrowLimit}`);
    const utilization = (borrow * BPS) / total;
    if (bank.utilizationBps > 0 && (utilization < MIN_UTILIZATION_BPS || utilization > MAX_UTILIZATION_BPS)) {
      throw new Error(`${market}: ${bank.symbol} would be ${utilization} bps utilized`);
    }
  }
  return { accounts, deposits, borrows };
}
