// A bank's fee and insurance vaults: withdrawals and the fees destination.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { buildInstruction } from "../coder.js";
import { u64 } from "../coder-values.js";
import { bankVaultAddress, bankVaultAuthorityAddress } from "../pda.js";
import { tokenProgramOf } from "../token-program.js";
import type { BankAdminParams } from "./bank-admin.js";

export interface AdminVaultWithdrawalParams extends BankAdminParams {
  admin: PublicKey;
  destinationTokenAccount: PublicKey;
  /** Native units. */
  amount: bigint;
  tokenProgram?: PublicKey;
}

export function withdrawFeesInstruction(p: AdminVaultWithdrawalParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_withdraw_fees",
    {
      group: p.group,
      bank: p.bank,
      admin: p.admin,
      fee_vault: bankVaultAddress(p.bank, "fee", p.programId),
      fee_vault_authority: bankVaultAuthorityAddress(p.bank, "fee", p.programId),
      dst_token_account: p.destinationTokenAccount,
      token_program: tokenProgramOf(p),
    },
    { amount: u64(p.amount) },
    [],
    p,
  );
}

export function withdrawInsuranceInstruction(p: AdminVaultWithdrawalParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_withdraw_insurance",
    {
      group: p.group,
      bank: p.bank,
      admin: p.admin,
      insurance_vault: bankVaultAddress(p.bank, "insurance", p.programId),
      insurance_vault_authority: bankVaultAuthorityAddress(p.bank, "insurance", p.programId),
      dst_token_account: p.destinationTokenAccount,
      token_program: tokenProgramOf(p),
    },
    { amount: u64(p.amount) },
    [],
    p,
  );
}

export interface UpdateFeesDestinationParams extends BankAdminParams {
  admin: PublicKey;
  /** A token account of the bank's mint, the target of permissionless fee withdrawals. */
  destinationAccount: PublicKey;
}

export function updateFeesDestinationInstruction(p: UpdateFeesDestinationParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_update_fees_destination_account",
    { group: p.group, bank: p.bank, admin: p.admin, destination_account: p.destinationAccount },
    {},
    [],
    p,
  );
}
