// Staked collateral: the group's staked settings and the permissionless staked bank.
import { TOKEN_PROGRAM_ID } from "@solana/spl-token";
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { lendingInstruction, readonlyAccount, type ProgramOptions } from "../program.js";
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
  return lendingInstruction(
    "init_staked_settings",
    {
      accounts: {
        marginfiGroup: p.group,
        admin: p.admin,
        feePayer: p.feePayer ?? p.admin,
        stakedSettings: stakedSettingsAddress(p.group, p.programId),
      },
      args: { settings: stakedSettingsArgs(p.settings) },
    },
    p,
  );
}

export interface EditStakedSettingsParams extends ProgramOptions {
  group: PublicKey;
  admin: PublicKey;
  changes: StakedSettingsChanges;
}

export function editStakedSettingsInstruction(p: EditStakedSettingsParams): TransactionInstruction {
  return lendingInstruction(
    "edit_staked_settings",
    {
      accounts: { marginfiGroup: p.group, admin: p.admin, stakedSettings: stakedSettingsAddress(p.group, p.programId) },
      args: { settings: stakedSettingsChangesArgs(p.changes) },
    },
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
  return lendingInstruction(
    "lending_pool_add_bank_permissionless",
    {
      accounts: {
        marginfiGroup: p.group,
        stakedSettings: stakedSettingsAddress(p.group, p.programId),
        feePayer: p.feePayer,
        bankMint: mint,
        solPool: solPool,
        stakePool: p.stakePool,
        bank,
        ...bankVaultAccounts(bank, p.programId),
        tokenProgram: TOKEN_PROGRAM_ID,
      },
      args: { bankSeed: p.bankSeed },
      remainingAccounts: [p.oracle, mint, solPool].map(readonlyAccount),
    },
    p,
  );
}
