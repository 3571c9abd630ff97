// Receivership (reference §13.2–§13.4): between a start and an end instruction of one transaction, a receiver
// (a liquidator, or the risk admin deleveraging) may withdraw and repay on an account; the end checks what changed.
// Shared by start/end_liquidation and start/end_deleverage.
import type {
  BankAccount,
  LiquidationRecordAccount,
  MarginfiAccountAccount,
  MarginfiAccountData,
  MarginfiGroupData,
} from "../state/views.js";
import { createHash } from "node:crypto";
import { instructionDiscriminator } from "@ballast/codec";
import {
  decodeInstructionsSysvar,
  loadCurrentIndexChecked,
  loadInstructionAtChecked,
  type Clock,
  type InstructionAccount,
  type InstructionContext,
} from "@ballast/ledger";
import * as fx from "../math/i80f48.js";
import type { I80F48 } from "../math/i80f48.js";
import { toF64 } from "../math/value.js";
import { checkHealthAfterAction, freshHealthCache, writeHealthCache } from "../risk/health-cache.js";
import { RiskEngine } from "../risk/risk-engine.js";
import { loadPriceFeed, oracleAccountCount, PriceBias, PriceType, type PriceFeed } from "../risk/price-feed.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { AccountFlags, HealthCacheFlags } from "../state/flags.js";
import { LIQUIDATION_RECORD_ENTRIES, LiquidationRecordLayout } from "../state/liquidation-record.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";
import { updateBankPriceCache } from "./bank-interest.js";
import { fail } from "./errors.js";
import { hasAccountFlag, setAccountFlag } from "../state/account-flags.js";
import type { AccountView } from "@ballast/anchor";
import { liquidationRecordAccount, marginfiAccount } from "./account-kinds.js";

const DEFAULT_KEY = "11111111111111111111111111111111";
const COMPUTE_BUDGET_PROGRAM_ID = "ComputeBudget111111111111111111111111111111";
const KAMINO_LENDING_PROGRAM_ID = "KLend2g3cP87fffoy8q1mQqGKjrxjC8boSyAYavgmjD";
const DRIFT_PROGRAM_ID = "dRiftyHA39MWEi3m9aunc5MzRF1JYuBsbn6VPcn33UH";
/** Programs whose top-level instructions may share a receivership transaction. */
const ALLOWED_PROGRAMS = new Set([
  COMPUTE_BUDGET_PROGRAM_ID,
  KAMINO_LENDING_PROGRAM_ID,
  DRIFT_PROGRAM_ID,
  "JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4",
  "T1TANpTeScyeqVzzgNViGDNrkQ6qHz9KrSBS4aNXvGT",
  "ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL",
]);

const hex = (b: Buffer) => b.toString("hex");
const ixHex = (name: string) => hex(instructionDiscriminator(name));
/** Kamino's and Drift's refreshes may come before the start (their Anchor discriminators). */
const anchorIx = (name: string) => hex(createHash("sha256").update(`global:${name}`).digest().subarray(0, 8));
const INIT_LIQ_RECORD = ixHex("marginfi_account_init_liq_record");
const PRE_START = new Set([
  anchorIx("refresh_reserve"),
  anchorIx("refresh_obligation"),
  anchorIx("update_spot_market_cumulative_interest"),
]);
/** The lending program's instructions a receivership transaction may contain. */
const RECEIVERSHIP_INSTRUCTIONS = new Set(
  [
    "start_liquidation",
    "end_liquidation",
    "start_deleverage",
    "end_deleverage",
    "marginfi_account_init_liq_record",
    "lending_account_withdraw",
    "lending_account_repay",
    "kamino_withdraw",
    "drift_withdraw",
  ].map(ixHex),
);

export type ReceivershipKind = "liquidation" | "deleverage";

/** Start and end are top-level instructions of this program only (6091). */
export function requireTopLevel(ctx: InstructionContext, sysvar: InstructionAccount | null): void {
  if (ctx.stackHeight !== 1) fail("NotAllowedInCPI");
  if (sysvar && loadInstructionAtChecked(loadCurrentIndexChecked(sysvar), sysvar).programId !== ctx.programId) fail("NotAllowedInCPI");
}

/**
 * The transaction shape a receivership needs, read from the Instructions sysvar: only allowed programs (6089);
 * nothing but refreshes and record creation before the start (6086); one start (6087); only withdraws and repays of
 * this program in between (6089); the end last (6088).
 */
