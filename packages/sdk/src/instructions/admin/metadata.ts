// Bank metadata: its account and its ticker and description.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { lendingInstruction, type ProgramOptions } from "../program.js";
import { bankMetadataAddress } from "../pda.js";
import type { BankAdminParams } from "./bank-admin.js";

export interface InitBankMetadataParams extends ProgramOptions {
  bank: PublicKey;
  feePayer: PublicKey;
}

export function initBankMetadataInstruction(p: InitBankMetadataParams): TransactionInstruction {
  return lendingInstruction(
    "init_bank_metadata",
    { accounts: { bank: p.bank, feePayer: p.feePayer, metadata: bankMetadataAddress(p.bank, p.programId) } },
    p,
  );
}

export interface WriteBankMetadataParams extends BankAdminParams {
  metadataAdmin: PublicKey;
  /** At most 64 bytes of UTF-8; left out, unchanged. */
  ticker?: string;
  /** At most 128 bytes of UTF-8; left out, unchanged. */
  description?: string;
}

/** Vec<u8> of the text's UTF-8; left out is None. */
const utf8 = (text: string | undefined) => (text === undefined ? null : Buffer.from(text, "utf8"));

export function writeBankMetadataInstruction(p: WriteBankMetadataParams): TransactionInstruction {
  return lendingInstruction(
    "write_bank_metadata",
    {
      accounts: { group: p.group, bank: p.bank, metadataAdmin: p.metadataAdmin, metadata: bankMetadataAddress(p.bank, p.programId) },
      args: { ticker: utf8(p.ticker), description: utf8(p.description) },
    },
    p,
  );
}
