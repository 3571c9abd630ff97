// E-mode: a bank's tag and entries, and copying them between banks.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { lendingInstruction, type ProgramOptions } from "../program.js";
import { emodeEntriesArgs, type EmodeEntryParams } from "../config-args.js";
import type { BankAdminParams } from "./bank-admin.js";

export interface ConfigureBankEmodeParams extends BankAdminParams {
  emodeAdmin: PublicKey;
  /** The bank's own e-mode tag (0 = none). */
  emodeTag: number;
  /** Up to ten pairings; the rest are empty. */
  entries: readonly EmodeEntryParams[];
}

export function configureBankEmodeInstruction(p: ConfigureBankEmodeParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_configure_bank_emode",
    {
      accounts: { group: p.group, emodeAdmin: p.emodeAdmin, bank: p.bank },
      args: { emodeTag: p.emodeTag, entries: emodeEntriesArgs(p.entries) },
    },
    p,
  );
}

export interface CloneEmodeParams extends ProgramOptions {
  group: PublicKey;
  /** The group admin or e-mode admin. */
  signer: PublicKey;
  copyFromBank: PublicKey;
  copyToBank: PublicKey;
}

export function cloneEmodeInstruction(p: CloneEmodeParams): TransactionInstruction {
  return lendingInstruction(
    "lending_pool_clone_emode",
    { accounts: { group: p.group, signer: p.signer, copyFromBank: p.copyFromBank, copyToBank: p.copyToBank } },
    p,
  );
}
