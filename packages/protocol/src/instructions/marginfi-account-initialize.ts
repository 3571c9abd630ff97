import type { InstructionContext } from "@ballast/ledger";
import type { LendingAccounts } from "../program/accounts.js";
import { checkSystemProgram } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { emitEvent } from "../program/events.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";
import { MarginfiGroupLayout } from "../state/group.js";

/**
 * Creates a margin account in `group` for `authority`, at a fresh keypair address or (with `pda`) at
 * ["marginfi_account", group, authority, index, third-party id]; the fee payer pays rent.
 */
export function initializeMarginfiAccount(
  ctx: InstructionContext,
  accounts: LendingAccounts,
  pda: { seeds: Buffer[]; accountIndex: number; thirdPartyIndex: number } | null,
): void {
  const group = accounts.owned(0, "marginfi_group", MarginfiGroupLayout);
  const target = accounts.at(1);
  const authority = accounts.signer(2, "authority");
  const feePayer = accounts.writable(accounts.signer(3, "fee_payer"), "fee_payer");
  checkSystemProgram(accounts.at(pda ? 5 : 4), "system_program");

  let signerSeeds: Buffer[] | null = null;
  let bump = 0;
  if (pda) {
    bump = accounts.pda(target, "marginfi_account", pda.seeds);
    signerSeeds = [...pda.seeds, Buffer.from([bump])];
  }
  const data = accounts.init(feePayer, target, MarginfiAccountLayout, signerSeeds);
  const a = MarginfiAccountLayout.fields;
  a.group.set(data, group.key);
  a.authority.set(data, authority.key);
  a.lastUpdate.set(data, BigInt.asUintN(64, ctx.clock.unixTimestamp));
  if (pda) {
    a.accountIndex.set(data, pda.accountIndex);
    a.thirdPartyIndex.set(data, pda.thirdPartyIndex);
    a.bump.set(data, bump);
  }
  emitEvent(ctx, "MarginfiAccountCreateEvent", {
    header: { signer: authority.key, marginfiAccount: target.key, marginfiAccountAuthority: authority.key, marginfiGroup: group.key },
  });
}

export const marginfiAccountInitialize: InstructionHandler = {
  name: "marginfi_account_initialize",
  units: 12_000,
  run(ctx, accounts) {
    initializeMarginfiAccount(ctx, accounts, null);
  },
};
