import { anchorFail, checkProgramAccount, custom, program, type MutOption } from "@ballast/anchor";
import { SYSTEM_PROGRAM_ID } from "@ballast/ledger";

/** Anchor's `Program<System>`. */
export const systemProgram = () => program([SYSTEM_PROGRAM_ID]);

/**
 * A zero-copy account of this program (`AccountLoader<T>`): its discriminator, and long enough to hold its layout
 * (AccountDidNotDeserialize otherwise).
 */
export const zeroCopyAccount = (discriminator: Uint8Array, minLength: number, options: MutOption = {}) =>
  custom((account, name, programId) => {
    checkProgramAccount(account, name, programId, Buffer.from(discriminator));
    if (account.account.data.length < minLength) anchorFail("AccountDidNotDeserialize", name);
    return {};
  }, options);

/** A writable feed of this program; `mut` is checked once it has loaded. */
export const feedAccount = (discriminator: Uint8Array, minLength: number) => zeroCopyAccount(discriminator, minLength, { mut: "load" });
