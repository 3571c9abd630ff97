import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { MarginfiGroupLayout } from "../state/group.js";

/** The group admin caps what deleverages may withdraw per day, in whole USD (0 is refused: 6102). */
export const configureDeleverageWithdrawalLimit: InstructionHandler = {
  name: "configure_deleverage_withdrawal_limit",
  units: 5_000,
  run(ctx, accounts, args) {
    const limit = args.u32();
    const group = accounts.owned(0, "marginfi_group", MarginfiGroupLayout, { writable: true });
    const admin = accounts.signer(1, "admin");
    const g = MarginfiGroupLayout.fields;
    if (g.admin.get(group.account.data) !== admin.key) fail("Unauthorized", "marginfi_group");
    if (limit === 0) fail("ZeroWithdrawalLimit");
    const window = g.deleverageWithdrawWindowCache.fields;
    window.dailyLimit.set(group.account.data, limit);
    window.lastDailyResetTimestamp.set(group.account.data, ctx.clock.unixTimestamp);
  },
};
