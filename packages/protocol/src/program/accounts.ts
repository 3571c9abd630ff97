import { AccountChecks } from "@ballast/anchor";
import type { InstructionAccount } from "@ballast/ledger";
import { type AccountLayout, type FieldTable } from "@ballast/anchor";

/** Anchor's account checks, taking the lending program's account layouts (discriminator and size) directly. */
export class LendingAccounts extends AccountChecks {
  /** An initialised account of this program of the layout's kind. */
  owned<F extends FieldTable>(
    index: number,
    name: string,
    layout: AccountLayout<F>,
    options: { writable?: boolean } = {},
  ): InstructionAccount {
    return this.ownedAccount(index, name, layout.discriminator, options);
  }

  /** Anchor's `init` for one of the program's accounts; `seeds` include the bump when the account is a PDA. */
  init<F extends FieldTable>(
    payer: InstructionAccount,
    target: InstructionAccount,
    layout: AccountLayout<F>,
    seeds: readonly Uint8Array[] | null,
  ): Buffer {
    return this.initAccount(payer, target, layout.space, layout.discriminator, seeds);
  }
}
