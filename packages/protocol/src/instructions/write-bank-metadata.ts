import { type FieldAccessor } from "@ballast/anchor";
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
  data: Buffer,
  field: FieldAccessor<Uint8Array>,
  end: FieldAccessor<number>,
  text: Buffer,
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

/** The group's metadata admin writes the bank's ticker (≤ 64 bytes) and/or description (≤ 128 bytes). */
export const writeBankMetadata: InstructionHandler = {
  name: "write_bank_metadata",
  units: 8_000,
  run(ctx, accounts, args) {
    const ticker = args.option(() => args.bytes(args.u32()));
    const description = args.option(() => args.bytes(args.u32()));
    const group = accounts.owned(0, "group", MarginfiGroupLayout);
    const bank = accounts.owned(1, "bank", BankLayout);
    const admin = accounts.writable(accounts.signer(2, "metadata_admin"), "metadata_admin");
    const metadata = accounts.owned(3, "metadata", BankMetadataLayout, { writable: true });
    if (MarginfiGroupLayout.fields.metadataAdmin.get(group.account.data) !== admin.key) fail("ConstraintHasOne", "group");
    if (BankLayout.fields.group.get(bank.account.data) !== group.key) fail("ConstraintHasOne", "bank");
    accounts.pda(metadata, "metadata", bankMetadataSeeds(bank.key));
    const data = metadata.account.data;
    if (m.bank.get(data) !== bank.key) fail("ConstraintHasOne", "metadata");

    const log = (message: string) => ctx.log(message);
    if (ticker !== null) writeText(data, m.ticker, m.endTickerByte, ticker, log);
    if (description !== null) writeText(data, m.description, m.endDescriptionByte, description, log);
  },
};
