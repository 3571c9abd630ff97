// Historic bank points: every run stores one point per bank of every market, at the start of the snapshot interval the
// run falls in. A second run in the same interval replaces that interval's points, so a point is the bank's state at
// the latest snapshot of its interval and reruns are harmless. A point also keeps the share values, decimals and read
// time the account history values balances with. Each run also records the LSTs' exchange rates.
import { floorNative, ceilNative, interestRates, midPrice, nativeToUi, toNumber, utilizationRate, type PricedBank } from "@ballast/sdk";
import { interestFees, programFeesOf, type ProgramFees } from "@ballast/protocol";
import type { Insertable } from "kysely";
import type { RouteContext } from "../app.js";
import type { BankHistoryTable } from "../db/schema/history.js";
import { lstExchangeRates, recordLstRates } from "./lst-rates.js";
import type { ScheduledJob } from "./scheduler.js";

/** Points are aligned to this period when the job is driven by hand (interval 0): hourly, the default interval. */
const HAND_RUN_PERIOD_SECONDS = 3_600;

/** The snapshot period in whole seconds (at least 1). */
export function snapshotPeriodSeconds(intervalMs: number): number {
  return intervalMs > 0 ? Math.max(1, Math.round(intervalMs / 1_000)) : HAND_RUN_PERIOD_SECONDS;
}

/**
 * The bank's point at `startTime`: totals in UI token units (deposits in whole native units rounded down, debt rounded
 * up, as the program pays out and is owed), deposit and borrow rates as the APYs the rates view shows, the curve
 * and fee parameters of the bank's config, and the program fee rate the group applies (0 when program fees are off).
 */
export function historicPoint(
  priced: PricedBank,
  programFees: ProgramFees,
  startTime: number,
  takenAt: number,
): Insertable<BankHistoryTable> {
  const interest = priced.bank.config.interestRateConfig;
  const { lendingApy, borrowingApy } = interestRates(priced);
  const price = midPrice(priced.price);
  return {
    bank: priced.address,
    start_time: startTime,
    total_deposits: nativeToUi(floorNative(priced.totalAssets), priced.decimals),
    total_borrows: nativeToUi(ceilNative(priced.totalLiabilities), priced.decimals),
    deposit_rate: toNumber(lendingApy),
    borrow_rate: toNumber(borrowingApy),
    utilization: toNumber(utilizationRate(priced)),
    usd_price: price === null ? null : toNumber(price),
    optimal_utilization_rate: toNumber(interest.optimalUtilizationRate),
    plateau_interest_rate: toNumber(interest.plateauInterestRate),
    max_interest_rate: toNumber(interest.maxInterestRate),
    insurance_fee_fixed_apr: toNumber(interest.insuranceFeeFixedApr),
    insurance_ir_fee: toNumber(interest.insuranceIrFee),
    protocol_fixed_fee_apr: toNumber(interest.protocolFixedFeeApr),
    protocol_ir_fee: toNumber(interest.protocolIrFee),
    protocol_origination_fee: toNumber(interest.protocolOriginationFee),
    program_fee_rate: toNumber(interestFees(interest, programFees).programFeeRate),
    // A Kamino bank lends at its reserve's supply rate.
    kamino_supply_apy: priced.kamino === null ? null : toNumber(lendingApy),
    // What values an account's shares at this point (the account history).
    asset_share_value: String(priced.assetShareValue),
    liability_share_value: String(priced.bank.liabilityShareValue),
    mint_decimals: priced.decimals,
    taken_at: takenAt,
  };
}

export function bankHistoryJob(context: RouteContext): ScheduledJob {
  const period = snapshotPeriodSeconds(context.config.snapshotIntervalMs);
  return {
    name: "bank-history",
    intervalMs: context.config.snapshotIntervalMs,
    async run() {
      const markets = await context.markets.markets();
      const startTime = Math.floor(context.now() / period) * period;
      const points: Insertable<BankHistoryTable>[] = [];
      for (const market of markets) {
        const programFees = programFeesOf(market.group);
        for (const priced of market.banks.values()) {
          try {
            points.push(historicPoint(priced, programFees, startTime, Math.floor(context.now())));
          } catch (error) {
            // One bank the math refuses (e.g. an APR too large to compound) must not cost the others their point.
            context.log.warn({ err: error, bank: priced.address }, "no historic point for bank");
          }
        }
      }
      if (points.length > 0) {
        await context.db
          .insertInto("bank_history")
          .values(points)
          .onConflict((oc) =>
            oc.columns(["bank", "start_time"]).doUpdateSet((eb) => ({
              total_deposits: eb.ref("excluded.total_deposits"),
              total_borrows: eb.ref("excluded.total_borrows"),
              deposit_rate: eb.ref("excluded.deposit_rate"),
              borrow_rate: eb.ref("excluded.borrow_rate"),
              utilization: eb.ref("excluded.utilization"),
              usd_price: eb.ref("excluded.usd_price"),
              optimal_utilization_rate: eb.ref("excluded.optimal_utilization_rate"),
              plateau_interest_rate: eb.ref("excluded.plateau_interest_rate"),
              max_interest_rate: eb.ref("excluded.max_interest_rate"),
              insurance_fee_fixed_apr: eb.ref("excluded.insurance_fee_fixed_apr"),
              insurance_ir_fee: eb.ref("excluded.insurance_ir_fee"),
              protocol_fixed_fee_apr: eb.ref("excluded.protocol_fixed_fee_apr"),
              protocol_ir_fee: eb.ref("excluded.protocol_ir_fee"),
              protocol_origination_fee: eb.ref("excluded.protocol_origination_fee"),
              program_fee_rate: eb.ref("excluded.program_fee_rate"),
              kamino_supply_apy: eb.ref("excluded.kamino_supply_apy"),
              asset_share_value: eb.ref("excluded.asset_share_value"),
              liability_share_value: eb.ref("excluded.liability_share_value"),
              mint_decimals: eb.ref("excluded.mint_decimals"),
              taken_at: eb.ref("excluded.taken_at"),
            })),
          )
          .execute();
      }
      // The LSTs' exchange rates at the time of this read (not the interval's start): lst_apy's history.
      const rates = lstExchangeRates(markets);
      await recordLstRates(context.db, rates, Math.floor(context.now()));
      return { startTime, points: points.length, lstRates: rates.length };
    },
  };
}
