import { PublicKey } from "@solana/web3.js";
import { checkSystemProgram } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { LiquidationRecordLayout } from "../state/liquidation-record.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

const LIQ_RECORD_SEED = Buffer.from("liq_record");

/** Permissionless: creates the account's liquidation record (PDA ["liq_record", account]); the payer's rent stays in it. */
export const marginfiAccountInitLiqRecord: InstructionHandler = {
  name: "marginfi_account_init_liq_record",
  units: 12_000,
  run(_ctx, accounts) {
    const account = accounts.owned(0, "marginfi_account", MarginfiAccountLayout, { writable: true });
    const feePayer = accounts.writable(accounts.signer(1, "fee_payer"), "fee_payer");
    const record = accounts.at(2);
    checkSystemProgram(accounts.at(3), "system_program");
    const seeds = [LIQ_RECORD_SEED, new PublicKey(account.key).toBuffer()];
    const bump = accounts.pda(record, "liquidation_record", seeds);
    const data = accounts.init(feePayer, record, LiquidationRecordLayout, [...seeds, Buffer.from([bump])]);
    const r = LiquidationRecordLayout.fields;
    r.key.set(data, record.key);
    r.marginfiAccount.set(data, account.key);
    r.recordPayer.set(data, feePayer.key);
    MarginfiAccountLayout.fields.liquidationRecord.set(account.account.data, record.key);
  },
};
