import { declareAccounts } from "@ballast/anchor";
import { bankAccount } from "../program/account-kinds.js";
import { centiToU32, milliToU32 } from "../math/conversions.js";
import { ZERO } from "../math/i80f48.js";
import { validateBankConfig } from "../program/bank-config-validation.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { BankLayout } from "../state/bank.js";
import { InterestCurveType } from "../state/enums.js";
import { INTEREST_RATE_POINTS } from "../state/interest-rate-config.js";

const rates = BankLayout.fields.config.fields.interestRateConfig.fields;

const MigrateCurveAccounts = declareAccounts({ bank: bankAccount({ mut: "load" }) });

/**
 * Permissionless: turns a legacy three-point curve (optimal O, plateau P, max M) into the seven-point curve that
 * charges the same rates: 0 at no utilization, one point (O, P), M at full utilization. The legacy fields are
 * zeroed so they can be reused. A bank already on the seven-point curve is left alone.
 */
export const migrateCurve: InstructionHandler = {
  name: "migrate_curve",
  units: 8_000,
  accounts: MigrateCurveAccounts,
  run(ctx) {
    const data = MigrateCurveAccounts.load(ctx).accounts.bank.data;
    validateBankConfig(data);
    if (rates.curveType.get(data) === InterestCurveType.SevenPoint) {
      ctx.log("Already migrated, doing nothing");
      return;
    }
    const plateau = { util: centiToU32(rates.optimalUtilizationRate.get(data)), rate: milliToU32(rates.plateauInterestRate.get(data)) };
    const padding = Array.from({ length: INTEREST_RATE_POINTS - 1 }, () => ({ util: 0, rate: 0 }));
    rates.zeroUtilRate.set(data, 0);
    rates.hundredUtilRate.set(data, milliToU32(rates.maxInterestRate.get(data)));
    rates.points.set(data, [plateau, ...padding]);
    rates.curveType.set(data, InterestCurveType.SevenPoint);
    rates.optimalUtilizationRate.set(data, ZERO);
    rates.plateauInterestRate.set(data, ZERO);
    rates.maxInterestRate.set(data, ZERO);
    validateBankConfig(data);
  },
};
