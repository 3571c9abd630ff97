// Staked collateral: the group's staked settings and the permissionless staked bank.
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, readonlyAccount, type ProgramOptions } from "../coder.js";
import { u64 } from "../coder-values.js";
import { stakedSettingsArgs, stakedSettingsChangesArgs, type StakedSettingsChanges, type StakedSettingsParams } from "../config-args.js";
import { bankAddressWithSeed, singlePoolMintAddress, singlePoolStakeAddress, stakedSettingsAddress } from "../pda.js";
import { bankVaultAccounts } from "./bank-admin.js";

export interface InitStakedSettingsParams extends ProgramOptions {
  group: PublicKey;
  admin: PublicKey;
  /** Defaults to the admin. */
  feePayer?: PublicKey;
  settings: StakedSettingsParams;
}

export function initStakedSettingsInstruction(p: InitStakedSettingsParams): TransactionInstruction {
  return buildInstruction(
    "init_staked_settings",
    {
      marginfi_group: p.group,
      admin: p.admin,
      fee_payer: p.feePayer ?? p.admin,
      staked_settings: stakedSettingsAddress(p.group, p.programId),
    },
    { settings: stakedSettingsArgs(p.settings) },
    [],
    p,
  );
}

export interface EditStakedSettingsParams extends ProgramOptions {
  group: PublicKey;
  admin: PublicKey;
  changes: StakedSettingsChanges;
}

export function editStakedSettingsInstruction(p: EditStakedSettingsParams): TransactionInstruction {
  return buildInstruction(
    "edit_staked_settings",
    { marginfi_group: p.group, admin: p.admin, staked_settings: stakedSettingsAddress(p.group, p.programId) },
    { settings: stakedSettingsChangesArgs(p.changes) },
    [],
    p,
  );
}

export interface AddStakedBankParams extends ProgramOptions {
  group: PublicKey;
  feePayer: PublicKey;
  /** An SPL single-validator stake pool; its LST mint is the bank's mint. */
  stakePool: PublicKey;
  /** The staked settings' Pyth SOL feed. */
  oracle: PublicKey;
  /** The bank is the PDA bankAddressWithSeed(group, LST mint, bankSeed). */
  bankSeed: bigint;
}

/** Anyone may create the staked-collateral bank of a single-validator pool, configured from the staked settings. */
export function addStakedBankInstruction(p: AddStakedBankParams): TransactionInstruction {
  const mint = singlePoolMintAddress(p.stakePool);
  const solPool = singlePoolStakeAddress(p.stakePool);
  const bank = bankAddressWithSeed(p.group, mint, p.bankSeed, p.programId);
  return buildInstruction(
    "lending_pool_add_bank_permissionless",
    {
      marginfi_group: p.group,
      staked_settings: stakedSettingsAddress(p.group, p.programId),
      fee_payer: p.feePayer,
      bank_mint: mint,
      sol_pool: solPool,
      stake_pool: p.stakePool,
      bank,
      ...bankVaultAccounts(bank, p.programId),
      token_program: TOKEN_PROGRAM_ID,
    },
    { bank_seed: u64(p.bankSeed) },
    [p.oracle, mint, solPool].map(readonlyAccount),
    p,
  );
}