export function checkReceivershipTransaction(ctx: InstructionContext, sysvar: InstructionAccount, kind: ReceivershipKind): void {
  const start = ixHex(kind === "liquidation" ? "start_liquidation" : "start_deleverage");
  const end = ixHex(kind === "liquidation" ? "end_liquidation" : "end_deleverage");
  const { instructions, currentIndex } = decodeInstructionsSysvar(sysvar.account.data);
  let started = false;
  let startIndex = -1;
  instructions.forEach((ix, index) => {
    if (!ALLOWED_PROGRAMS.has(ix.programId) && ix.programId !== ctx.programId) fail("ForbiddenIx");
    if (ix.programId === COMPUTE_BUDGET_PROGRAM_ID) return;
    if (ix.data.length < 8) fail("StartNotFirst");
    const discriminator = hex(ix.data.subarray(0, 8));
    const ours = ix.programId === ctx.programId;
    if (ours && discriminator === start) {
      if (started) fail("StartRepeats");
      started = true;
      startIndex = index;
    } else if (!started) {
      if (!(ours ? discriminator === INIT_LIQ_RECORD : PRE_START.has(discriminator))) fail("StartNotFirst");
    } else if (ours && !RECEIVERSHIP_INSTRUCTIONS.has(discriminator)) {
      fail("ForbiddenIx");
    }
  });
  if (!started || startIndex !== currentIndex) fail("StartNotFirst");
  const last = instructions.at(-1);
  if (last?.programId !== ctx.programId || hex(last.data.subarray(0, 8)) !== end) fail("EndNotLast");
  if (startIndex >= instructions.length - 1) fail("StartNotFirst");
}

const BLOCKING = AccountFlags.ACCOUNT_IN_RECEIVERSHIP | AccountFlags.ACCOUNT_IN_FLASHLOAN | AccountFlags.ACCOUNT_DISABLED;

/** [marginfi_account (mut, has_one liquidation_record), liquidation_record (mut)]: how every receivership instruction starts. */
export const RECEIVERSHIP_ACCOUNTS = {
  marginfiAccount: marginfiAccount({ mut: "load" }),
  liquidationRecord: liquidationRecordAccount({ mut: "load" }),
} as const;

/**
 * marginfi_account's constraints: the record is the account's (6095), and the account is free to start a
 * receivership, or in one to end it (6085).
 */
export function checkAccountAndRecord(account: AccountView<"MarginfiAccount">, record: InstructionAccount, stage: "start" | "end"): void {
  const data = account.data;
  if (MarginfiAccountLayout.fields.liquidationRecord.get(data) !== record.key) fail("InvalidLiquidationRecord", "marginfi_account");
  const ready =
    stage === "start"
      ? !hasAccountFlag(data, BLOCKING)
      : hasAccountFlag(data, AccountFlags.ACCOUNT_IN_RECEIVERSHIP) &&
        !hasAccountFlag(data, AccountFlags.ACCOUNT_IN_FLASHLOAN | AccountFlags.ACCOUNT_DISABLED);
  if (!ready) fail("UnexpectedLiquidationState", "marginfi_account");
}

/**
 * Puts the account in receivership: the receiver is recorded, the health cache and the record's snapshot take the
 * maintenance and equity values, and (for a liquidation) the account must be liquidatable (6068).
 */
export function startReceivership(
  ctx: InstructionContext,
  account: MarginfiAccountAccount,
  record: LiquidationRecordAccount,
  receiver: string,
  remaining: readonly InstructionAccount[],
  kind: ReceivershipKind,
): void {
  const data = account.data;
  const recordData = record.data;
  const r = LiquidationRecordLayout.fields;
  r.liquidationReceiver.set(recordData, receiver);
  const engine = RiskEngine.load(ctx, data, remaining);
  const cache = snapshotCache();
  if (kind === "liquidation") engine.checkLiquidatable(cache);
  else engine.maintenanceHealth(cache);
  engine.equity(cache);
  writeHealthCache(data, cache);
  setAccountFlag(data, AccountFlags.ACCOUNT_IN_RECEIVERSHIP, true);
  if (kind === "deleverage") setAccountFlag(data, AccountFlags.ACCOUNT_IN_DELEVERAGE, true);
  const c = r.cache.fields;
  c.assetValueMaint.set(recordData, cache.assetValueMaint);
  c.liabilityValueMaint.set(recordData, cache.liabilityValueMaint);
  c.assetValueEquity.set(recordData, cache.assetValueEquity);
  c.liabilityValueEquity.set(recordData, cache.liabilityValueEquity);
}

/** Receivership caches are zeroed with timestamp and version left at 0. */
function snapshotCache() {
  const cache = freshHealthCache(0n);
  cache.programVersion = 0;
  return cache;
}

export interface ReceivershipOutcome {
  /** Equity assets the receiver took, in USD. */
  readonly seized: I80F48;
  /** Equity liabilities the receiver paid off, in USD. */
  readonly repaid: I80F48;
  /** Small accounts (pre-liquidation equity assets under $5) may be closed out without the usual limits. */
  readonly closeOut: boolean;
}

/** Below this many USD of equity assets a liquidation may close the account out entirely. */
export const LIQUIDATION_CLOSEOUT_DOLLAR_THRESHOLD = fx.fromInt(5);

/**
 * Ends the receivership on the post-liquidation state: not healthier than zero unless closing out (6068), not
 * worse than before (6072); records what was seized and repaid in the record's ring of the last four entries.
 */
