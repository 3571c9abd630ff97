import { PublicKey } from "@solana/web3.js";
import { ASSOCIATED_TOKEN_PROGRAM_ID } from "@ballast/ledger";
import { declareAccounts } from "@ballast/anchor";
import { groupAccount, marginfiAccount } from "../program/account-kinds.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { checkNotPaused, requireNotDisabled } from "../program/user-accounts.js";
import { hasAccountFlag } from "../state/account-flags.js";
import { AccountFlags } from "../state/flags.js";
import { MarginfiAccountLayout } from "../state/marginfi-account.js";
import { EMISSIONS_PAYOUT_ACCOUNTS, emissionsPayoutConstraints, payOutEmissions } from "./lending-account-withdraw-emissions.js";
import { DEFAULT_KEY } from "./lending-pool-setup-emissions.js";

/** The wallet's canonical associated token account for the mint under the token program. */
function associatedTokenAddress(wallet: string, mint: string, tokenProgram: string): string {
  const [address] = PublicKey.findProgramAddressSync(
    [new PublicKey(wallet).toBuffer(), new PublicKey(tokenProgram).toBuffer(), new PublicKey(mint).toBuffer()],
    new PublicKey(ASSOCIATED_TOKEN_PROGRAM_ID),
  );
  return address.toBase58();
}

const WithdrawEmissionsPermissionlessAccounts = declareAccounts(
  { group: groupAccount(), marginfiAccount: marginfiAccount({ mut: "load" }), ...EMISSIONS_PAYOUT_ACCOUNTS },
  (a, ctx) => ({
    group: () => checkNotPaused(a.group, ctx.clock.unixTimestamp),
    marginfiAccount: () => {
      if (MarginfiAccountLayout.fields.group.get(a.marginfiAccount.data) !== a.group.key) fail("InvalidGroup", "marginfi_account");
    },
    ...emissionsPayoutConstraints(a, ctx),
  }),
);

/**
 * Anyone pays an account's emissions out, but only to the canonical token account of the wallet its authority
 * registered as emissions destination (6063 when none is registered or another account is passed).
 */
export const lendingAccountWithdrawEmissionsPermissionless: InstructionHandler = {
  name: "lending_account_withdraw_emissions_permissionless",
  units: 20_000,
  accounts: WithdrawEmissionsPermissionlessAccounts,
  run(ctx) {
    const { accounts: payout } = WithdrawEmissionsPermissionlessAccounts.load(ctx);
    const account = payout.marginfiAccount.data;
    requireNotDisabled(account);
    if (hasAccountFlag(account, AccountFlags.ACCOUNT_FROZEN)) fail("AccountFrozen");
    const wallet = MarginfiAccountLayout.fields.emissionsDestinationAccount.get(account);
    if (wallet === DEFAULT_KEY) fail("InvalidEmissionsDestinationAccount");
    if (payout.destinationAccount.key !== associatedTokenAddress(wallet, payout.emissionsMint.key, payout.tokenProgram.key)) {
      fail("InvalidEmissionsDestinationAccount");
    }
    payOutEmissions(ctx, payout);
  },
};
