// update_global_config(mode: UpdateGlobalConfigMode, value: Vec<u8>): the global admin sets the pending admin (the
// first step of a handover) or the fee collector; the value is a Borsh Pubkey read from its first 32 bytes.
import { anchorFail, checkSeeds, declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { PublicKey } from "@solana/web3.js";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { globalConfigSeeds } from "../client/seeds.js";
import { checkHasOne, globalConfigAccount } from "../program/account-kinds.js";
import { UpdateGlobalConfigMode } from "../state/global-config.js";
import type { MarketInstruction } from "./types.js";

const UpdateGlobalConfigAccounts = declareAccounts(
  {
    globalAdmin: signer(),
    globalConfig: globalConfigAccount({ mut: "load" }),
  },
  (a, ctx) => ({
    globalConfig: () => {
      checkSeeds(ctx, a.globalConfig, globalConfigSeeds());
      checkHasOne(a.globalConfig, a.globalConfig.state.globalAdmin, a.globalAdmin);
    },
  }),
);

const PUBKEY_SIZE = 32;

export const updateGlobalConfig: MarketInstruction = {
  name: "update_global_config",
  units: 5_000,
  accounts: UpdateGlobalConfigAccounts,
  run(ctx, _checks, args) {
    const decoded = decodeArgs(args, KLEND_INSTRUCTIONS.update_global_config.args);
    if (decoded.mode > UpdateGlobalConfigMode.FeeCollector) anchorFail("InstructionDidNotDeserialize");
    const { globalConfig } = UpdateGlobalConfigAccounts.load(ctx).accounts;
    const value = Buffer.from(decoded.value);
    ctx.log(`Updating global config with mode ${decoded.mode} and value ${JSON.stringify([...value])}`);
    // Borsh reads a Pubkey from the value's first bytes; fewer than 32 do not deserialize.
    if (value.length < PUBKEY_SIZE) anchorFail("InstructionDidNotDeserialize");
    const key = new PublicKey(value.subarray(0, PUBKEY_SIZE)).toBase58();
    const config = globalConfig.state;
    if (decoded.mode === UpdateGlobalConfigMode.PendingAdmin) {
      ctx.log(`Prv value: pending_admin = ${config.pendingAdmin}`);
      config.pendingAdmin = key;
    } else {
      ctx.log(`Prv value: fee_collector = ${config.feeCollector}`);
      config.feeCollector = key;
    }
    ctx.log(`New value: ${decoded.mode === UpdateGlobalConfigMode.PendingAdmin ? "pending_admin" : "fee_collector"} = ${key}`);
    globalConfig.save();
  },
};
