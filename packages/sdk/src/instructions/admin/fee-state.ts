// The program-wide fee state, a group's fee settings and the panic switch.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { lendingInstruction, type ProgramOptions } from "../program.js";
import { globalFeeArgs, type GlobalFeeSettings } from "../config-args.js";
import { feeStateAddress } from "../pda.js";

export interface InitGlobalFeeStateParams extends ProgramOptions, GlobalFeeSettings {
  payer: PublicKey;
}

/** Creates the program's fee state; runs once per program. */
export function initGlobalFeeStateInstruction(p: InitGlobalFeeStateParams): TransactionInstruction {
  return lendingInstruction(
    "init_global_fee_state",
    { accounts: { payer: p.payer, feeState: feeStateAddress(p.programId) }, args: globalFeeArgs(p) },
    p,
  );
}

export interface EditGlobalFeeStateParams extends ProgramOptions, GlobalFeeSettings {
  globalFeeAdmin: PublicKey;
}

/** Overwrites every fee setting (groups see them after propagate_fee_state). */
export function editGlobalFeeStateInstruction(p: EditGlobalFeeStateParams): TransactionInstruction {
  return lendingInstruction(
    "edit_global_fee_state",
    { accounts: { globalFeeAdmin: p.globalFeeAdmin, feeState: feeStateAddress(p.programId) }, args: globalFeeArgs(p) },
    p,
  );
}

export interface ConfigureGroupFeeParams extends ProgramOptions {
  group: PublicKey;
  globalFeeAdmin: PublicKey;
  enableProgramFee: boolean;
}

export function configureGroupFeeInstruction(p: ConfigureGroupFeeParams): TransactionInstruction {
  return lendingInstruction(
    "config_group_fee",
    {
      accounts: { marginfiGroup: p.group, globalFeeAdmin: p.globalFeeAdmin, feeState: feeStateAddress(p.programId) },
      args: { enableProgramFee: p.enableProgramFee },
    },
    p,
  );
}

export interface PanicParams extends ProgramOptions {
  globalFeeAdmin: PublicKey;
}

/** Pauses every group (once propagated) for up to 30 minutes. */
export function panicPauseInstruction(p: PanicParams): TransactionInstruction {
  return lendingInstruction("panic_pause", { accounts: { globalFeeAdmin: p.globalFeeAdmin, feeState: feeStateAddress(p.programId) } }, p);
}

export function panicUnpauseInstruction(p: PanicParams): TransactionInstruction {
  return lendingInstruction("panic_unpause", { accounts: { globalFeeAdmin: p.globalFeeAdmin, feeState: feeStateAddress(p.programId) } }, p);
}

/** Anyone may lift a pause that has expired. */
export function panicUnpausePermissionlessInstruction(p: ProgramOptions = {}): TransactionInstruction {
  return lendingInstruction("panic_unpause_permissionless", { accounts: { feeState: feeStateAddress(p.programId) } }, p);
}
