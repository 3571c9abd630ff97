import { PublicKey } from "@solana/web3.js";
import { checkSeeds, declareAccounts, initTarget, signer } from "@ballast/anchor";
import { marginfiAccount, systemProgram } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { LiquidationRecordLayout } from "../state/liquidation-record.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";

const LIQ_RECORD_SEED = Buffer.from("liq_record");

/** The liquidation record is Anchor's `init` at its PDA: the seeds are checked as the handler creates it. */
const InitLiqRecordAccounts = declareAccounts({
  marginfiAccount: marginfiAccount({ mut: "load" }),
  feePayer: signer({ mut: "load" }),
  liquidationRecord: initTarget(),
  systemProgram: systemProgram(),
});

/** Permissionless: creates the account's liquidation record (PDA ["liq_record", account]); the payer's rent stays in it. */
export const marginfiAccountInitLiqRecord: InstructionHandler = {
  name: "marginfi_account_init_liq_record",
  units: 12_000,
  accounts: InitLiqRecordAccounts,
  run(ctx, accounts) {
    const { marginfiAccount: account, feePayer, liquidationRecord: record } = InitLiqRecordAccounts.load(ctx).accounts;
    const seeds = [LIQ_RECORD_SEED, new PublicKey(account.key).toBuffer()];
    const bump = checkSeeds(ctx, record, seeds);
    const data = accounts.init(feePayer, record, LiquidationRecordLayout, [...seeds, Buffer.from([bump])]);
    const r = LiquidationRecordLayout.fields;
    r.key.set(data, record.key);
    r.marginfiAccount.set(data, account.key);
    r.recordPayer.set(data, feePayer.key);
    MarginfiAccountLayout.fields.liquidationRecord.set(account.data, record.key);
  },
};
