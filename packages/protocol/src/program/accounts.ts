import { AccountChecks } from "@ballast/anchor";
import type { AccountData, AccountLayout, FieldTable } from "@ballast/codec";
import type { InstructionAccount } from "@ballast/ledger";

/**
 * Anchor's checks the handlers run in their own order (seeds, `mut`, `address`), plus `init` and `close`, taking the
 * lending program's account layouts (discriminator and size) directly.
 */
export class LendingAccounts extends AccountChecks {
  /**
   * Anchor's `init` for one of the program's accounts; `seeds` include the bump when the account is a PDA. The
   * new data carries the layout's discriminator, so it comes back branded by the layout.
   */
  init<F extends FieldTable, N extends string>(
    payer: InstructionAccount,
    target: InstructionAccount,
    layout: AccountLayout<F, N>,
    seeds: readonly Uint8Array[] | null,
  ): AccountData<N> {
    return this.initAccount(payer, target, layout.space, layout.discriminator, seeds) as AccountData<N>;
  }
}
