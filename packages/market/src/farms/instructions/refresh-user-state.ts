// refresh_user_state(): anyone issues the farm's rewards up to now and credits this user its share.
import { declareAccounts } from "@ballast/anchor";
import type { MarketInstruction } from "../../instructions/types.js";
import { checkHasOne, optionalAccount } from "../../program/account-kinds.js";
import { farmStateAccount, userStateAccount } from "../account-kinds.js";
import { farmTime, refreshGlobalRewards, refreshUserRewards } from "../rewards.js";

const RefreshUserStateAccounts = declareAccounts(
  {
    userState: userStateAccount({ mut: "load" }),
    farmState: farmStateAccount({ mut: "load" }),
    scopePrices: optionalAccount(),
  },
  (a) => ({ userState: () => checkHasOne(a.userState, a.userState.state.farmState, a.farmState) }),
);

export const refreshUserState: MarketInstruction = {
  name: "refresh_user_state",
  units: 8_000,
  accounts: RefreshUserStateAccounts,
  run(ctx) {
    const { userState, farmState } = RefreshUserStateAccounts.load(ctx).accounts;
    refreshGlobalRewards(farmState.state, farmTime(farmState.state, ctx.clock));
    refreshUserRewards(farmState.state, userState.state);
    userState.save();
    farmState.save();
  },
};
