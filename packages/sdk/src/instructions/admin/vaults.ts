// A bank's fee and insurance vaults: withdrawals and the fees destination.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { lendingInstruction } from "../program.js";
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
  return lendingInstruction(
    "lending_pool_withdraw_fees",
    {
      accounts: {
        group: p.group,
        bank: p.bank,
        admin: p.admin,
        feeVault: bankVaultAddress(p.bank, "fee", p.programId),
        feeVaultAuthority: bankVaultAuthorityAddress(p.bank, "fee", p.programId),
        dstTokenAccount: p.destinationTokenAccount,
        tokenProgram: tokenProgramOf(p),
      },
      args: { amount: p.amount },
    },
    p,
  );
}

export function withdrawInsuranceInstruction(p: AdminVaultWithdrawalParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_withdraw_insurance",
    {
      accounts: {
        group: p.group,
        bank: p.bank,
        admin: p.admin,
        insuranceVault: bankVaultAddress(p.bank, "insurance", p.programId),
        insuranceVaultAuthority: bankVaultAuthorityAddress(p.bank, "insurance", p.programId),
        dstTokenAccount: p.destinationTokenAccount,
        tokenProgram: tokenProgramOf(p),
      },
      args: { amount: p.amount },
    },
    p,
  );
}

export interface UpdateFeesDestinationParams extends BankAdminParams {
  admin: PublicKey;
  /** A token account of the bank's mint, the target of permissionless fee withdrawals. */
  destinationAccount: PublicKey;
}

export function updateFeesDestinationInstruction(p: UpdateFeesDestinationParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_update_fees_destination_account",
    { accounts: { group: p.group, bank: p.bank, admin: p.admin, destinationAccount: p.destinationAccount } },
    p,
  );
}
