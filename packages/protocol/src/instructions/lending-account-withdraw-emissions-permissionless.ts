import { PublicKey } from "@solana/web3.js";
import { ASSOCIATED_TOKEN_PROGRAM_ID } from "@ballast/ledger";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkNotPaused, hasAccountFlag, requireNotDisabled } from "../program/user-accounts.js";
import { AccountFlags } from "../state/flags.js";
import { MarginfiGroupLayout } from "../state/group.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";
import { emissionsPayoutAccounts, payOutEmissions } from "./lending-account-withdraw-emissions.js";
import { DEFAULT_KEY } from "./lending-pool-setup-emissions.js";

/** The wallet's canonical associated token account for the mint under the token program. */
function associatedTokenAddress(wallet: string, mint: string, tokenProgram: string): string {
  const [address] = PublicKey.findProgramAddressSync(
    [new PublicKey(wallet).toBuffer(), new PublicKey(tokenProgram).toBuffer(), new PublicKey(mint).toBuffer()],
    new PublicKey(ASSOCIATED_TOKEN_PROGRAM_ID),
  );
  return address.toBase58();
}

/**
 * Anyone pays an account's emissions out, but only to the canonical token account of the wallet its authority
 * registered as emissions destination (6063 when none is registered or another account is passed).
 */
export const lendingAccountWithdrawEmissionsPermissionless: InstructionHandler = {
  name: "lending_account_withdraw_emissions_permissionless",
  units: 20_000,
  run(ctx, accounts) {
    const group = accounts.owned(0, "group", MarginfiGroupLayout);
    const marginfiAccount = accounts.owned(1, "marginfi_account", MarginfiAccountLayout, { writable: true });
    checkNotPaused(group, ctx.clock.unixTimestamp);
    const account = marginfiAccount.account.data;
    if (MarginfiAccountLayout.fields.group.get(account) !== group.key) fail("InvalidGroup", "marginfi_account");
    const payout = emissionsPayoutAccounts(accounts, 2, group, marginfiAccount);

    requireNotDisabled(account);
    if (hasAccountFlag(account, AccountFlags.ACCOUNT_FROZEN)) fail("AccountFrozen");
    const wallet = MarginfiAccountLayout.fields.emissionsDestinationAccount.get(account);
    if (wallet === DEFAULT_KEY) fail("InvalidEmissionsDestinationAccount");
    if (payout.destination.key !== associatedTokenAddress(wallet, payout.mint.key, payout.tokenProgram.key)) {
      fail("InvalidEmissionsDestinationAccount");
    }
    payOutEmissions(ctx, payout);
  },
};
