import { declareAccounts } from "@ballast/anchor";
import { feeStateAccount, groupAccount } from "../program/account-kinds.js";
import { FeeStateLayout } from "../state/fee-state.js";
import { MarginfiGroupLayout } from "../state/group.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { checkFeeState } from "./panic-pause.js";

const PropagateFeeStateAccounts = declareAccounts(
  { feeState: feeStateAccount(), marginfiGroup: groupAccount({ mut: "load" }) },
  (a, ctx) => ({ feeState: () => checkFeeState(ctx, a.feeState, null) }),
);

/** Permissionless: copies the global fee settings and panic state into a group's caches (the only path a pause takes). */
export const propagateFeeState: InstructionHandler = {
  name: "propagate_fee_state",
  units: 6_000,
  accounts: PropagateFeeStateAccounts,
  run(ctx) {
    const { feeState, marginfiGroup } = PropagateFeeStateAccounts.load(ctx).accounts;
    const source = feeState.data;
    const target = marginfiGroup.data;
    const fee = FeeStateLayout.fields;
    const cache = MarginfiGroupLayout.fields.feeStateCache.fields;
    const panic = MarginfiGroupLayout.fields.panicStateCache.fields;
    const now = ctx.clock.unixTimestamp;
    cache.globalFeeWallet.set(target, fee.globalFeeWallet.get(source));
    cache.programFeeFixed.set(target, fee.programFeeFixed.get(source));
    cache.programFeeRate.set(target, fee.programFeeRate.get(source));
    cache.lastUpdate.set(target, now);
    panic.pauseFlags.set(target, fee.panicState.fields.pauseFlags.get(source));
    panic.pauseStartTimestamp.set(target, fee.panicState.fields.pauseStartTimestamp.get(source));
    panic.lastCacheUpdate.set(target, now);
  },
};
