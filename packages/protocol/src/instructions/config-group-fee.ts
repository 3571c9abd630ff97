import { FeeStateLayout } from "../state/fee-state.js";
import { MarginfiGroupLayout } from "../state/group.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { SEEDS } from "../program/ids.js";
import { GroupFlags } from "../state/flags.js";

/** The global fee admin (not the group admin) switches program fees on or off for one group. */
export const configGroupFee: InstructionHandler = {
  name: "config_group_fee",
  units: 5_000,
  run(ctx, accounts, args) {
    const group = accounts.owned(0, "marginfi_group", MarginfiGroupLayout, { writable: true });
    const admin = accounts.signer(1, "global_fee_admin");
    const feeState = accounts.owned(2, "fee_state", FeeStateLayout);
    accounts.pda(feeState, "fee_state", [SEEDS.feeState]);
    if (FeeStateLayout.fields.globalFeeAdmin.get(feeState.account.data) !== admin.key) fail("Unauthorized", "fee_state");
    const enable = args.bool();
    const g = MarginfiGroupLayout.fields;
    const data = group.account.data;
    const flags = g.groupFlags.get(data);
    g.groupFlags.set(data, enable ? flags | GroupFlags.PROGRAM_FEES_ENABLED : flags & ~GroupFlags.PROGRAM_FEES_ENABLED);
    g.feeStateCache.fields.lastUpdate.set(data, ctx.clock.unixTimestamp);
  },
};
