// update_global_config_admin(): the second step of a global admin handover: the pending admin signs and becomes the
// global admin.
import { checkSeeds, declareAccounts, signer } from "@ballast/anchor";
import { globalConfigSeeds } from "../client/seeds.js";
import { checkHasOne, globalConfigAccount } from "../program/account-kinds.js";
import type { MarketInstruction } from "./types.js";

const UpdateGlobalConfigAdminAccounts = declareAccounts(
  {
    pendingAdmin: signer(),
    globalConfig: globalConfigAccount({ mut: "load" }),
  },
  (a, ctx) => ({
    globalConfig: () => {
      checkSeeds(ctx, a.globalConfig, globalConfigSeeds());
      checkHasOne(a.globalConfig, a.globalConfig.state.pendingAdmin, a.pendingAdmin);
    },
  }),
);

export const updateGlobalConfigAdmin: MarketInstruction = {
  name: "update_global_config_admin",
  units: 5_000,
  accounts: UpdateGlobalConfigAdminAccounts,
  run(ctx) {
    const { globalConfig } = UpdateGlobalConfigAdminAccounts.load(ctx).accounts;
    globalConfig.state.globalAdmin = globalConfig.state.pendingAdmin;
    globalConfig.save();
  },
};
