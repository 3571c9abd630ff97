import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { isPauseExpired, isPauseFlagSet, loadFeeState, unpause } from "./panic-pause.js";

/** Anyone clears a pause once it has run its 30 minutes (6082 before that, 6083 when none is set). */
export const panicUnpausePermissionless: InstructionHandler = {
  name: "panic_unpause_permissionless",
  units: 5_000,
  run(ctx, accounts) {
    const data = loadFeeState(accounts, 0, null);
    if (!isPauseFlagSet(data)) fail("ProtocolNotPaused");
    if (!isPauseExpired(data, ctx.clock.unixTimestamp)) fail("PauseLimitExceeded");
    unpause(data);
  },
};
