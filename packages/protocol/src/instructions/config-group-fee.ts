import { declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { feeStateAccount, groupAccount } from "../program/account-kinds.js";
import { MarginfiGroupLayout } from "../state/group.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { GroupFlags } from "../state/flags.js";
import { checkFeeState } from "./panic-pause.js";

const ConfigGroupFeeAccounts = declareAccounts(
  { marginfiGroup: groupAccount({ mut: "load" }), globalFeeAdmin: signer(), feeState: feeStateAccount() },
  (a, ctx) => ({ feeState: () => checkFeeState(ctx, a.feeState, a.globalFeeAdmin) }),
);

/** The global fee admin (not the group admin) switches program fees on or off for one group. */
export const configGroupFee: InstructionHandler = {
  name: "config_group_fee",
  units: 5_000,
  accounts: ConfigGroupFeeAccounts,
  run(ctx, _checks, args) {
    const { marginfiGroup } = ConfigGroupFeeAccounts.load(ctx).accounts;
    const { enableProgramFee: enable } = decodeArgs(args, LENDING_INSTRUCTIONS.config_group_fee.args);
    const g = MarginfiGroupLayout.fields;
    const data = marginfiGroup.data;
    const flags = g.groupFlags.get(data);
    g.groupFlags.set(data, enable ? flags | GroupFlags.PROGRAM_FEES_ENABLED : flags & ~GroupFlags.PROGRAM_FEES_ENABLED);
    g.feeStateCache.fields.lastUpdate.set(data, ctx.clock.unixTimestamp);
  },
};
