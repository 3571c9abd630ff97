import { AccountChecks, anchorFail } from "@ballast/anchor";
import { SYSTEM_PROGRAM_ID, type InstructionAccount } from "@ballast/ledger";

/** Anchor's account checks plus the two the oracle programs need: the System program, and a feed account. */
export class OracleAccounts extends AccountChecks {
  systemProgram(index: number): InstructionAccount {
    const account = this.at(index);
    if (account.key !== SYSTEM_PROGRAM_ID) anchorFail("InvalidProgramId", "system_program");
    return account;
  }

  /** A writable feed of this program: its discriminator, and long enough to hold its layout. */
  feed(index: number, name: string, discriminator: Uint8Array, minLength: number): InstructionAccount {
    const account = this.ownedAccount(index, name, Buffer.from(discriminator), { writable: false });
    if (account.account.data.length < minLength) anchorFail("AccountDidNotDeserialize", name);
    return this.writable(account, name);
  }
}
