// init_obligation_farms_for_reserve(mode): anyone (the payer) opens an obligation's user state in its reserve's
// collateral (0) or debt (1) farm, at ["user", farm, obligation] of the farms program, owned by the obligation's
// owner; the market authority opens it as the farm's delegate.
import { declareAccounts, program, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { RENT_SYSVAR_ID } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { fail } from "../errors.js";
import { FARMS_PROGRAM_ID } from "../farms/ids.js";
import { reserveFarm, reserveFarmKind } from "../lending/obligation-farms.js";
import {
  checkHasOne,
  lendingMarketAccount,
  marketAuthoritySigner,
  obligationAccount,
  reserveAccount,
  systemProgram,
  sysvar,
} from "../program/account-kinds.js";
import { initializeFarmUser } from "../program/farms-cpi.js";
import { checkReserveUsable } from "../program/guards.js";
import type { MarketInstruction } from "./types.js";

const InitObligationFarmsForReserveAccounts = declareAccounts(
  {
    payer: signer({ mut: "load" }),
    owner: unchecked(),
    obligation: obligationAccount({ mut: "load" }),
    lendingMarketAuthority: unchecked(),
    reserve: reserveAccount({ mut: "load" }),
    reserveFarmState: unchecked({ mut: "load" }),
    obligationFarm: unchecked({ mut: "load" }),
    lendingMarket: lendingMarketAccount(),
    farmsProgram: program([FARMS_PROGRAM_ID]),
    rent: sysvar(RENT_SYSVAR_ID),
    systemProgram: systemProgram(),
  },
  (a, ctx) => ({
    obligation: () => {
      checkHasOne(a.obligation, a.obligation.state.lendingMarket, a.lendingMarket);
      checkHasOne(a.obligation, a.obligation.state.owner, a.owner);
    },
    lendingMarketAuthority: () => {
      marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket);
    },
    reserve: () => checkHasOne(a.reserve, a.reserve.state.lendingMarket, a.lendingMarket),
  }),
);

export const initObligationFarmsForReserve: MarketInstruction = {
  name: "init_obligation_farms_for_reserve",
  units: 15_000,
  accounts: InitObligationFarmsForReserveAccounts,
  run(ctx, _checks, args) {
    const { mode } = decodeArgs(args, KLEND_INSTRUCTIONS.init_obligation_farms_for_reserve.args);
    const a = InitObligationFarmsForReserveAccounts.load(ctx).accounts;
    const kind = reserveFarmKind(mode);
    checkReserveUsable(a.reserve.state, true);
    const farm = reserveFarm(a.reserve.state, kind);
    if (farm === null) fail("NoFarmForReserve");
    if (farm !== a.reserveFarmState.key) fail("InvalidAccountInput");
    initializeFarmUser(
      ctx,
      {
        farmsProgram: a.farmsProgram,
        marketAuthority: a.lendingMarketAuthority,
        payer: a.payer,
        owner: a.owner,
        obligation: a.obligation,
        userState: a.obligationFarm,
        farmState: a.reserveFarmState,
        systemProgram: a.systemProgram,
        rent: a.rent,
      },
      marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket),
    );
  },
};
