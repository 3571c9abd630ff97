import type { InstructionHandler } from "../program/entrypoint.js";
import { migrateMarginfiAccount } from "./transfer-to-new-account.js";

/**
 * transfer_to_new_account with the new account at ["marginfi_account", group, new_authority, index,
 * third-party id or 0]; reserved third-party ids only through their program's CPI (6042).
 */
export const transferToNewAccountPda: InstructionHandler = {
  name: "transfer_to_new_account_pda",
  units: 28_000,
  run(ctx, accounts, args) {
    const accountIndex = args.u16();
    const thirdPartyId = args.option(() => args.u16()) ?? 0;
    migrateMarginfiAccount(ctx, accounts, { kind: "pda", accountIndex, thirdPartyId });
  },
};
