// The markets table's rows: one per bank of the selected market, every figure from the SDK's math on the market
// snapshot (totals, caps, utilization, and the APY with its parts from the SDK's marketApys, the one APY every screen
// shows), joined with the server's bank DTO (LST yield) and the token metadata of the app config (symbol, name, asset
// group). Then search, sort and grouping under the seven headings.
import {
  accountRisk,
  bankActionRefusal,
  bankStateName,
  bankTotalsUsd,
  borrowableNative,
  emodeTagOf,
  EmodeTag,
  floorNative,
  isKaminoBank,
  kaminoReserveTotals,
  loanToValue,
  lstApyFromDto,
  marketApys,
  maxBorrow,
  midPrice,
  nativeToUi,
  toNumber,
  utilizationRate,
  walletFunds,
  type ApyBreakdown,
  type BalanceLike,
  type BankApy,
  type BankDto,
  type BankStateName,
  type Market,
  type NetApy,
  type PricedBank,
  type WalletBalances,
} from "@ballast/sdk";
import { RiskTier, type I80F48 } from "@ballast/protocol";
import { ASSET_CATEGORIES, type AssetCategory, type TokenInfo } from "../../api/index.js";
import type { ActionType } from "../action-box/context.js";
import { U64_MAX } from "@ballast/protocol";

export type LendingMode = "lend" | "borrow";
export type BankAction = "Supply" | "Borrow" | "Withdraw" | "Repay";
export type ProviderLabel = "Ballast" | "Kamino-style third-party market";
/** The bank's operational state as the SDK names it (killed by bankruptcy included). */
export type OperationalState = BankStateName;

export const PROVIDER_BALLAST: ProviderLabel = "Ballast";
export const PROVIDER_KAMINO: ProviderLabel = "Kamino-style third-party market";

export interface BankRow {
  readonly address: string;
  /** The lending group (market) the bank belongs to. */
  readonly group: string;
  readonly mint: string;
  readonly symbol: string;
  readonly name: string;
  readonly category: AssetCategory;
  /** The configured token list's logo; null: the app's drawn mark. */
  readonly logoURI: string | null;
  readonly decimals: number;
  /** USD per token (oracle mid price); null when the oracle cannot price it. */
  readonly price: number | null;
  /** Lending APY + lending emissions + staking yield (fractions): lending.total. */
  readonly depositApy: number;
  /** Borrowing APY + staking yield − borrowing emissions: borrowing.total. */
  readonly borrowApy: number;
  /** Both sides' APY with its parts. */
  readonly lending: ApyView;
  readonly borrowing: ApyView;
  /** Initial asset weight (collateral weight), 0–1. */
  readonly assetWeight: number;
  /** Loan-to-value = 1 / initial liability weight. */
  readonly ltv: number;
  /** Tokens. */
  readonly totalDeposits: number;
  readonly totalBorrows: number;
  readonly depositsUsd: number | null;
  readonly borrowsUsd: number | null;
  /** Limits in tokens; null without a limit. */
  readonly depositCap: number | null;
  readonly borrowCap: number | null;
  /** Tokens that can be borrowed now: the liquidity, within the room under the borrow limit. */
  readonly available: number;
  /** Fraction of deposits borrowed, 0–1. */
  readonly utilization: number;
  readonly provider: ProviderLabel;
  readonly isolated: boolean;
  /** The client's e-mode tag (501, 1571, 1572) or 0. */
  readonly emodeTag: EmodeTag;
  /** E-mode applies: a known tag or entries that boost other banks' collateral. */
  readonly emode: boolean;
  /** "LST Tier 1" / "LST Tier 2" for the e-mode tags 1571 / 1572. */
  readonly lstTier: "LST Tier 1" | "LST Tier 2" | null;
  readonly operationalState: OperationalState;
  /** The actions the bank takes now, by its state and kind (the SDK's rule): none when paused or killed. */
  readonly actions: readonly ActionType[];
  /** The reserve a Kamino bank lends into: its whole supply and borrows (tokens, dollars); null for Ballast's own banks. */
  readonly reserve: {
    readonly supply: number;
    readonly borrowed: number;
    readonly supplyUsd: number | null;
    readonly borrowedUsd: number | null;
  } | null;
  /**
   * The insurance fund: what the bank's insurance vault holds (tokens, dollars), from the server's bank DTO; null
   * when the server did not read it.
   */
  readonly insuranceFund: { readonly tokens: number; readonly usd: number | null } | null;
}

/** An APY and its parts as display fractions: a bank's lending or borrowing side, or an account's net APY. */
export interface ApyView {
  readonly side: "lending" | "borrowing" | "net";
  /** Interest APY (for the net APY: earned less paid). */
  readonly interest: number;
  /** Emissions APR, a reward on either side. */
  readonly emissions: number;
  /** Staking yield (earned on LST deposits, owed on LST debts). */
  readonly stakingYield: number;
  readonly total: number;
}

export function apyView(side: ApyView["side"], apy: ApyBreakdown | NetApy): ApyView {
  return {
    side,
    interest: toNumber(apy.interest),
    emissions: toNumber(apy.emissions),
    stakingYield: toNumber(apy.stakingYield),
    total: toNumber(apy.total),
  };
}

