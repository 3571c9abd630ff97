import { PublicKey } from "@solana/web3.js";
import { INSTRUCTIONS_SYSVAR_ID, loadCurrentIndexChecked, loadInstructionAtChecked, type InstructionAccount } from "@ballast/ledger";
import { checkAddress, declareAccounts, initTarget, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { LENDING_INSTRUCTIONS } from "../instruction-table.js";
import { systemProgram } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { NEW_MARGINFI_ACCOUNT, initializeMarginfiAccount } from "./marginfi-account-initialize.js";

/** Third-party ids below this are free for anyone; ids at or above it are reserved for registered programs. */
export const PDA_FREE_THRESHOLD = 10_000;

/** Reserved third-party ids and the program whose top-level instruction must be creating the account by CPI. */
export const THIRD_PARTY_CPI_RULES: ReadonlyMap<number, string> = new Map([
  [10_001, "rec5EKMGg6MxZYaMdyBfgwp4d5rB9T1VQH5pJv5LtFJ"],
  [11_111, "AsgardVwpApNc9DgEsDAHJcvupPuRtLQSKDP9MQNw16N"],
  [11_123, "6HyT8NQDpXY5wGkvX7haQVJ5nGUBVXQSkaT6Nf7fbsuJ"],
  [11_124, "save8RQVPMWNTzU18t3GBvBkN9hT7jsGjiCQ28FpD9H"],
]);

const MARGINFI_ACCOUNT_SEED = Buffer.from("marginfi_account");

function u16le(v: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(v);
  return b;
}

/** A reserved id may only be used by a CPI from its registered program (6042 otherwise). */
export function checkThirdPartyId(thirdPartyId: number, stackHeight: number, instructionsSysvar: InstructionAccount): void {
  if (thirdPartyId < PDA_FREE_THRESHOLD) return;
  const registered = THIRD_PARTY_CPI_RULES.get(thirdPartyId);
  if (registered === undefined || stackHeight <= 1) fail("Unauthorized");
  const caller = loadInstructionAtChecked(loadCurrentIndexChecked(instructionsSysvar), instructionsSysvar).programId;
  if (caller !== registered) fail("Unauthorized");
}

/** The PDA seeds of a margin account: ["marginfi_account", group, authority, index LE, third-party id LE]. */
export function marginfiAccountSeeds(group: string, authority: string, accountIndex: number, thirdPartyId: number): Buffer[] {
  return [
    MARGINFI_ACCOUNT_SEED,
    new PublicKey(group).toBuffer(),
    new PublicKey(authority).toBuffer(),
    u16le(accountIndex),
    u16le(thirdPartyId),
  ];
}

const InitializePdaAccounts = declareAccounts(
  { ...NEW_MARGINFI_ACCOUNT, marginfiAccount: initTarget(), instructionsSysvar: unchecked(), systemProgram: systemProgram() },
  (a) => ({ instructionsSysvar: () => checkAddress(a.instructionsSysvar, INSTRUCTIONS_SYSVAR_ID) }),
);

export const marginfiAccountInitializePda: InstructionHandler = {
  name: "marginfi_account_initialize_pda",
  units: 20_000,
  accounts: InitializePdaAccounts,
  run(ctx, accounts, args) {
    const { accountIndex, thirdPartyId: thirdParty } = decodeArgs(args, LENDING_INSTRUCTIONS.marginfi_account_initialize_pda.args);
    const thirdPartyId = thirdParty ?? 0;
    const { accounts: a } = InitializePdaAccounts.load(ctx);
    checkThirdPartyId(thirdPartyId, ctx.stackHeight, a.instructionsSysvar);
    initializeMarginfiAccount(ctx, accounts, a, {
      seeds: marginfiAccountSeeds(a.marginfiGroup.key, a.authority.key, accountIndex, thirdPartyId),
      accountIndex,
      thirdPartyIndex: thirdPartyId,
    });
  },
};
