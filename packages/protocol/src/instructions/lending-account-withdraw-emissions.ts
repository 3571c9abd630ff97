import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import * as fx from "../math/i80f48.js";
import type { LendingAccounts } from "../program/accounts.js";
import { BankBalance, findBalance, slot } from "../program/balances.js";
import { checkTokenProgram, loadMint } from "../program/bank-vaults.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { loadTokenAccount } from "../program/pool-accounts.js";
import { checkNotPaused, checkStandardBank, checkUserAuthorization, requireNotDisabled, touchAccount } from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { emissionsSeeds, transferChecked } from "./lending-pool-setup-emissions.js";

/** The accounts both emissions withdrawals share, from the bank onwards. */
export interface EmissionsPayout {
  readonly marginfiAccount: InstructionAccount;
  readonly bank: InstructionAccount;
  readonly mint: InstructionAccount;
  readonly decimals: number;
  readonly authority: InstructionAccount;
  readonly vault: InstructionAccount;
  readonly destination: InstructionAccount;
  readonly tokenProgram: InstructionAccount;
  /** The vault authority's signer seeds, bump included. */
  readonly authoritySeeds: Buffer[];
}

/**
 * Deserializes [bank (mut), emissions_mint, emissions_auth, emissions_vault (mut), destination_account (mut),
 * token_program] starting at `first`, then checks them in order: the bank belongs to the group (6093), carries
 * this emissions mint (6097) and is a standard bank (6200); authority and vault sit at their PDAs.
 */
export function emissionsPayoutAccounts(
  accounts: LendingAccounts,
  first: number,
  group: InstructionAccount,
  marginfiAccount: InstructionAccount,
): EmissionsPayout {
  const bank = accounts.owned(first, "bank", BankLayout, { writable: true });
  const mint = accounts.at(first + 1);
  const { decimals } = loadMint(mint, "emissions_mint");
  const authority = accounts.at(first + 2);
  const vault = accounts.at(first + 3);
  loadTokenAccount(vault, "emissions_vault");
  const destination = accounts.at(first + 4);
  loadTokenAccount(destination, "destination_account");
  const tokenProgram = checkTokenProgram(accounts.at(first + 5), "token_program");

  if (BankLayout.fields.group.get(bank.account.data) !== group.key) fail("InvalidGroup", "bank");
  if (BankLayout.fields.emissionsMint.get(bank.account.data) !== mint.key) fail("InvalidEmissionsMint", "bank");
  checkStandardBank(bank, group, null);
  const seeds = emissionsSeeds("authority", bank.key, mint.key);
  const bump = accounts.pda(authority, "emissions_auth", seeds);
  accounts.writable(vault, "emissions_vault");
  accounts.pda(vault, "emissions_vault", emissionsSeeds("vault", bank.key, mint.key));
  accounts.writable(destination, "destination_account");
  return {
    marginfiAccount,
    bank,
    mint,
    decimals,
    authority,
    vault,
    destination,
    tokenProgram,
    authoritySeeds: [...seeds, Buffer.from([bump])],
  };
}

/**
 * Settles the balance's emissions up to now, then pays the whole units out of the emissions vault with
 * TransferChecked; the fraction stays outstanding on the balance.
 */
export function payOutEmissions(ctx: InstructionContext, p: EmissionsPayout): void {
  const now = ctx.clock.unixTimestamp;
  const account = p.marginfiAccount.account.data;
  const index = findBalance(account, p.bank.key);
  if (index === null) return fail("BankAccountNotFound");
  new BankBalance(account, index, p.bank.account.data).claimEmissions(now);
  const outstanding = slot(index).emissionsOutstanding;
  const whole = fx.floor(outstanding.get(account));
  outstanding.set(account, fx.sub(outstanding.get(account), whole));
  const amount = fx.toIntFloor(whole);
  if (amount > 0n) {
    transferChecked(
      ctx,
      p.tokenProgram,
      { source: p.vault.key, mint: p.mint.key, destination: p.destination.key, authority: p.authority.key },
      amount,
      p.decimals,
      p.authoritySeeds,
    );
  }
  touchAccount(account, now);
}

/** The account's authority (or the group admin for a frozen account) withdraws its emissions to any token account. */
export const lendingAccountWithdrawEmissions: InstructionHandler = {
  name: "lending_account_withdraw_emissions",
  units: 20_000,
  run(ctx, accounts) {
    const group = accounts.owned(0, "group", MarginfiGroupLayout);
    const marginfiAccount = accounts.owned(1, "marginfi_account", MarginfiAccountLayout, { writable: true });
    const signer = accounts.signer(2, "authority");
    checkNotPaused(group, ctx.clock.unixTimestamp);
    checkUserAuthorization(marginfiAccount, group, signer, false);
    const payout = emissionsPayoutAccounts(accounts, 3, group, marginfiAccount);
    requireNotDisabled(marginfiAccount.account.data);
    payOutEmissions(ctx, payout);
  },
};