/** The SDK's APY of every bank of the market, staking yields from the banks' DTOs (lst_apy): what every screen shows. */
export function apysOf(market: Market, dtos: readonly BankDto[] | undefined): (bank: PricedBank) => BankApy {
  const lstApys = new Map((dtos ?? []).map((dto) => [dto.bank_address, dto.lst_apy]));
  return marketApys(market, (bank) => lstApyFromDto(lstApys.get(bank.address)));
}

function lstTierOf(tag: EmodeTag): BankRow["lstTier"] {
  if (tag === EmodeTag.LstTier1) return "LST Tier 1";
  if (tag === EmodeTag.LstTier2) return "LST Tier 2";
  return null;
}

const tokens = (native: I80F48, decimals: number) => nativeToUi(floorNative(native), decimals);

/** How a row's actions are named: the symbol, plus the provider for a bank of the third-party market. */
export function rowActionLabel(row: BankRow, action: BankAction): string {
  return row.provider === PROVIDER_KAMINO ? `${action} ${row.symbol} (${PROVIDER_KAMINO})` : `${action} ${row.symbol}`;
}

/** The row of one bank; `apyOf` is the market's (apysOf), shared by every row and screen. */
export function bankRow(
  market: Market,
  priced: PricedBank,
  dto: BankDto | undefined,
  token: TokenInfo | undefined,
  apyOf: (bank: PricedBank) => BankApy = apysOf(market, dto ? [dto] : []),
): BankRow {
  const { bank, decimals } = priced;
  const mid = midPrice(priced.price);
  const price = mid === null ? null : toNumber(mid);
  const apy = apyOf(priced);
  const lending = apyView("lending", apy.lending);
  const borrowing = apyView("borrowing", apy.borrowing);
  const totalDeposits = tokens(priced.totalAssets, decimals);
  const totalBorrows = tokens(priced.totalLiabilities, decimals);
  const totalsUsd = bankTotalsUsd(priced);
  const emodeTag = emodeTagOf(bank.emode.emodeTag);
  return {
    address: priced.address,
    group: bank.group,
    mint: bank.mint,
    symbol: dto?.symbol || token?.symbol || `${bank.mint.slice(0, 4)}…`,
    name: dto?.name || token?.name || bank.mint,
    category: token?.category ?? "Other",
    logoURI: token?.logoURI ?? null,
    decimals,
    price,
    depositApy: lending.total,
    borrowApy: borrowing.total,
    lending,
    borrowing,
    assetWeight: toNumber(bank.config.assetWeightInit),
    ltv: toNumber(loanToValue(priced)),
    totalDeposits,
    totalBorrows,
    depositsUsd: totalsUsd === null ? null : toNumber(totalsUsd.deposits),
    borrowsUsd: totalsUsd === null ? null : toNumber(totalsUsd.borrows),
    depositCap: limitInTokens(priced.depositLimit, decimals),
    borrowCap: limitInTokens(bank.config.borrowLimit, decimals),
    available: nativeToUi(borrowableNative(priced), decimals),
    utilization: toNumber(utilizationRate(priced)),
    provider: isKaminoBank(bank) ? PROVIDER_KAMINO : PROVIDER_BALLAST,
    isolated: bank.config.riskTier === RiskTier.Isolated,
    emodeTag,
    emode: emodeTag !== EmodeTag.Unset || priced.emodeEntries.size > 0,
    lstTier: lstTierOf(emodeTag),
    operationalState: bankStateName(bank),
    actions: ALL_ACTIONS.filter((action) => bankActionRefusal(bank, action) === null),
    reserve: reserveOf(priced),
    insuranceFund: insuranceFundOf(dto, decimals, price),
  };
}

function insuranceFundOf(dto: BankDto | undefined, decimals: number, price: number | null): BankRow["insuranceFund"] {
  const balance = dto?.insurance_vault_balance;
  if (balance == null) return null;
  const amount = nativeToUi(BigInt(balance), decimals);
  return { tokens: amount, usd: price === null ? null : amount * price };
}

const ALL_ACTIONS: readonly ActionType[] = ["deposit", "withdraw", "borrow", "repay"];

/** A Kamino bank's reserve totals as display numbers. */
function reserveOf(priced: PricedBank): BankRow["reserve"] {
  const totals = kaminoReserveTotals(priced);
  if (totals === null) return null;
  return {
    supply: tokens(totals.supply, priced.decimals),
    borrowed: tokens(totals.borrowed, priced.decimals),
    supplyUsd: totals.usd === null ? null : toNumber(totals.usd.supply),
    borrowedUsd: totals.usd === null ? null : toNumber(totals.usd.borrowed),
  };
}

/** A u64 limit in tokens; u64::MAX means no limit. */
function limitInTokens(limit: bigint, decimals: number): number | null {
  return limit === U64_MAX ? null : nativeToUi(limit, decimals);
}

