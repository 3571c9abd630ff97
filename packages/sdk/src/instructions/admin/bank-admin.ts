// What the admin areas share: the bank and group every bank instruction names, and the vaults a new bank gets.
import type { PublicKey } from "@solana/web3.js";
import type { ProgramOptions } from "../program.js";
import { bankVaultAddress, bankVaultAuthorityAddress } from "../pda.js";

export interface BankAdminParams extends ProgramOptions {
  group: PublicKey;
  bank: PublicKey;
}

/** The six vault accounts add_bank creates, derived from the bank. */
export function bankVaultAccounts(bank: PublicKey, programId: PublicKey | undefined) {
  return {
    liquidityVaultAuthority: bankVaultAuthorityAddress(bank, "liquidity", programId),
    liquidityVault: bankVaultAddress(bank, "liquidity", programId),
    insuranceVaultAuthority: bankVaultAuthorityAddress(bank, "insurance", programId),
    insuranceVault: bankVaultAddress(bank, "insurance", programId),
    feeVaultAuthority: bankVaultAuthorityAddress(bank, "fee", programId),
    feeVault: bankVaultAddress(bank, "fee", programId),
  };
}
