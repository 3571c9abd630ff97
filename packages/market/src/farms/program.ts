// The farms program: Kamino Farms' delegated farms as klend's reserves use them (reference SML §3), dispatched by
// Anchor discriminators at Kamino Farms' id.
import { basicAnchorProgram } from "@ballast/anchor";
import type { Program } from "@ballast/ledger";
import { FARMS_PROGRAM_ID } from "./ids.js";
import { addRewards } from "./instructions/add-rewards.js";
import { harvestReward } from "./instructions/harvest-reward.js";
import { initializeFarmDelegated } from "./instructions/initialize-farm-delegated.js";
import { initializeGlobalConfig } from "./instructions/initialize-global-config.js";
import { initializeReward } from "./instructions/initialize-reward.js";
import { initializeUser } from "./instructions/initialize-user.js";
import { refreshFarm } from "./instructions/refresh-farm.js";
import { refreshUserState } from "./instructions/refresh-user-state.js";
import { setStakeDelegated } from "./instructions/set-stake-delegated.js";
import { updateFarmConfig } from "./instructions/update-farm-config.js";
import { updateGlobalConfig } from "./instructions/update-global-config.js";

export const FARMS_PROGRAM_INSTRUCTIONS = [
  initializeGlobalConfig,
  updateGlobalConfig,
  initializeFarmDelegated,
  initializeReward,
  addRewards,
  updateFarmConfig,
  initializeUser,
  setStakeDelegated,
  refreshFarm,
  refreshUserState,
  harvestReward,
] as const;

/** The farms program, registered at Kamino Farms' mainnet id unless another id is given. */
export function farmsProgram(id: string = FARMS_PROGRAM_ID): Program {
  return basicAnchorProgram(id, FARMS_PROGRAM_INSTRUCTIONS);
}
