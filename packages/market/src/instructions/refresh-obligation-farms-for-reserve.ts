// refresh_obligation_farms_for_reserve(mode): anyone (the crank) brings an obligation's stake in its reserve's
// collateral (0) or debt (1) farm to what the obligation holds now (cTokens deposited, or debt floored to whole
// units; none once the obligation is closed), through the farms program's set_stake_delegated signed by the market
// authority. Nothing is invoked when the stake is already right.
import { declareAccounts, program, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { RENT_SYSVAR_ID, type InstructionAccount } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { fail } from "../errors.js";
import { FARMS_PROGRAM_ID } from "../farms/ids.js";
import { reserveFarmKind } from "../lending/obligation-farms.js";
import {
  checkHasOne,
  lendingMarketAccount,
  marketAuthoritySigner,
  reserveAccount,
  systemProgram,
  sysvar,
} from "../program/account-kinds.js";
import { refreshObligationFarm } from "../program/obligation-farm-refresh.js";
import { asObligationData, decodeObligation, type Obligation } from "../state/obligation.js";
import type { MarketInstruction } from "./types.js";

const RefreshObligationFarmsForReserveAccounts = declareAccounts(
  {
    crank: signer(),
    obligation: unchecked(),
    lendingMarketAuthority: unchecked(),
    reserve: reserveAccount(),
    reserveFarmState: unchecked({ mut: "load" }),
    obligationFarmUserState: unchecked({ mut: "load" }),
    lendingMarket: lendingMarketAccount(),
    farmsProgram: program([FARMS_PROGRAM_ID]),
    rent: sysvar(RENT_SYSVAR_ID),
    systemProgram: systemProgram(),
  },
  (a, ctx) => ({
    lendingMarketAuthority: () => {
      marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket);
    },
    reserve: () => checkHasOne(a.reserve, a.reserve.state.lendingMarket, a.lendingMarket),
  }),
);

/** The obligation, or null when it was closed (no longer the market's, or emptied). */
function liveObligation(programId: string, account: InstructionAccount): Obligation | null {
  if (account.account.owner !== programId) return null;
  const data = asObligationData(account.account.data);
  return data === null ? null : decodeObligation(data);
}

export const refreshObligationFarmsForReserve: MarketInstruction = {
  name: "refresh_obligation_farms_for_reserve",
  units: 10_000,
  accounts: RefreshObligationFarmsForReserveAccounts,
  run(ctx, _checks, args) {
    const { mode } = decodeArgs(args, KLEND_INSTRUCTIONS.refresh_obligation_farms_for_reserve.args);
    const { accounts: a, remaining } = RefreshObligationFarmsForReserveAccounts.load(ctx);
    if (remaining.length > 0) fail("InvalidAccountInput");
    const kind = reserveFarmKind(mode);
    refreshObligationFarm(ctx, {
      obligation: { key: a.obligation.key, state: liveObligation(ctx.programId, a.obligation) },
      reserve: { key: a.reserve.key, state: a.reserve.state },
      kind,
      reserveFarmState: a.reserveFarmState,
      obligationFarmUserState: a.obligationFarmUserState,
      lendingMarket: a.lendingMarket,
      lendingMarketAuthority: a.lendingMarketAuthority,
      farmsProgram: a.farmsProgram,
    });
  },
};