/** Every bank of the market as a row; DTOs and tokens are matched by bank address and mint. */
export function buildBankRows(market: Market, dtos: readonly BankDto[], tokenList: readonly TokenInfo[]): BankRow[] {
  const dtoByAddress = new Map(dtos.map((d) => [d.bank_address, d]));
  const tokenByMint = new Map(tokenList.map((t) => [t.mint, t]));
  const apyOf = apysOf(market, dtos);
  return [...market.banks.values()].map((priced) =>
    bankRow(market, priced, dtoByAddress.get(priced.address), tokenByMint.get(priced.bank.mint), apyOf),
  );
}

/**
 * What the connected user can do in each bank, by bank address, in tokens: the wallet's balance of the bank's token
 * (native SOL counted for the SOL bank, as a deposit wraps it) in lend mode, what the selected account can borrow
 * (the SDK's maxBorrow; nothing without an account) in borrow mode.
 */
export type PersonalAmounts = ReadonlyMap<string, number>;

export function walletAmounts(market: Market, balances: WalletBalances): PersonalAmounts {
  return new Map(
    [...market.banks.values()].map((priced) => {
      const funds = walletFunds(balances, priced.bank.mint);
      return [priced.address, nativeToUi(funds.token + (priced.isNativeSol ? funds.nativeSol : 0n), priced.decimals)] as const;
    }),
  );
}

export function borrowableAmounts(market: Market, balances: readonly BalanceLike[] | null): PersonalAmounts {
  const account = accountRisk(balances ?? [], market.banks);
  return new Map(
    [...market.banks.values()].map((priced) => [priced.address, nativeToUi(maxBorrow(account, priced), priced.decimals)] as const),
  );
}

/** A position the selected account holds in a bank. */
export interface RowPosition {
  readonly isLending: boolean;
}

/**
 * The row's action (the reference's contextual rule): without a position Supply (lend) / Borrow (borrow); with a
 * lending position Supply (lend) / Withdraw (borrow); with a borrowing position Repay (lend) / Borrow (borrow).
 */
export function rowAction(mode: LendingMode, position: RowPosition | undefined): BankAction {
  if (!position) return mode === "lend" ? "Supply" : "Borrow";
  if (position.isLending) return mode === "lend" ? "Supply" : "Withdraw";
  return mode === "lend" ? "Repay" : "Borrow";
}

export type SortKey = "price" | "apy" | "weight" | "total" | "cap" | "utilization";
export interface Sort {
  readonly key: SortKey;
  readonly direction: "asc" | "desc";
}

/** The table's default order: largest pools first (deposits in USD, or borrows in borrow mode). */
export const DEFAULT_SORT: Sort = { key: "total", direction: "desc" };

/** The value a column sorts by in a mode; null sorts last whatever the direction. */
function sortValue(row: BankRow, key: SortKey, mode: LendingMode): number | null {
  switch (key) {
    case "price":
      return row.price;
    case "apy":
      return mode === "lend" ? row.depositApy : row.borrowApy;
    case "weight":
      return mode === "lend" ? row.assetWeight : row.ltv;
    case "total":
      return mode === "lend" ? row.depositsUsd : row.borrowsUsd;
    case "cap":
      // No limit is the largest cap.
      return (mode === "lend" ? row.depositCap : row.borrowCap) ?? Number.POSITIVE_INFINITY;
    case "utilization":
      return row.utilization;
  }
}

export function sortRows(rows: readonly BankRow[], sort: Sort, mode: LendingMode): BankRow[] {
  const sign = sort.direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.key, mode);
    const y = sortValue(b, sort.key, mode);
    if (x === null || y === null) return x === y ? a.symbol.localeCompare(b.symbol) : x === null ? 1 : -1;
    return x === y ? a.symbol.localeCompare(b.symbol) : (x - y) * sign;
  });
}

/** Rows whose symbol, name, mint or bank address contains the search text (any case). */
function searchRows(rows: readonly BankRow[], search: string): BankRow[] {
  const needle = search.trim().toLowerCase();
  if (needle === "") return [...rows];
  return rows.filter((row) => [row.symbol, row.name, row.mint, row.address].some((field) => field.toLowerCase().includes(needle)));
}

export interface RowGroup {
  readonly category: AssetCategory;
  readonly rows: readonly BankRow[];
}

/** A bank backed by the third-party market lends its deposits on to the market's reserve and takes no borrows. */
const isBorrowable = (row: BankRow): boolean => row.provider !== PROVIDER_KAMINO;

/**
 * Searched and sorted rows under the seven headings in their fixed order; empty groups are left out, and borrow
 * mode lists only banks that lend.
 */
export function groupRows(
  rows: readonly BankRow[],
  options: { readonly mode: LendingMode; readonly sort: Sort; readonly search: string },
): RowGroup[] {
  const offered = options.mode === "borrow" ? rows.filter(isBorrowable) : rows;
  const sorted = sortRows(searchRows(offered, options.search), options.sort, options.mode);
  return ASSET_CATEGORIES.map((category) => ({ category, rows: sorted.filter((row) => row.category === category) })).filter(
    (group) => group.rows.length > 0,
  );
}
