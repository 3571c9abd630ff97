// Groups: creation, roles and flags, the deleverage withdrawal limit and account freezes.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import type { I80F48 } from "@ballast/protocol";
import { buildInstruction, type ProgramOptions } from "../coder.js";
import { option, wrappedI80F48 } from "../coder-values.js";
import { feeStateAddress } from "../pda.js";

export interface InitializeGroupParams extends ProgramOptions {
  /** A fresh keypair's address; that keypair signs. */
  group: PublicKey;
  /** Becomes the group admin and pays the rent. */
  admin: PublicKey;
}

export function initializeGroupInstruction(p: InitializeGroupParams): TransactionInstruction {
  return buildInstruction(
    "marginfi_group_initialize",
    { marginfi_group: p.group, admin: p.admin, fee_state: feeStateAddress(p.programId) },
    {},
    [],
    p,
  );
}

export interface ConfigureGroupParams extends ProgramOptions {
  group: PublicKey;
  admin: PublicKey;
  /** Every role is written: pass the current holder to keep one. */
  newAdmin: PublicKey;
  newEmodeAdmin: PublicKey;
  newCurveAdmin: PublicKey;
  newLimitAdmin: PublicKey;
  newEmissionsAdmin: PublicKey;
  newMetadataAdmin: PublicKey;
  newRiskAdmin: PublicKey;
  /** Left out, the e-mode leverage caps reset to their defaults (15 and 20), not to their current values. */
  emodeMaxInitLeverage?: I80F48;
  emodeMaxMaintLeverage?: I80F48;
}

export function configureGroupInstruction(p: ConfigureGroupParams): TransactionInstruction {
  return buildInstruction(
    "marginfi_group_configure",
    { marginfi_group: p.group, admin: p.admin },
    {
      new_admin: p.newAdmin,
      new_emode_admin: p.newEmodeAdmin,
      new_curve_admin: p.newCurveAdmin,
      new_limit_admin: p.newLimitAdmin,
      new_emissions_admin: p.newEmissionsAdmin,
      new_metadata_admin: p.newMetadataAdmin,
      new_risk_admin: p.newRiskAdmin,
      emode_max_init_leverage: option(p.emodeMaxInitLeverage, wrappedI80F48),
      emode_max_maint_leverage: option(p.emodeMaxMaintLeverage, wrappedI80F48),
    },
    [],
    p,
  );
}

export interface ConfigureDeleverageWithdrawalLimitParams extends ProgramOptions {
  group: PublicKey;
  admin: PublicKey;
  /** Whole USD a deleverage may withdraw per day; must be positive. */
  limit: number;
}

export function configureDeleverageWithdrawalLimitInstruction(p: ConfigureDeleverageWithdrawalLimitParams): TransactionInstruction {
  return buildInstruction("configure_deleverage_withdrawal_limit", { marginfi_group: p.group, admin: p.admin }, { limit: p.limit }, [], p);
}

export interface SetAccountFreezeParams extends ProgramOptions {
  group: PublicKey;
  marginfiAccount: PublicKey;
  admin: PublicKey;
  /** While frozen only the group admin may act on the account. */
  frozen: boolean;
}

export function setAccountFreezeInstruction(p: SetAccountFreezeParams): TransactionInstruction {
  return buildInstruction(
    "marginfi_account_set_freeze",
    { group: p.group, marginfi_account: p.marginfiAccount, admin: p.admin },
    { frozen: p.frozen },
    [],
    p,
  );
}
