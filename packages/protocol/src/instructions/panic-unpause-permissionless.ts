import { declareAccounts } from "@ballast/anchor";
import { feeStateAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkFeeState, isPauseExpired, isPauseFlagSet, unpause } from "./panic-pause.js";

const PanicUnpausePermissionlessAccounts = declareAccounts({ feeState: feeStateAccount({ mut: "load" }) }, (a, ctx) => ({
  feeState: () => checkFeeState(ctx, a.feeState, null),
}));

/** Anyone clears a pause once it has run its 30 minutes (6082 before that, 6083 when none is set). */
export const panicUnpausePermissionless: InstructionHandler = {
  name: "panic_unpause_permissionless",
  units: 5_000,
  accounts: PanicUnpausePermissionlessAccounts,
  run(ctx) {
    const data = PanicUnpausePermissionlessAccounts.load(ctx).accounts.feeState.data;
    if (!isPauseFlagSet(data)) fail("ProtocolNotPaused");
    if (!isPauseExpired(data, ctx.clock.unixTimestamp)) fail("PauseLimitExceeded");
    unpause(data);
  },
};
