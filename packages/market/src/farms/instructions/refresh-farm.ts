// refresh_farm(): anyone issues the farm's rewards up to now.
import { declareAccounts } from "@ballast/anchor";
import type { MarketInstruction } from "../../instructions/types.js";
import { optionalAccount } from "../../program/account-kinds.js";
import { farmStateAccount } from "../account-kinds.js";
import { farmTime, refreshGlobalRewards } from "../rewards.js";

const RefreshFarmAccounts = declareAccounts({ farmState: farmStateAccount({ mut: "load" }), scopePrices: optionalAccount() });

export const refreshFarm: MarketInstruction = {
  name: "refresh_farm",
  units: 6_000,
  accounts: RefreshFarmAccounts,
  run(ctx) {
    const { farmState } = RefreshFarmAccounts.load(ctx).accounts;
    refreshGlobalRewards(farmState.state, farmTime(farmState.state, ctx.clock));
    farmState.save();
  },
};
