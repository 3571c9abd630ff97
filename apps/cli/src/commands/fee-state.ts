// `ballast fee-state …`: the program-wide fee state (one per program): create it, show it, edit it, and copy it into
// a group's cache.
import type { Command } from "commander";
import { decodeFeeState, decodeMarginfiGroup, type FeeState } from "@ballast/protocol";
import {
  editGlobalFeeStateInstruction,
  feeStateAddress,
  initGlobalFeeStateInstruction,
  propagateFeeStateInstruction,
  type GlobalFeeSettings,
} from "@ballast/sdk";
import type { CliContext } from "../context.js";
import { readsOnly, writes } from "../describe.js";
import { parseDecimal, parsePubkey, parseU32 } from "../parse.js";
import { feeStateReading, fetchFeeState, fetchGroupAccount, groupReading, reader } from "../readings.js";
import { sendAndReport } from "../send.js";

interface FeeOptions {
  admin?: string;
  feeWallet?: string;
  bankInitFee?: string;
  liquidationFlatFee?: string;
  programFeeFixed?: string;
  programFeeRate?: string;
  liquidationMaxFee?: string;
}

function feeOptions(command: Command, defaults: string): Command {
  return command
    .option("--admin <PUBKEY>", `global fee admin (also the panic-pause admin)${defaults}`)
    .option("--fee-wallet <PUBKEY>", `wallet receiving SOL fees (SPL fees go to its associated token accounts)${defaults}`)
    .option("--bank-init-fee <LAMPORTS>", `lamports paid to the fee wallet per bank created${defaults}`)
    .option("--liquidation-flat-fee <LAMPORTS>", `lamports a receivership liquidator pays${defaults}`)
    .option("--program-fee-fixed <APR>", `fixed program fee, an APR fraction (0.01 = 1%)${defaults}`)
    .option("--program-fee-rate <FRACTION>", `program fee as a fraction of the base rate${defaults}`)
    .option("--liquidation-max-fee <FRACTION>", `cap on the receivership liquidation premium${defaults}`);
}

/** The settings from the flags, each left-out one from `current` (or its initial value). */
function settings(options: FeeOptions, current: FeeState | null, admin: string): GlobalFeeSettings {
  const decimal = (flag: string, value: string | undefined, kept: string) => parseDecimal(flag, value ?? kept, { min: "0", max: "1" });
  return {
    admin: parsePubkey("--admin", options.admin ?? current?.globalFeeAdmin ?? admin),
    feeWallet: parsePubkey("--fee-wallet", options.feeWallet ?? current?.globalFeeWallet ?? admin),
    bankInitFlatSolFee: parseU32("--bank-init-fee", options.bankInitFee ?? current?.bankInitFlatSolFee ?? 0),
    liquidationFlatSolFee: parseU32("--liquidation-flat-fee", options.liquidationFlatFee ?? current?.liquidationFlatSolFee ?? 0),
    programFeeFixed:
      current && options.programFeeFixed === undefined
        ? current.programFeeFixed
        : decimal("--program-fee-fixed", options.programFeeFixed, "0"),
    programFeeRate:
      current && options.programFeeRate === undefined ? current.programFeeRate : decimal("--program-fee-rate", options.programFeeRate, "0"),
    liquidationMaxFee:
      current && options.liquidationMaxFee === undefined
        ? current.liquidationMaxFee
        : decimal("--liquidation-max-fee", options.liquidationMaxFee, "0"),
  };
}

export function registerFeeStateCommands(program: Command, ctx: CliContext): void {
  const feeState = program.command("fee-state").description("The program-wide fee state: fee admin, fee wallet, program fees, panic state");
  const feeReader = () => reader(ctx, feeStateAddress(ctx.programId), decodeFeeState, feeStateReading);

  feeOptions(
    feeState
      .command("init")
      .description(writes("Create the program's fee state (once per program); the authority pays", "creates the fee state account")),
    " (default: the authority; fees 0)",
  ).action(async (options: FeeOptions) => {
    const payer = ctx.authority();
    const values = settings(options, null, payer.toBase58());
    await sendAndReport(
      ctx,
      { instructions: [initGlobalFeeStateInstruction({ programId: ctx.programId, payer, ...values })] },
      feeReader(),
    );
  });

  feeState
    .command("show")
    .description(readsOnly("Show the fee state: admin, wallet, fees and panic state"))
    .action(async () => {
      ctx.print({ feeState: feeStateAddress(ctx.programId), ...feeStateReading(await fetchFeeState(ctx)) });
    });

  feeOptions(
    feeState
      .command("edit")
      .description(
        writes(
          "Edit the fee state (signed by the global fee admin); groups see it after `fee-state propagate`",
          "the fee state's settings",
        ),
      ),
    " (default: unchanged)",
  ).action(async (options: FeeOptions) => {
    const current = await fetchFeeState(ctx);
    const values = settings(options, current, current.globalFeeAdmin);
    await sendAndReport(
      ctx,
      { instructions: [editGlobalFeeStateInstruction({ programId: ctx.programId, globalFeeAdmin: ctx.authority(), ...values })] },
      feeReader(),
    );
  });

  feeState
    .command("propagate")
    .description(
      writes(
        "Copy the fee state and panic state into the group (--group); anyone may send it",
        "the group's fee-state and panic-state caches",
      ),
    )
    .action(async () => {
      const group = ctx.group();
      await fetchGroupAccount(ctx, group);
      await sendAndReport(
        ctx,
        { instructions: [propagateFeeStateInstruction({ programId: ctx.programId, group })] },
        reader(ctx, group, decodeMarginfiGroup, groupReading),
      );
    });
}
