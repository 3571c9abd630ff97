// update_reserve_config(mode: UpdateConfigMode (Borsh enum, one byte), value: Vec<u8>, skip_config_integrity_validation: bool)
// Mode 24 (UpdateEntireReserveConfig) copies the 920-byte ReserveConfig as given; the single-field modes of
// lending/config-update.ts set one field. The protocol-fee modes are the global admin's, the rest the market owner's,
// and every mode the proposer authority's while the reserve is being set up (lending/reserve-config-authority.ts;
// InvalidSigner otherwise); an immutable market takes only the global admin's. The result is validated unless the
// signer skips validation, a reserve whose usage was blocked is opened only by the market owner, and the reserve is
// marked stale.
import { anchorFail, checkSeeds, declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { fail } from "../errors.js";
import {
  UPDATE_CONFIG_MODE_COUNT,
  UpdateConfigMode,
  applyConfigUpdate,
  configFlagProblem,
  configUpdateProblem,
  isGlobalAdminMode,
} from "../lending/config-update.js";
import { mayUpdateReserveConfig, reserveUsageBlocked } from "../lending/reserve-config-authority.js";
import { globalConfigSeeds } from "../client/seeds.js";
import { reserveConfigProblem } from "../lending/config-validation.js";
import { markStale } from "../lending/last-update.js";
import { checkHasOne, globalConfigIfInitialised, lendingMarketAccount, reserveAccount } from "../program/account-kinds.js";
import { RESERVE_CONFIG_SIZE, decodeReserveConfig } from "../state/reserve-config.js";
import { RESERVE_CONFIG_OFFSET } from "../state/reserve.js";
import type { MarketInstruction } from "./types.js";

const UpdateReserveConfigAccounts = declareAccounts(
  {
    signer: signer(),
    globalConfig: globalConfigIfInitialised(),
    lendingMarket: lendingMarketAccount(),
    reserve: reserveAccount({ mut: "load" }),
  },
  (a, ctx) => ({
    signer: () => {
      // The mode argument, as Anchor's #[instruction(mode)] hands it to the constraint: the byte after the discriminator.
      const mode = ctx.data[8] ?? 0;
      const globalAdmin = a.globalConfig.globalConfig?.globalAdmin ?? null;
      if (!mayUpdateReserveConfig(a.signer.key, mode, a.lendingMarket.state, a.reserve.state, globalAdmin))
        fail("InvalidSigner", a.signer.name);
    },
    globalConfig: () => {
      checkSeeds(ctx, a.globalConfig, globalConfigSeeds());
    },
    reserve: () => checkHasOne(a.reserve, a.reserve.state.lendingMarket, a.lendingMarket),
  }),
);

export const updateReserveConfig: MarketInstruction = {
  name: "update_reserve_config",
  units: 10_000,
  accounts: UpdateReserveConfigAccounts,
  run(ctx, _checks, args) {
    const decoded = decodeArgs(args, KLEND_INSTRUCTIONS.update_reserve_config.args);
    const { mode, skipConfigIntegrityValidation: skipValidation } = decoded;
    if (mode >= UPDATE_CONFIG_MODE_COUNT) anchorFail("InstructionDidNotDeserialize");
    const value = Buffer.from(decoded.value);
    const { reserve, lendingMarket, globalConfig, signer: updater } = UpdateReserveConfigAccounts.load(ctx).accounts;

    ctx.log(`Updating reserve ${reserve.key} with mode ${mode} and value ${value.toString("hex")}`);
    // An immutable market's reserves change only by the global admin's fee modes.
    const byGlobalAdmin = isGlobalAdminMode(mode) && globalConfig.globalConfig?.globalAdmin === updater.key;
    if (lendingMarket.state.immutable !== 0 && !byGlobalAdmin) fail("OperationNotPermittedMarketImmutable");
    const problem = configUpdateProblem(mode, value);
    if (problem) {
      ctx.log(problem);
      fail("InvalidConfig");
    }
    const usageWasBlocked = reserveUsageBlocked(reserve.state);
    const flagProblem = configFlagProblem(mode, value);
    if (flagProblem) {
      ctx.log(flagProblem);
      fail("InvalidFlag");
    }
    if (mode === UpdateConfigMode.UpdateEntireReserveConfig) {
      // Verbatim, reserved bytes included, as the program copies the deserialized struct.
      reserve.data.set(value.subarray(0, RESERVE_CONFIG_SIZE), RESERVE_CONFIG_OFFSET);
      reserve.state.config = decodeReserveConfig(value);
    } else {
      reserve.state.config = applyConfigUpdate(reserve.state.config, mode, value);
    }
    markStale(reserve.state.lastUpdate);
    if (!skipValidation) {
      const invalid = reserveConfigProblem(reserve.state.config, lendingMarket.state, reserve.key);
      if (invalid) {
        ctx.log(invalid.reason);
        fail(invalid.error);
      }
    }
    if (usageWasBlocked && !reserveUsageBlocked(reserve.state)) {
      if (updater.key !== lendingMarket.state.lendingMarketOwner) fail("InvalidSigner");
      ctx.log("Reserve usage is now allowed");
    }
    reserve.save();
  },
};
