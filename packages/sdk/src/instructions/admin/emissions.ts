// Emissions: funding a bank's emissions and changing their rate.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { buildInstruction } from "../coder.js";
import { option, u64 } from "../coder-values.js";
import { emissionsAuthorityAddress, emissionsVaultAddress } from "../pda.js";
import { tokenProgramOf } from "../token-program.js";
import type { BankAdminParams } from "./bank-admin.js";

interface EmissionsAdminParams extends BankAdminParams {
  emissionsAdmin: PublicKey;
  emissionsMint: PublicKey;
  /** The admin's token account the emissions are funded from. */
  emissionsFundingAccount: PublicKey;
  /** The emissions mint's token program; defaults to SPL Token. */
  tokenProgram?: PublicKey;
}

export interface SetupEmissionsParams extends EmissionsAdminParams {
  /** Replaces the bank's flags entirely: EMISSIONS_FLAG_BORROW_ACTIVE and/or EMISSIONS_FLAG_LENDING_ACTIVE. */
  flags: bigint;
  /** Emissions-mint native units per whole bank token per year. */
  rate: bigint;
  /** Native units moved into the emissions vault now. */
  totalEmissions: bigint;
}

export function setupEmissionsInstruction(p: SetupEmissionsParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_setup_emissions",
    {
      group: p.group,
      delegate_emissions_admin: p.emissionsAdmin,
      bank: p.bank,
      emissions_mint: p.emissionsMint,
      emissions_auth: emissionsAuthorityAddress(p.bank, p.emissionsMint, p.programId),
      emissions_token_account: emissionsVaultAddress(p.bank, p.emissionsMint, p.programId),
      emissions_funding_account: p.emissionsFundingAccount,
      token_program: tokenProgramOf(p),
    },
    { flags: u64(p.flags), rate: u64(p.rate), total_emissions: u64(p.totalEmissions) },
    [],
    p,
  );
}

export interface UpdateEmissionsParametersParams extends EmissionsAdminParams {
  /** Replaces the bank's flags entirely, unchecked. */
  emissionsFlags?: bigint;
  emissionsRate?: bigint;
  /** Native units added to the vault. */
  additionalEmissions?: bigint;
}

export function updateEmissionsParametersInstruction(p: UpdateEmissionsParametersParams): TransactionInstruction {
  return buildInstruction(
    "lending_pool_update_emissions_parameters",
    {
      group: p.group,
      delegate_emissions_admin: p.emissionsAdmin,
      bank: p.bank,
      emissions_mint: p.emissionsMint,
      emissions_token_account: emissionsVaultAddress(p.bank, p.emissionsMint, p.programId),
      emissions_funding_account: p.emissionsFundingAccount,
      token_program: tokenProgramOf(p),
    },
    {
      emissions_flags: option(p.emissionsFlags, u64),
      emissions_rate: option(p.emissionsRate, u64),
      additional_emissions: option(p.additionalEmissions, u64),
    },
    [],
    p,
  );
}