export function endReceivership(
  ctx: InstructionContext,
  account: MarginfiAccountAccount,
  record: LiquidationRecordAccount,
  remaining: readonly InstructionAccount[],
  kind: ReceivershipKind,
): ReceivershipOutcome {
  const data = account.data;
  const recordData = record.data;
  const r = LiquidationRecordLayout.fields;
  const pre = r.cache.get(recordData);
  const closeOut = kind === "deleverage" || fx.cmp(pre.assetValueEquity, LIQUIDATION_CLOSEOUT_DOLLAR_THRESHOLD) < 0;

  const engine = RiskEngine.load(ctx, data, remaining);
  const cache = snapshotCache();
  const postHealth = engine.maintenanceHealth(cache);
  const healthy = fx.cmp(postHealth, fx.ZERO) > 0;
  if (healthy) cache.flags |= HealthCacheFlags.HEALTHY;
  if (healthy && !closeOut) fail("HealthyAccount");
  const post = engine.equity(cache);
  writeHealthCache(data, cache);
  const preHealth = fx.sub(pre.assetValueMaint, pre.liabilityValueMaint);
  if (fx.cmp(preHealth, postHealth) > 0) fail("WorseHealthPostLiquidation");

  const seized = fx.sub(pre.assetValueEquity, post.assets);
  const repaid = fx.sub(pre.liabilityValueEquity, post.liabilities);
  setAccountFlag(data, AccountFlags.ACCOUNT_IN_RECEIVERSHIP | AccountFlags.ACCOUNT_IN_DELEVERAGE, false);
  r.liquidationReceiver.set(recordData, DEFAULT_KEY);
  const entries = r.entries.get(recordData);
  entries.shift();
  entries.push({
    assetAmountSeized: toF64(seized),
    liabAmountRepaid: toF64(repaid),
    placeholder0: 0n,
    timestamp: ctx.clock.unixTimestamp,
    reserved0: new Uint8Array(16),
  });
  if (entries.length !== LIQUIDATION_RECORD_ENTRIES) throw new Error("liquidation record ring has the wrong length");
  r.entries.set(recordData, entries);
  return { seized, repaid, closeOut };
}

/**
 * A withdrawal in receivership prices its own bank from the remaining accounts (the bank, then its oracles): the
 * low-biased real-time price must be positive (6057), so worthless collateral cannot be taken for free.
 */
export function receivershipWithdrawPrice(
  remaining: readonly InstructionAccount[],
  bank: BankAccount,
  clock: Pick<Clock, "unixTimestamp" | "slot">,
): { feed: PriceFeed; price: I80F48 } {
  const at = remaining.findIndex((a) => a.key === bank.key);
  if (at < 0) fail("InvalidBankAccount");
  const count = oracleAccountCount(bank.data);
  const feed = loadPriceFeed(bank.data, remaining.slice(at + 1, at + 1 + count), clock.unixTimestamp, clock.slot);
  const price = feed.price(PriceType.RealTime, PriceBias.Low);
  if (fx.cmp(price, fx.ZERO) <= 0) fail("ZeroAssetPrice");
  return { feed, price };
}

/**
 * The last step of a withdrawal. In receivership the end instruction judges the whole liquidation, so only the bank's
 * price cache is refreshed; otherwise the account must still pass its Initial requirement.
 */
export function checkAfterWithdrawal(
  ctx: InstructionContext,
  account: MarginfiAccountData,
  remaining: readonly InstructionAccount[],
  bank: BankAccount,
  receivership: { feed: PriceFeed } | null,
): void {
  if (receivership) {
    const { price, confidence } = receivership.feed.priceAndConfidence(PriceType.RealTime);
    updateBankPriceCache(bank.data, price, confidence, ctx.clock.unixTimestamp);
  } else {
    checkHealthAfterAction(ctx, account, remaining, bank);
  }
}

const DAILY_RESET_INTERVAL = 86_400n;
const U32_MAX = 0xffff_ffff;

/** A deleverage withdrawal's whole-dollar value counts against the group's daily window (6101 past the limit). */
export function recordDeleverageWithdrawal(group: MarginfiGroupData, usdValue: I80F48, now: bigint): void {
  const w = MarginfiGroupLayout.fields.deleverageWithdrawWindowCache.fields;
  if (now - w.lastDailyResetTimestamp.get(group) >= DAILY_RESET_INTERVAL) {
    w.withdrawnToday.set(group, 0);
    w.lastDailyResetTimestamp.set(group, now);
  }
  const dollars = fx.toIntFloor(usdValue);
  const total = BigInt(w.withdrawnToday.get(group)) + (dollars > 0n ? dollars : 0n);
  const withdrawn = total > BigInt(U32_MAX) ? U32_MAX : Number(total);
  w.withdrawnToday.set(group, withdrawn);
  const limit = w.dailyLimit.get(group);
  if (limit !== 0 && withdrawn > limit) fail("DailyWithdrawalLimitExceeded");
}
