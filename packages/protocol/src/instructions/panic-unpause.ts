import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { isPauseFlagSet, loadFeeState, unpause } from "./panic-pause.js";

/** The global fee admin lifts a pause, lapsed or not (6083 when none is set); the daily count is kept. */
export const panicUnpause: InstructionHandler = {
  name: "panic_unpause",
  units: 5_000,
  run(_ctx, accounts) {
    const admin = accounts.writable(accounts.signer(0, "global_fee_admin"), "global_fee_admin");
    const data = loadFeeState(accounts, 1, admin);
    if (!isPauseFlagSet(data)) fail("ProtocolNotPaused");
    unpause(data);
  },
};
