// initialize_global_config(): the farms' global config in a caller-created zero account: its admin, no treasury fee,
// and the treasury vaults authority ["authority", global_config].
import { checkSeeds, declareAccounts, signer, unchecked } from "@ballast/anchor";
import { zeroAccount, systemProgram } from "../../program/account-kinds.js";
import { encodeMarketAccountInto } from "../../state/common.js";
import { ZERO_PUBKEY } from "../../program-ids.js";
import { treasuryVaultsAuthoritySeeds } from "../ids.js";
import { FarmsGlobalConfigLayout } from "../state.js";
import type { MarketInstruction } from "../../instructions/types.js";

const InitializeGlobalConfigAccounts = declareAccounts({
  globalAdmin: signer({ mut: "load" }),
  globalConfig: zeroAccount(FarmsGlobalConfigLayout),
  treasuryVaultsAuthority: unchecked(),
  systemProgram: systemProgram(),
});

export const initializeGlobalConfig: MarketInstruction = {
  name: "initialize_global_config",
  units: 5_000,
  accounts: InitializeGlobalConfigAccounts,
  run(ctx) {
    const { globalAdmin, globalConfig, treasuryVaultsAuthority } = InitializeGlobalConfigAccounts.load(ctx).accounts;
    const bump = checkSeeds(ctx, treasuryVaultsAuthority, treasuryVaultsAuthoritySeeds(globalConfig.key));
    encodeMarketAccountInto(FarmsGlobalConfigLayout, globalConfig.account.data, {
      globalAdmin: globalAdmin.key,
      treasuryFeeBps: 0n,
      treasuryVaultsAuthority: treasuryVaultsAuthority.key,
      treasuryVaultsAuthorityBump: BigInt(bump),
      pendingGlobalAdmin: ZERO_PUBKEY,
    });
  },
};
