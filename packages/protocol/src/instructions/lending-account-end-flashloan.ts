import { declareAccounts } from "@ballast/anchor";
import type { InstructionHandler } from "../program/entrypoint.js";
import { fail } from "../program/errors.js";
import { setAccountFlag } from "../state/account-flags.js";
import { freshHealthCache } from "../risk/health-cache.js";
import { RiskEngine } from "../risk/risk-engine.js";
import { AccountFlags } from "../state/flags.js";
import { FLASHLOAN_ACCOUNTS, checkFlashloanAccountState, checkFlashloanAuthority } from "./lending-account-start-flashloan.js";

const EndFlashloanAccounts = declareAccounts(FLASHLOAN_ACCOUNTS, (a) => ({ marginfiAccount: () => checkFlashloanAuthority(a) }));

/**
 * Closes a flash loan: the account must meet its Initial requirement and the isolated-tier rule on the final
 * state (6009 / 6029), which fails the whole transaction otherwise. The health cache is left as the inner
 * actions wrote it. Remaining accounts: the account's risk accounts.
 */
export const lendingAccountEndFlashloan: InstructionHandler = {
  name: "lending_account_end_flashloan",
  units: 8_000,
  accounts: EndFlashloanAccounts,
  run(ctx) {
    const { accounts: a, remaining } = EndFlashloanAccounts.load(ctx);
    if (ctx.stackHeight !== 1) fail("NotAllowedInCPI");
    const account = a.marginfiAccount.data;
    checkFlashloanAccountState(account, false);
    setAccountFlag(account, AccountFlags.ACCOUNT_IN_FLASHLOAN, false);
    RiskEngine.load(ctx, account, remaining).checkInitialHealth(freshHealthCache(ctx.clock.unixTimestamp));
  },
};
