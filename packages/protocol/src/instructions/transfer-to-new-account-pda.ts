import { declareAccounts, initTarget, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { systemProgram } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { TRANSFER_ACCOUNTS, migrateMarginfiAccount } from "./transfer-to-new-account.js";

/** The instructions sysvar's address is checked with the third-party id, before the new account is created. */
const TransferPdaAccounts = declareAccounts({
  ...TRANSFER_ACCOUNTS,
  newMarginfiAccount: initTarget(),
  instructionsSysvar: unchecked(),
  systemProgram: systemProgram(),
});

/**
 * transfer_to_new_account with the new account at ["marginfi_account", group, new_authority, index,
 * third-party id or 0]; reserved third-party ids only through their program's CPI (6042).
 */
export const transferToNewAccountPda: InstructionHandler = {
  name: "transfer_to_new_account_pda",
  units: 28_000,
  accounts: TransferPdaAccounts,
  run(ctx, accounts, args) {
    const { accountIndex, thirdPartyId: thirdParty } = decodeArgs(args, LENDING_INSTRUCTIONS.transfer_to_new_account_pda.args);
    const thirdPartyId = thirdParty ?? 0;
    const { accounts: a } = TransferPdaAccounts.load(ctx);
    migrateMarginfiAccount(ctx, accounts, a, { kind: "pda", accountIndex, thirdPartyId, instructionsSysvar: a.instructionsSysvar });
  },
};
