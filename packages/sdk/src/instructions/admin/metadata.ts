// Bank metadata: its account and its ticker and description.
import type { PublicKey, TransactionInstruction } from "@solana/web3.js";
import { buildInstruction, type ProgramOptions } from "../coder.js";
import { option } from "../coder-values.js";
import { bankMetadataAddress } from "../pda.js";
import type { BankAdminParams } from "./bank-admin.js";

export interface InitBankMetadataParams extends ProgramOptions {
  bank: PublicKey;
  feePayer: PublicKey;
}

export function initBankMetadataInstruction(p: InitBankMetadataParams): TransactionInstruction {
  return buildInstruction(
    "init_bank_metadata",
    { bank: p.bank, fee_payer: p.feePayer, metadata: bankMetadataAddress(p.bank, p.programId) },
    {},
    [],
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

const utf8 = (text: string) => Buffer.from(text, "utf8");

export function writeBankMetadataInstruction(p: WriteBankMetadataParams): TransactionInstruction {
  return buildInstruction(
    "write_bank_metadata",
    { group: p.group, bank: p.bank, metadata_admin: p.metadataAdmin, metadata: bankMetadataAddress(p.bank, p.programId) },
    { ticker: option(p.ticker, utf8), description: option(p.description, utf8) },
    [],
    p,
  );
}
