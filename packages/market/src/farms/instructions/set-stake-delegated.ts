// set_stake_delegated(new_amount): the delegate authority (klend's market authority) sets a user's stake in a
// delegated farm; rewards accrue at the old stake first.
import { declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import type { MarketInstruction } from "../../instructions/types.js";
import { checkHasOne } from "../../program/account-kinds.js";
import { farmStateAccount, userStateAccount } from "../account-kinds.js";
import { FARMS_INSTRUCTIONS } from "../instruction-table.js";
import { farmTime, setUserStake } from "../rewards.js";
import { checkDelegateAuthority } from "./shared.js";

const SetStakeDelegatedAccounts = declareAccounts(
  {
    delegateAuthority: signer(),
    userState: userStateAccount({ mut: "load" }),
    farmState: farmStateAccount({ mut: "load" }),
  },
  (a) => ({ userState: () => checkHasOne(a.userState, a.userState.state.farmState, a.farmState) }),
);

export const setStakeDelegated: MarketInstruction = {
  name: "set_stake_delegated",
  units: 10_000,
  accounts: SetStakeDelegatedAccounts,
  run(ctx, _checks, args) {
    const { newAmount } = decodeArgs(args, FARMS_INSTRUCTIONS.set_stake_delegated.args);
    const { delegateAuthority, userState, farmState } = SetStakeDelegatedAccounts.load(ctx).accounts;
    const farm = farmState.state;
    checkDelegateAuthority(farm, delegateAuthority.key);
    setUserStake(farm, userState.state, newAmount, farmTime(farm, ctx.clock));
    userState.save();
    farmState.save();
  },
};
