import { PublicKey } from "@solana/web3.js";
import { checkSystemProgram } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { BankLayout } from "../state/bank.js";
import { BankMetadataLayout } from "../state/bank-metadata.js";

export function bankMetadataSeeds(bank: string): Buffer[] {
  return [Buffer.from("metadata"), new PublicKey(bank).toBuffer()];
}

/** Permissionless: creates the bank's blank metadata PDA, which only the group's metadata admin may then write. */
export const initBankMetadata: InstructionHandler = {
  name: "init_bank_metadata",
  units: 8_000,
  run(_ctx, accounts) {
    const bank = accounts.owned(0, "bank", BankLayout);
    const feePayer = accounts.writable(accounts.signer(1, "fee_payer"), "fee_payer");
    const metadata = accounts.writable(accounts.at(2), "metadata");
    checkSystemProgram(accounts.at(3), "system_program");
    const seeds = bankMetadataSeeds(bank.key);
    const bump = accounts.pda(metadata, "metadata", seeds);
    const data = accounts.init(feePayer, metadata, BankMetadataLayout, [...seeds, Buffer.from([bump])]);
    BankMetadataLayout.fields.bank.set(data, bank.key);
    BankMetadataLayout.fields.bump.set(data, bump);
  },
};
