// Activity records (apps/server/src/routes/activity.ts) as table rows: the type's name, the exact token amount from
// native units, its value at the token's current price where the market prices it, and the bank's symbol.
import type { ActivityRecord, LiquidationRecordEntryDto } from "../../api/index.js";
import { formatTokenAmount, formatTokenNumber, formatUsd } from "../../format/index.js";

export const ACTIVITY_TYPE_LABELS: Readonly<Record<string, string>> = {
  create_account: "Create account",
  deposit: "Deposit",
  withdraw: "Withdraw",
  borrow: "Borrow",
  repay: "Repay",
  liquidation: "Liquidation",
  receivership_liquidation: "Receivership liquidation",
  deleverage: "Deleverage",
  bankruptcy: "Bankruptcy",
  transfer_account: "Transfer account",
  freeze_account: "Freeze account",
  withdraw_emissions: "Claim emissions",
};

const typeLabel = (type: string) => ACTIVITY_TYPE_LABELS[type] ?? type.replaceAll("_", " ");

/** What the market knows of a mint: its bank's decimals, symbol and current USD price. */
export interface MintInfo {
  readonly symbol: string;
  readonly decimals: number;
  readonly price: number | null;
}

export interface ActivityRow {
  readonly key: string;
  readonly record: ActivityRecord;
  readonly type: string;
  readonly symbol: string | null;
  /** The third-party market behind the record's bank (a Kamino bank); null for Ballast's own banks. */
  readonly provider: string | null;
  /** Tokens, exact; null for records without an amount. */
  readonly amount: string | null;
  /** USD at the current price; null when unknown. */
  readonly usd: string | null;
  /** The server's account of what happened, for records an amount does not tell (a liquidation's seized and repaid). */
  readonly description: string | null;
}

/** The decimals of a record's amount: the payout's own for emissions, else the token's. */
function decimalsOf(record: ActivityRecord, mint: MintInfo | undefined): number | undefined {
  if (record.type === "withdraw_emissions" && typeof record.details.decimals === "number") return record.details.decimals;
  return mint?.decimals;
}

/** Banks lent on to a third-party market → that market's name. */
export type BankProviders = ReadonlyMap<string, string>;

export function activityRow(
  record: ActivityRecord,
  mints: ReadonlyMap<string, MintInfo>,
  providers: BankProviders = new Map(),
): ActivityRow {
  const mint = record.mint === null ? undefined : mints.get(record.mint);
  const decimals = decimalsOf(record, mint);
  let amount: string | null = null;
  if (record.amount !== null && decimals !== undefined) amount = formatTokenAmount(BigInt(record.amount), decimals);
  else if (record.uiAmount !== null) amount = formatTokenNumber(record.uiAmount, 6);
  const usd = record.uiAmount !== null && mint?.price != null ? formatUsd(record.uiAmount * mint.price) : null;
  return {
    key: `${record.signature}:${record.eventIndex}`,
    record,
    type: typeLabel(record.type),
    // The market's token list names the mint when it lists it; the server's symbol otherwise.
    symbol: mint?.symbol ?? record.symbol,
    provider: record.bank === null ? null : (providers.get(record.bank) ?? null),
    amount,
    usd,
    description: record.description,
  };
}

/** When the block time is unknown, the slot stands in. */
export function recordTime(record: Pick<ActivityRecord, "timestamp" | "slot">): string {
  return record.timestamp === null ? `Slot ${record.slot}` : new Date(record.timestamp * 1000).toLocaleString();
}

/** Types of the records whose account's liquidation record is shown with them. */
const LIQUIDATION_TYPES: ReadonlySet<string> = new Set(["liquidation", "receivership_liquidation"]);

/**
 * Keys of the rows under which the wallet's liquidated accounts show their liquidation record: each account's newest
 * liquidation row (rows are newest first), since the record is the account's, not one liquidation's.
 */
export function liquidationRecordRows(rows: readonly ActivityRow[], wallet: string | null): ReadonlySet<string> {
  const keys = new Set<string>();
  if (wallet === null) return keys;
  const accounts = new Set<string>();
  for (const { key, record } of rows) {
    if (!LIQUIDATION_TYPES.has(record.type) || record.authority !== wallet || accounts.has(record.account)) continue;
    accounts.add(record.account);
    keys.add(key);
  }
  return keys;
}

/** "<date>: $X seized, $Y repaid" of one entry of a liquidation record. */
export function liquidationRecordLine(entry: LiquidationRecordEntryDto): string {
  const date = new Date(entry.timestamp).toLocaleString();
  return `${date}: ${formatUsd(entry.assetSeizedUsd)} seized, ${formatUsd(entry.liabilityRepaidUsd)} repaid`;
}
