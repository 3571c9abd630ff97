// The program-wide fee state, a group's fee settings and the panic switch.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, type ProgramOptions } from "../coder.js";
import { globalFeeArgs, type GlobalFeeSettings } from "../config-args.js";
import { feeStateAddress } from "../pda.js";

export interface InitGlobalFeeStateParams extends ProgramOptions, GlobalFeeSettings {
  payer: PublicKey;
}

/** Creates the program's fee state; runs once per program. */
export function initGlobalFeeStateInstruction(p: InitGlobalFeeStateParams): TransactionInstruction {
  return buildInstruction("init_global_fee_state", { payer: p.payer, fee_state: feeStateAddress(p.programId) }, globalFeeArgs(p), [], p);
}

export interface EditGlobalFeeStateParams extends ProgramOptions, GlobalFeeSettings {
  globalFeeAdmin: PublicKey;
}

/** Overwrites every fee setting (groups see them after propagate_fee_state). */
export function editGlobalFeeStateInstruction(p: EditGlobalFeeStateParams): TransactionInstruction {
  return buildInstruction(
    "edit_global_fee_state",
    { global_fee_admin: p.globalFeeAdmin, fee_state: feeStateAddress(p.programId) },
    globalFeeArgs(p),
    [],
    p,
  );
}

export interface ConfigureGroupFeeParams extends ProgramOptions {
  group: PublicKey;
  globalFeeAdmin: PublicKey;
  enableProgramFee: boolean;
}

export function configureGroupFeeInstruction(p: ConfigureGroupFeeParams): TransactionInstruction {
  return buildInstruction(
    "config_group_fee",
    { marginfi_group: p.group, global_fee_admin: p.globalFeeAdmin, fee_state: feeStateAddress(p.programId) },
    { enable_program_fee: p.enableProgramFee },
    [],
    p,
  );
}

export interface PanicParams extends ProgramOptions {
  globalFeeAdmin: PublicKey;
}

/** Pauses every group (once propagated) for up to 30 minutes. */
export function panicPauseInstruction(p: PanicParams): TransactionInstruction {
  return buildInstruction("panic_pause", { global_fee_admin: p.globalFeeAdmin, fee_state: feeStateAddress(p.programId) }, {}, [], p);
}

export function panicUnpauseInstruction(p: PanicParams): TransactionInstruction {
  return buildInstruction("panic_unpause", { global_fee_admin: p.globalFeeAdmin, fee_state: feeStateAddress(p.programId) }, {}, [], p);
}

/** Anyone may lift a pause that has expired. */
export function panicUnpausePermissionlessInstruction(p: ProgramOptions = {}): TransactionInstruction {
  return buildInstruction("panic_unpause_permissionless", { fee_state: feeStateAddress(p.programId) }, {}, [], p);
}
