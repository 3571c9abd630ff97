// update_reserve_config(mode: UpdateConfigMode (Borsh enum, one byte), value: Vec<u8>, skip_config_integrity_validation: bool)
// Mode 24 (UpdateEntireReserveConfig) copies the 920-byte ReserveConfig as given; the single-field modes of
// lending/config-update.ts set one field. The result is validated unless the owner skips validation, and the
// reserve is marked stale.
import { anchorFail, declareAccounts, signer } from "@ballast/anchor";
import { decodeArgs } from "@ballast/codec";
import { KLEND_INSTRUCTIONS } from "../client/instructions.js";
import { fail } from "../errors.js";
import { UPDATE_CONFIG_MODE_COUNT, UpdateConfigMode, applyConfigUpdate, configUpdateProblem } from "../lending/config-update.js";
import { reserveConfigProblem } from "../lending/config-validation.js";
import { markStale } from "../lending/last-update.js";
import { checkHasOne, lendingMarketAccount, reserveAccount } from "../program/account-kinds.js";
import { RESERVE_CONFIG_SIZE, decodeReserveConfig } from "../state/reserve-config.js";
import { RESERVE_CONFIG_OFFSET } from "../state/reserve.js";
import type { MarketInstruction } from "./types.js";

const UpdateReserveConfigAccounts = declareAccounts(
  {
    lendingMarketOwner: signer(),
    lendingMarket: lendingMarketAccount(),
    reserve: reserveAccount({ mut: "load" }),
  },
  (a) => ({
    lendingMarket: () => checkHasOne(a.lendingMarket, a.lendingMarket.state.lendingMarketOwner, a.lendingMarketOwner),
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
    const { reserve } = UpdateReserveConfigAccounts.load(ctx).accounts;

    ctx.log(`Updating reserve ${reserve.key} with mode ${mode} and value ${value.toString("hex")}`);
    const problem = configUpdateProblem(mode, value);
    if (problem) {
      ctx.log(problem);
      fail("InvalidConfig");
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
      const invalid = reserveConfigProblem(reserve.state.config);
      if (invalid) {
        ctx.log(invalid.reason);
        fail(invalid.error);
      }
    }
    reserve.save();
  },
};
