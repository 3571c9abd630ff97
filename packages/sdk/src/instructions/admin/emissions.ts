// Emissions: funding a bank's emissions and changing their rate.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { lendingInstruction } from "../program.js";
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
  return lendingInstruction(
    "lending_pool_setup_emissions",
    {
      accounts: {
        group: p.group,
        delegateEmissionsAdmin: p.emissionsAdmin,
        bank: p.bank,
        emissionsMint: p.emissionsMint,
        emissionsAuth: emissionsAuthorityAddress(p.bank, p.emissionsMint, p.programId),
        emissionsTokenAccount: emissionsVaultAddress(p.bank, p.emissionsMint, p.programId),
        emissionsFundingAccount: p.emissionsFundingAccount,
        tokenProgram: tokenProgramOf(p),
      },
      args: { flags: p.flags, rate: p.rate, totalEmissions: p.totalEmissions },
    },
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
  return lendingInstruction(
    "lending_pool_update_emissions_parameters",
    {
      accounts: {
        group: p.group,
        delegateEmissionsAdmin: p.emissionsAdmin,
        bank: p.bank,
        emissionsMint: p.emissionsMint,
        emissionsTokenAccount: emissionsVaultAddress(p.bank, p.emissionsMint, p.programId),
        emissionsFundingAccount: p.emissionsFundingAccount,
        tokenProgram: tokenProgramOf(p),
      },
      args: {
        emissionsFlags: p.emissionsFlags ?? null,
        emissionsRate: p.emissionsRate ?? null,
        additionalEmissions: p.additionalEmissions ?? null,
      },
    },
    p,
  );
}
