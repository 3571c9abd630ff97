import { declareAccounts, signer } from "@ballast/anchor";
import { feeStateAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkFeeState, isPauseFlagSet, unpause } from "./panic-pause.js";

const PanicUnpauseAccounts = declareAccounts(
  { globalFeeAdmin: signer({ mut: "load" }), feeState: feeStateAccount({ mut: "load" }) },
  (a, ctx) => ({ feeState: () => checkFeeState(ctx, a.feeState, a.globalFeeAdmin) }),
);

/** The global fee admin lifts a pause, lapsed or not (6083 when none is set); the daily count is kept. */
export const panicUnpause: InstructionHandler = {
  name: "panic_unpause",
  units: 5_000,
  accounts: PanicUnpauseAccounts,
  run(ctx) {
    const data = PanicUnpauseAccounts.load(ctx).accounts.feeState.data;
    if (!isPauseFlagSet(data)) fail("ProtocolNotPaused");
    unpause(data);
  },
};
