// init_farms_for_reserve(mode): the market owner gives a reserve a farm for its collateral (0) or debt (1): the farm
// account, created zeroed for the farms program by the caller, becomes the reserve's, and the farms program makes it
// a delegated farm administered by the owner whose stakes the market authority sets.
import { declareAccounts, program, signer, unchecked } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { RENT_SYSVAR_ID } from "@ballast/ledger";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { FARMS_PROGRAM_ID } from "../farms/ids.js";
import { reserveFarmKind, setReserveFarm } from "../lending/obligation-farms.js";
import {
  checkHasOne,
  lendingMarketAccount,
  marketAuthoritySigner,
  reserveAccount,
  systemProgram,
  sysvar,
} from "../program/account-kinds.js";
import { initializeFarmDelegated } from "../program/farms-cpi.js";
import type { MarketInstruction } from "./types.js";

const InitFarmsForReserveAccounts = declareAccounts(
  {
    lendingMarketOwner: signer({ mut: "load" }),
    lendingMarket: lendingMarketAccount(),
    lendingMarketAuthority: unchecked(),
    reserve: reserveAccount({ mut: "load" }),
    farmsProgram: program([FARMS_PROGRAM_ID]),
    farmsGlobalConfig: unchecked(),
    farmState: unchecked({ mut: "load" }),
    farmsVaultAuthority: unchecked(),
    rent: sysvar(RENT_SYSVAR_ID),
    systemProgram: systemProgram(),
  },
  (a, ctx) => ({
    lendingMarket: () => checkHasOne(a.lendingMarket, a.lendingMarket.state.lendingMarketOwner, a.lendingMarketOwner),
    lendingMarketAuthority: () => {
      marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket);
    },
    reserve: () => checkHasOne(a.reserve, a.reserve.state.lendingMarket, a.lendingMarket),
  }),
);

export const initFarmsForReserve: MarketInstruction = {
  name: "init_farms_for_reserve",
  units: 15_000,
  accounts: InitFarmsForReserveAccounts,
  run(ctx, _checks, args) {
    const { mode } = decodeArgs(args, KLEND_INSTRUCTIONS.init_farms_for_reserve.args);
    const a = InitFarmsForReserveAccounts.load(ctx).accounts;
    const kind = reserveFarmKind(mode);
    const seeds = marketAuthoritySigner(ctx, a.lendingMarketAuthority, a.lendingMarket);
    setReserveFarm(a.reserve.state, kind, a.farmState.key);
    a.reserve.save();
    initializeFarmDelegated(
      ctx,
      {
        farmsProgram: a.farmsProgram,
        farmAdmin: a.lendingMarketOwner,
        marketAuthority: a.lendingMarketAuthority,
        farmState: a.farmState,
        globalConfig: a.farmsGlobalConfig,
        farmVaultsAuthority: a.farmsVaultAuthority,
        systemProgram: a.systemProgram,
        rent: a.rent,
      },
      seeds,
    );
  },
};
