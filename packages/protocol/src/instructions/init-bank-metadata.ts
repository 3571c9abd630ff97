import { checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { bankAccount, systemProgram } from "../program/account-kinds.js";
import { PublicKey } from "@solana/web3.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { BankMetadataLayout } from "../state/bank-metadata.js";

export function bankMetadataSeeds(bank: string): Buffer[] {
  return [Buffer.from("metadata"), new PublicKey(bank).toBuffer()];
}

/** The metadata is Anchor's `init` at its PDA, created by the handler (checked writable as it loads). */
const InitBankMetadataAccounts = declareAccounts({
  bank: bankAccount(),
  feePayer: signer({ mut: "load" }),
  metadata: unchecked({ mut: "load" }),
  systemProgram: systemProgram(),
});

/** Permissionless: creates the bank's blank metadata PDA, which only the group's metadata admin may then write. */
export const initBankMetadata: InstructionHandler = {
  name: "init_bank_metadata",
  units: 8_000,
  accounts: InitBankMetadataAccounts,
  run(ctx, accounts) {
    const { bank, feePayer, metadata } = InitBankMetadataAccounts.load(ctx).accounts;
    const seeds = bankMetadataSeeds(bank.key);
    const bump = checkSeeds(ctx, metadata, seeds);
    const data = accounts.init(feePayer, metadata, BankMetadataLayout, [...seeds, Buffer.from([bump])]);
    BankMetadataLayout.fields.bank.set(data, bank.key);
    BankMetadataLayout.fields.bump.set(data, bump);
  },
};
