// Groups: creation, roles and flags, the deleverage withdrawal limit and account freezes.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import type { I80F48 } from "@ballast/protocol";
import { lendingInstruction, type ProgramOptions } from "../program.js";
import { feeStateAddress } from "../pda.js";

export interface InitializeGroupParams extends ProgramOptions {
  /** A fresh keypair's address; that keypair signs. */
  group: PublicKey;
  /** Becomes the group admin and pays the rent. */
  admin: PublicKey;
}

export function initializeGroupInstruction(p: InitializeGroupParams): TransactionInstruction {
  return lendingInstruction(
    "marginfi_group_initialize",
    { accounts: { marginfiGroup: p.group, admin: p.admin, feeState: feeStateAddress(p.programId) } },
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
  return lendingInstruction(
    "marginfi_group_configure",
    {
      accounts: { marginfiGroup: p.group, admin: p.admin },
      args: {
        newAdmin: p.newAdmin,
        newEmodeAdmin: p.newEmodeAdmin,
        newCurveAdmin: p.newCurveAdmin,
        newLimitAdmin: p.newLimitAdmin,
        newEmissionsAdmin: p.newEmissionsAdmin,
        newMetadataAdmin: p.newMetadataAdmin,
        newRiskAdmin: p.newRiskAdmin,
        emodeMaxInitLeverage: p.emodeMaxInitLeverage ?? null,
        emodeMaxMaintLeverage: p.emodeMaxMaintLeverage ?? null,
      },
    },
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
  return lendingInstruction(
    "configure_deleverage_withdrawal_limit",
    { accounts: { marginfiGroup: p.group, admin: p.admin }, args: { limit: p.limit } },
    p,
  );
}

export interface SetAccountFreezeParams extends ProgramOptions {
  group: PublicKey;
  marginfiAccount: PublicKey;
  admin: PublicKey;
  /** While frozen only the group admin may act on the account. */
  frozen: boolean;
}

export function setAccountFreezeInstruction(p: SetAccountFreezeParams): TransactionInstruction {
  return lendingInstruction(
    "marginfi_account_set_freeze",
    { accounts: { group: p.group, marginfiAccount: p.marginfiAccount, admin: p.admin }, args: { frozen: p.frozen } },
    p,
  );
}
