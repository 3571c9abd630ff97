import { anchorFail, checkProgramAccount, custom, program } from "@ballast/anchor";
import { SYSTEM_PROGRAM_ID } from "@ballast/ledger";

/** Anchor's `Program<System>`. */
export const systemProgram = () => program([SYSTEM_PROGRAM_ID]);

/**
 * A writable feed of this program: its discriminator, and long enough to hold its layout (AccountDidNotDeserialize
 * otherwise); `mut` is checked once it has loaded.
 */
export const feedAccount = (discriminator: Uint8Array, minLength: number) =>
  custom(
    (account, name, programId) => {
      checkProgramAccount(account, name, programId, Buffer.from(discriminator));
      if (account.account.data.length < minLength) anchorFail("AccountDidNotDeserialize", name);
      return {};
    },
    { mut: "load" },
  );
