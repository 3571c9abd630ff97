// `ballast panic pause|unpause`: the global fee admin's switch that pauses every group (each sees it once the fee
// state is propagated to it) for at most the program's pause duration.
import type { Command } from "commander";
import { decodeFeeState } from "@ballast/protocol";
import { feeStateAddress, panicPauseInstruction, panicUnpauseInstruction } from "@ballast/sdk";
import type { CliContext } from "../context.js";
import { writes } from "../describe.js";
import { feeStateReading, fetchFeeState, reader } from "../readings.js";
import { sendAndReport } from "../send.js";

export function registerPanicCommands(program: Command, ctx: CliContext): void {
  const panic = program.command("panic").description("The panic switch of the global fee admin");
  const feeReader = () => reader(ctx, feeStateAddress(ctx.programId), decodeFeeState, feeStateReading);

  panic
    .command("pause")
    .description(
      writes(
        "Pause every group (signed by the global fee admin; groups see it after `fee-state propagate`)",
        "the fee state's panic state",
      ),
    )
    .action(async () => {
      await fetchFeeState(ctx);
      await sendAndReport(
        ctx,
        { instructions: [panicPauseInstruction({ programId: ctx.programId, globalFeeAdmin: ctx.authority() })] },
        feeReader(),
      );
    });

  panic
    .command("unpause")
    .description(writes("Lift the pause (signed by the global fee admin)", "the fee state's panic state"))
    .action(async () => {
      await fetchFeeState(ctx);
      await sendAndReport(
        ctx,
        { instructions: [panicUnpauseInstruction({ programId: ctx.programId, globalFeeAdmin: ctx.authority() })] },
        feeReader(),
      );
    });
}
