import { checkSeeds, declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs, type FieldAccessor } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { bankAccount, bankMetadataAccount, groupAccount } from "../program/account-kinds.js";
import type { BankMetadataData } from "../state/views.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { BankLayout } from "../state/bank.js";
import { BankMetadataLayout } from "../state/bank-metadata.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { bankMetadataSeeds } from "./init-bank-metadata.js";

const m = BankMetadataLayout.fields;

/**
 * Replaces one text field: longer than the field's capacity is 6081 MetadataTooLong; the field is zero-filled
 * before the copy and its end marker records the index of the last byte (0 when empty) for parsers.
 */
function writeText(
  data: BankMetadataData,
  field: FieldAccessor<Uint8Array>,
  end: FieldAccessor<number>,
  text: Uint8Array,
  log: (m: string) => void,
): void {
  if (text.length > field.size) {
    log(`too long got ${text.length} cap is: ${field.size}`);
    fail("MetadataTooLong");
  }
  const stored = new Uint8Array(field.size);
  stored.set(text);
  field.set(data, stored);
  end.set(data, text.length === 0 ? 0 : text.length - 1);
}

const WriteBankMetadataAccounts = declareAccounts(
  { group: groupAccount(), bank: bankAccount(), metadataAdmin: signer({ mut: "load" }), metadata: bankMetadataAccount({ mut: "load" }) },
  (a, ctx) => ({
    group: () => {
      if (MarginfiGroupLayout.fields.metadataAdmin.get(a.group.data) !== a.metadataAdmin.key) fail("ConstraintHasOne", "group");
    },
    bank: () => {
      if (BankLayout.fields.group.get(a.bank.data) !== a.group.key) fail("ConstraintHasOne", "bank");
    },
    metadata: () => {
      checkSeeds(ctx, a.metadata, bankMetadataSeeds(a.bank.key));
      if (m.bank.get(a.metadata.data) !== a.bank.key) fail("ConstraintHasOne", "metadata");
    },
  }),
);

/** The group's metadata admin writes the bank's ticker (≤ 64 bytes) and/or description (≤ 128 bytes). */
export const writeBankMetadata: InstructionHandler = {
  name: "write_bank_metadata",
  units: 8_000,
  accounts: WriteBankMetadataAccounts,
  run(ctx, _checks, args) {
    const { ticker, description } = decodeArgs(args, LENDING_INSTRUCTIONS.write_bank_metadata.args);
    const data = WriteBankMetadataAccounts.load(ctx).accounts.metadata.data;

    const log = (message: string) => ctx.log(message);
    if (ticker !== null) writeText(data, m.ticker, m.endTickerByte, ticker, log);
    if (description !== null) writeText(data, m.description, m.endDescriptionByte, description, log);
  },
};
