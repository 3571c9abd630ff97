// Banks (spec §3 Bank), their historic points, rates and emissions (spec §7): GET /api/banks/{db,rpc},
// /api/banks/db/{bank}/historic/{period}, /api/rates, /api/emissions. Rates and utilization are fractions (0.05 = 5%).
import type { BankDto } from "../state/bank-dto.js";

/** Banks as last stored by the server's job (`db`) or read from the ledger now (`rpc`). */
export type BankSource = "db" | "rpc";

/** GET /api/banks/{source}'s reply: every bank of every market, ordered by address; group_address names the market. */
export type BanksReply = BankDto[];

/** 1d: hourly points, 7d: 4-hourly, 30d and all: daily. */
export type HistoricPeriod = "1d" | "7d" | "30d" | "all";

/** One stored point of a bank (spec §3 Historic bank point); GET /api/banks/db/{bank}/historic/{period} lists them. */
export interface HistoricBankPoint {
  /** Start of the snapshot interval the point belongs to (unix seconds). */
  readonly start_time: number;
  /** Totals in UI token units (native units / 10^decimals). */
  readonly total_deposits: number;
  readonly total_borrows: number;
  /** APYs. */
  readonly deposit_rate: number;
  readonly borrow_rate: number;
  readonly utilization: number;
  /** USD; null when the oracle had no usable price. */
  readonly usd_price: number | null;
  readonly optimal_utilization_rate: number;
  readonly plateau_interest_rate: number;
  readonly max_interest_rate: number;
  readonly insurance_fee_fixed_apr: number;
  readonly insurance_ir_fee: number;
  readonly protocol_fixed_fee_apr: number;
  readonly protocol_ir_fee: number;
  readonly protocol_origination_fee: number;
  readonly program_fee_rate: number;
  /** Null for banks that do not deposit into a Kamino reserve. */
  readonly kamino_supply_apy: number | null;
}

/** An off-chain reward campaign on a bank (Ballast runs none: rewards are on-chain emissions). */
export interface RateCampaign {
  readonly type: "lending" | "pair";
  readonly rate: number;
  readonly bankAddresses: readonly string[];
}

/** Rates of one bank as fractions (spec §3 Rates per bank). */
export interface BankRatesDto {
  readonly bankAddress: string;
  readonly mint: string;
  /** Interest APY + emissions APR + staking yield. */
  readonly totalLendingRate: number;
  /** Interest APY + staking yield − emissions APR. */
  readonly totalBorrowingRate: number;
  /** Interest APYs. */
  readonly lendingRate: number;
  readonly borrowingRate: number;
  /** The LST's staking yield; 0 for other tokens. */
  readonly lstRate: number;
  /** Emissions APRs. */
  readonly emissionsLendingRate: number;
  readonly emissionsBorrowRate: number;
  readonly campaigns: readonly RateCampaign[];
  /** A per-bank points multiplier; null (Ballast has none). */
  readonly pointsBoost: number | null;
}

/** GET /api/rates's reply, keyed by bank address. */
export type RatesReply = Record<string, BankRatesDto>;

/** The emissions of one bank. */
export interface BankEmissionsDto {
  readonly bankAddress: string;
  readonly bankMint: string;
  /** The reward token's mint. */
  readonly emissionsMint: string;
  /** Reward native units per UI bank token per year, as a decimal integer string. */
  readonly emissionsRate: string;
  /** Reward native units left to emit, as an exact decimal string. */
  readonly emissionsRemaining: string;
  /** Which sides earn: lenders, borrowers. */
  readonly lending: boolean;
  readonly borrowing: boolean;
  /** APR (fraction); null without a price for the reward or the bank token. */
  readonly apr: number | null;
}

/** GET /api/emissions's reply, keyed by bank address (banks with emissions only). */
export type EmissionsReply = Record<string, BankEmissionsDto>;
