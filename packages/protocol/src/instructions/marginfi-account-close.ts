import { declareAccounts, signer } from "@ballast/anchor";
import { marginfiAccount } from "../program/account-kinds.js";
import * as fx from "../math/i80f48.js";
import { EMPTY_BALANCE_THRESHOLD, slot } from "../program/balances.js";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { hasAccountFlag } from "../state/account-flags.js";
import { AccountFlags } from "../state/flags.js";
import { MAX_LENDING_ACCOUNT_BALANCES, MarginfiAccountLayout } from "../state/marginfi-account.js";
import type { MarginfiAccountData } from "../state/views.js";

/** An account closes only when no slot holds a side and it is not disabled, in a flash loan or in receivership. */
function canBeClosed(account: MarginfiAccountData): boolean {
  if (hasAccountFlag(account, AccountFlags.ACCOUNT_DISABLED | AccountFlags.ACCOUNT_IN_FLASHLOAN | AccountFlags.ACCOUNT_IN_RECEIVERSHIP)) {
    return false;
  }
  for (let i = 0; i < MAX_LENDING_ACCOUNT_BALANCES; i++) {
    const s = slot(i);
    if (fx.cmp(s.assetShares.get(account), EMPTY_BALANCE_THRESHOLD) >= 0) return false;
    if (fx.cmp(s.liabilityShares.get(account), EMPTY_BALANCE_THRESHOLD) >= 0) return false;
  }
  return true;
}

const CloseAccounts = declareAccounts(
  { marginfiAccount: marginfiAccount({ mut: "load" }), authority: signer(), feePayer: signer({ mut: "load" }) },
  (a) => ({
    marginfiAccount: () => {
      if (MarginfiAccountLayout.fields.authority.get(a.marginfiAccount.data) !== a.authority.key) fail("Unauthorized", "marginfi_account");
    },
  }),
);

/** The authority closes an empty margin account; its rent goes to the fee payer. */
export const marginfiAccountClose: InstructionHandler = {
  name: "marginfi_account_close",
  units: 10_000,
  accounts: CloseAccounts,
  run(ctx, accounts) {
    const { accounts: a } = CloseAccounts.load(ctx);
    const account = a.marginfiAccount.data;
    if (hasAccountFlag(account, AccountFlags.ACCOUNT_FROZEN)) fail("AccountFrozen");
    if (!canBeClosed(account)) {
      ctx.log("Account cannot be closed");
      fail("IllegalAction");
    }
    accounts.close(a.marginfiAccount, a.feePayer);
  },
};
