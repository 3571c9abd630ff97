// refresh_reserves_batch(skip_price_updates: bool): refresh_reserve for many reserves in one instruction (MO §2.8,
// §3.1). No named accounts; the remaining accounts are groups of [reserve (writable), its lending market] followed,
// unless prices are skipped, by the four oracle slots [pyth, switchboard price, switchboard TWAP, scope], the program
// id standing for none.
import { declareAccounts } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import type { InstructionAccount, InstructionContext } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { PROGRAM_VERSION } from "../constants.js";
import { fail } from "../errors.js";
import { remainingMarketAccount } from "../program/account-kinds.js";
import { checkEmergencyMode } from "../program/guards.js";
import { type OracleSlots, refreshReserveFromOracles } from "../program/reserve-refresh.js";
import { LendingMarketLayout } from "../state/lending-market.js";
import { ReserveLayout } from "../state/reserve.js";
import type { MarketInstruction } from "./types.js";

const RefreshReservesBatchAccounts = declareAccounts({});

/** Reads the remaining accounts in order; a group cut short is InvalidAccountInput. */
class AccountGroups {
  private next = 0;
  constructor(private readonly accounts: readonly InstructionAccount[]) {}

  get done(): boolean {
    return this.next >= this.accounts.length;
  }

  take(ctx: InstructionContext, missing: string): InstructionAccount {
    const account = this.accounts[this.next++];
    if (!account) {
      ctx.log(missing);
      fail("InvalidAccountInput");
    }
    return account;
  }

  oracle(ctx: InstructionContext): InstructionAccount | null {
    const account = this.take(ctx, "Missing price account");
    return account.key === ctx.programId ? null : account;
  }
}

export const refreshReservesBatch: MarketInstruction = {
  name: "refresh_reserves_batch",
  units: 2_000,
  accounts: RefreshReservesBatchAccounts,
  run(ctx, _checks, args) {
    const { skipPriceUpdates } = decodeArgs(args, KLEND_INSTRUCTIONS.refresh_reserves_batch.args);
    const groups = new AccountGroups(RefreshReservesBatchAccounts.load(ctx).remaining);
    while (!groups.done) {
      const reserveInfo = groups.take(ctx, "Missing reserve account");
      const marketInfo = groups.take(ctx, "Missing lending market account");
      const reserve = remainingMarketAccount(ReserveLayout, reserveInfo, ctx.programId, true);
      if (reserve.state.lendingMarket !== marketInfo.key) fail("InvalidAccountInput");
      const market = remainingMarketAccount(LendingMarketLayout, marketInfo, ctx.programId, false);
      checkEmergencyMode(market.state);
      if (reserve.state.version !== PROGRAM_VERSION) fail("ReserveDeprecated");
      let slots: OracleSlots | null = null;
      if (!skipPriceUpdates) {
        slots = {
          pyth: groups.oracle(ctx),
          switchboardPrice: groups.oracle(ctx),
          switchboardTwap: groups.oracle(ctx),
          scope: groups.oracle(ctx),
        };
      }
      ctx.consume(10_000);
      refreshReserveFromOracles(ctx, reserve.state, market.state, slots);
      reserve.save();
    }
  },
};
