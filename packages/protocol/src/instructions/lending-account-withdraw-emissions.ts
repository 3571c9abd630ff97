import { checkSeeds, declareAccounts, signer, unchecked, type DeclaredAccounts } from "@ballast/anchor";
import type { InstructionContext } from "@ballast/ledger";
import * as fx from "../math/i80f48.js";
import { bankAccount, groupAccount, marginfiAccount, mintAccount, tokenAccount, tokenProgram } from "../program/account-kinds.js";
import { BankBalance, findBalance, slot } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkNotPaused, checkStandardBank, checkUserAuthorization, requireNotDisabled, touchAccount } from "../program/user-accounts.js";
import { BankLayout } from "../state/bank.js";
import { emissionsSeeds, transferChecked } from "./lending-pool-setup-emissions.js";

/** [bank (mut), emissions_mint, emissions_auth, emissions_vault (mut), destination_account (mut), token_program]. */
export const EMISSIONS_PAYOUT_ACCOUNTS = {
  bank: bankAccount({ mut: "load" }),
  emissionsMint: mintAccount(),
  emissionsAuth: unchecked(),
  emissionsVault: tokenAccount({ mut: "constraint" }),
  destinationAccount: tokenAccount({ mut: "constraint" }),
  tokenProgram: tokenProgram(),
} as const;

/** The payout accounts with the group and the margin account they pay for. */
export type EmissionsPayout = DeclaredAccounts<typeof EMISSIONS_PAYOUT_ACCOUNTS> &
  DeclaredAccounts<{ group: ReturnType<typeof groupAccount>; marginfiAccount: ReturnType<typeof marginfiAccount> }>;

/**
 * The payout accounts' constraints, in order: the bank belongs to the group (6093), carries this emissions mint
 * (6097) and is a standard bank (6200); authority and vault sit at their PDAs.
 */
export function emissionsPayoutConstraints(a: EmissionsPayout, ctx: InstructionContext) {
  return {
    bank: () => {
      if (BankLayout.fields.group.get(a.bank.data) !== a.group.key) fail("InvalidGroup", "bank");
      if (BankLayout.fields.emissionsMint.get(a.bank.data) !== a.emissionsMint.key) fail("InvalidEmissionsMint", "bank");
      checkStandardBank(a.bank, a.group, null);
    },
    emissionsAuth: () => checkSeeds(ctx, a.emissionsAuth, emissionsSeeds("authority", a.bank.key, a.emissionsMint.key)),
    emissionsVault: () => checkSeeds(ctx, a.emissionsVault, emissionsSeeds("vault", a.bank.key, a.emissionsMint.key)),
  };
}

/**
 * Settles the balance's emissions up to now, then pays the whole units out of the emissions vault with
 * TransferChecked; the fraction stays outstanding on the balance.
 */
export function payOutEmissions(ctx: InstructionContext, p: EmissionsPayout): void {
  const now = ctx.clock.unixTimestamp;
  const account = p.marginfiAccount.data;
  const index = findBalance(account, p.bank.key);
  if (index === null) return fail("BankAccountNotFound");
  new BankBalance(account, index, p.bank.data).claimEmissions(now);
  const outstanding = slot(index).emissionsOutstanding;
  const whole = fx.floor(outstanding.get(account));
  outstanding.set(account, fx.sub(outstanding.get(account), whole));
  const amount = fx.toIntFloor(whole);
  if (amount > 0n) {
    const seeds = emissionsSeeds("authority", p.bank.key, p.emissionsMint.key);
    const bump = checkSeeds(ctx, p.emissionsAuth, seeds);
    transferChecked(
      ctx,
      p.tokenProgram,
      { source: p.emissionsVault.key, mint: p.emissionsMint.key, destination: p.destinationAccount.key, authority: p.emissionsAuth.key },
      amount,
      p.emissionsMint.mint.decimals,
      [...seeds, Buffer.from([bump])],
    );
  }
  touchAccount(account, now);
}

const WithdrawEmissionsAccounts = declareAccounts(
  { group: groupAccount(), marginfiAccount: marginfiAccount({ mut: "load" }), authority: signer(), ...EMISSIONS_PAYOUT_ACCOUNTS },
  (a, ctx) => ({
    group: () => checkNotPaused(a.group, ctx.clock.unixTimestamp),
    marginfiAccount: () => checkUserAuthorization(a.marginfiAccount, a.group, a.authority, false),
    ...emissionsPayoutConstraints(a, ctx),
  }),
);

/** The account's authority (or the group admin for a frozen account) withdraws its emissions to any token account. */
export const lendingAccountWithdrawEmissions: InstructionHandler = {
  name: "lending_account_withdraw_emissions",
  units: 20_000,
  accounts: WithdrawEmissionsAccounts,
  run(ctx) {
    const { accounts: a } = WithdrawEmissionsAccounts.load(ctx);
    requireNotDisabled(a.marginfiAccount.data);
    payOutEmissions(ctx, a);
  },
};
