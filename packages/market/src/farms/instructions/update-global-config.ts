// update_global_config(mode, value): the global admin names a pending admin (0) or sets the treasury's share of
// every harvest in basis points (1, at most 10,000).
import { declareAccounts, signer } from "@ballast/anchor";
import { PublicKey } from "@solana/web3.js";
import { decodeArgs } from "@ballast/codec";
import type { MarketInstruction } from "../../instructions/types.js";
import { checkHasOne } from "../../program/account-kinds.js";
import { globalConfigAccount } from "../account-kinds.js";
import { farmsFail } from "../errors.js";
import { BPS_DIV_FACTOR } from "../ids.js";
import { FARMS_INSTRUCTIONS } from "../instruction-table.js";

const UpdateGlobalConfigAccounts = declareAccounts({ globalAdmin: signer(), globalConfig: globalConfigAccount({ mut: "load" }) }, (a) => ({
  globalConfig: () => checkHasOne(a.globalConfig, a.globalConfig.state.globalAdmin, a.globalAdmin),
}));

export const updateGlobalConfig: MarketInstruction = {
  name: "update_global_config",
  units: 3_000,
  accounts: UpdateGlobalConfigAccounts,
  run(ctx, _checks, args) {
    const { mode, value } = decodeArgs(args, FARMS_INSTRUCTIONS.update_global_config.args);
    const { globalConfig } = UpdateGlobalConfigAccounts.load(ctx).accounts;
    const config = globalConfig.state;
    if (mode === 0) config.pendingGlobalAdmin = new PublicKey(value).toBase58();
    else if (mode === 1) {
      const bps = Buffer.from(value).readBigUInt64LE(0);
      if (bps > BPS_DIV_FACTOR) farmsFail("InvalidConfigValue");
      config.treasuryFeeBps = bps;
    } else farmsFail("InvalidGlobalConfigMode");
    globalConfig.save();
  },
};
