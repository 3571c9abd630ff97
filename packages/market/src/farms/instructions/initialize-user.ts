// initialize_user(): a user's stake record in a farm at ["user", farm, delegatee]. In a delegated farm (klend's) only
// the farm's delegate authority opens it, for an owner and a delegatee it names (the obligation's owner and the
// obligation); otherwise the owner opens its own.
import { checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { RENT_SYSVAR_ID } from "@ballast/ledger";
import type { MarketInstruction } from "../../instructions/types.js";
import { systemProgram, sysvar } from "../../program/account-kinds.js";
import { encodeMarketAccountInto } from "../../state/common.js";
import { farmStateAccount } from "../account-kinds.js";
import { farmsFail } from "../errors.js";
import { MAX_REWARDS_TOKENS, userStateSeeds } from "../ids.js";
import { farmTime } from "../rewards.js";
import { USER_STATE_SIZE, UserStateLayout } from "../state.js";
import { checkDelegateAuthority } from "./shared.js";

const InitializeUserAccounts = declareAccounts({
  authority: signer(),
  payer: signer({ mut: "load" }),
  owner: unchecked(),
  delegatee: unchecked(),
  userState: unchecked({ mut: "load" }),
  farmState: farmStateAccount({ mut: "load" }),
  systemProgram: systemProgram(),
  rent: sysvar(RENT_SYSVAR_ID),
});

export const initializeUser: MarketInstruction = {
  name: "initialize_user",
  units: 8_000,
  accounts: InitializeUserAccounts,
  run(ctx, checks) {
    const a = InitializeUserAccounts.load(ctx).accounts;
    const farm = a.farmState.state;
    if (farm.isFarmDelegated !== 0) checkDelegateAuthority(farm, a.authority.key);
    else if (![a.payer.key, a.owner.key, a.delegatee.key].every((k) => k === a.authority.key))
      farmsFail("UserDelegatedFarmNonDelegatedMissmatch");
    const seeds = userStateSeeds(a.farmState.key, a.delegatee.key);
    const bump = checkSeeds(ctx, a.userState, seeds);
    const data = checks.initAccount(a.payer, a.userState, USER_STATE_SIZE, UserStateLayout.discriminator, [...seeds, Uint8Array.of(bump)]);
    const now = farmTime(farm, ctx.clock);
    encodeMarketAccountInto(UserStateLayout, data, {
      userId: farm.numUsers,
      farmState: a.farmState.key,
      owner: a.owner.key,
      isFarmDelegated: farm.isFarmDelegated,
      rewardsTallyScaled: Array.from({ length: MAX_REWARDS_TOKENS }, () => 0n),
      rewardsIssuedUnclaimed: Array.from({ length: MAX_REWARDS_TOKENS }, () => 0n),
      lastClaimTs: Array.from({ length: MAX_REWARDS_TOKENS }, () => now),
      activeStakeScaled: 0n,
      pendingDepositStakeScaled: 0n,
      pendingDepositStakeTs: 0n,
      pendingWithdrawalUnstakeScaled: 0n,
      pendingWithdrawalUnstakeTs: 0n,
      bump: BigInt(bump),
      delegatee: a.delegatee.key,
      lastStakeTs: 0n,
      rewardsIssuedCumulative: Array.from({ length: MAX_REWARDS_TOKENS }, () => 0n),
    });
    farm.numUsers += 1n;
    a.farmState.save();
  },
};
