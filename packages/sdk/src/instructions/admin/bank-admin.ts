// What the admin areas share: the bank and group every bank instruction names, and the vaults a new bank gets.
import type { PublicKey } from "@solana/web3.js";
import type { ProgramOptions } from "../coder.js";
import { bankVaultAddress, bankVaultAuthorityAddress } from "../pda.js";

export interface BankAdminParams extends ProgramOptions {
  group: PublicKey;
  bank: PublicKey;
}

/** The six vault accounts add_bank creates, derived from the bank. */
export function bankVaultAccounts(bank: PublicKey, programId: PublicKey | undefined) {
  return {
    liquidity_vault_authority: bankVaultAuthorityAddress(bank, "liquidity", programId),
    liquidity_vault: bankVaultAddress(bank, "liquidity", programId),
    insurance_vault_authority: bankVaultAuthorityAddress(bank, "insurance", programId),
    insurance_vault: bankVaultAddress(bank, "insurance", programId),
    fee_vault_authority: bankVaultAuthorityAddress(bank, "fee", programId),
    fee_vault: bankVaultAddress(bank, "fee", programId),
  };
}
