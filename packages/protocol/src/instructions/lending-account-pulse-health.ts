import { declareAccounts } from "@ballast/anchor";
import { marginfiAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { emitEvent } from "../program/events.js";
import { hasAccountFlag } from "../state/account-flags.js";
import { freshHealthCache, pulseHealthCache, writeHealthCache } from "../risk/health-cache.js";
import { RiskEngine } from "../risk/risk-engine.js";
import { AccountFlags, HealthCacheFlags } from "../state/flags.js";

const PulseHealthAccounts = declareAccounts({ marginfiAccount: marginfiAccount({ mut: "load" }) });

/**
 * Permissionless: recomputes the account's health cache from the risk accounts (Initial, maintenance and
 * equity values, prices, flags and the errors the checks would raise). Only account-loading problems fail it.
 */
export const lendingAccountPulseHealth: InstructionHandler = {
  name: "lending_account_pulse_health",
  units: 8_000,
  accounts: PulseHealthAccounts,
  run(ctx) {
    const { accounts: a, remaining } = PulseHealthAccounts.load(ctx);
    const account = a.marginfiAccount.data;
    const now = ctx.clock.unixTimestamp;
    let cache;
    if (hasAccountFlag(account, AccountFlags.ACCOUNT_IN_FLASHLOAN)) {
      cache = freshHealthCache(now);
      cache.flags = HealthCacheFlags.ENGINE_OK | HealthCacheFlags.ORACLE_OK;
    } else {
      cache = pulseHealthCache(RiskEngine.load(ctx, account, remaining), now);
    }
    writeHealthCache(account, cache);
    emitEvent(ctx, "HealthPulseEvent", { account: a.marginfiAccount.key, healthCache: cache });
  },
};
