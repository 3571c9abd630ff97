import { declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { groupAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkGroupAdmin } from "../program/pool-accounts.js";
import { MarginfiGroupLayout } from "../state/group.js";

const ConfigureDeleverageLimitAccounts = declareAccounts({ marginfiGroup: groupAccount({ mut: "load" }), admin: signer() }, (a) => ({
  marginfiGroup: () => checkGroupAdmin(a.marginfiGroup, a.admin, "marginfi_group"),
}));

/** The group admin caps what deleverages may withdraw per day, in whole USD (0 is refused: 6102). */
export const configureDeleverageWithdrawalLimit: InstructionHandler = {
  name: "configure_deleverage_withdrawal_limit",
  units: 5_000,
  accounts: ConfigureDeleverageLimitAccounts,
  run(ctx, _checks, args) {
    const { limit } = decodeArgs(args, LENDING_INSTRUCTIONS.configure_deleverage_withdrawal_limit.args);
    const group = ConfigureDeleverageLimitAccounts.load(ctx).accounts.marginfiGroup.data;
    if (limit === 0) fail("ZeroWithdrawalLimit");
    const window = MarginfiGroupLayout.fields.deleverageWithdrawWindowCache.fields;
    window.dailyLimit.set(group, limit);
    window.lastDailyResetTimestamp.set(group, ctx.clock.unixTimestamp);
  },
};
