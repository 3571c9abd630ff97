// update_reserve_config(mode: UpdateConfigMode (Borsh enum, one byte), value: Vec<u8>, skip_config_integrity_validation: bool)
//   0 lending_market_owner  signer
//   1 lending_market        has_one lending_market_owner
//   2 reserve               writable, has_one lending_market
// Mode 24 (UpdateEntireReserveConfig) copies the 920-byte ReserveConfig as given; the single-field modes of
// lending/config-update.ts set one field. The result is validated unless the owner skips validation, and the
// reserve is marked stale.
import { anchorFail } from "@ballast/anchor";
import { fail } from "../errors.js";
import { UPDATE_CONFIG_MODE_COUNT, UpdateConfigMode, applyConfigUpdate, configUpdateProblem } from "../lending/config-update.js";
import { reserveConfigProblem } from "../lending/config-validation.js";
import { markStale } from "../lending/last-update.js";
import { RESERVE_CONFIG_SIZE, decodeReserveConfig } from "../state/reserve-config.js";
import { RESERVE_CONFIG_OFFSET } from "../state/reserve.js";
import type { MarketInstruction } from "./types.js";

export const updateReserveConfig: MarketInstruction = {
  name: "update_reserve_config",
  units: 10_000,
  run(ctx, accounts, args) {
    const mode = args.u8();
    if (mode >= UPDATE_CONFIG_MODE_COUNT) anchorFail("InstructionDidNotDeserialize");
    const value = args.bytes(args.u32());
    const skipValidation = args.bool();
    const owner = accounts.signer(0, "lending_market_owner");
    const market = accounts.lendingMarket(1);
    accounts.hasOne(market.state.lendingMarketOwner, owner.key, "lending_market");
    const reserve = accounts.reserve(2, "reserve", market, true);

    ctx.log(`Updating reserve ${reserve.key} with mode ${mode} and value ${value.toString("hex")}`);
    const problem = configUpdateProblem(mode, value);
    if (problem) {
      ctx.log(problem);
      fail("InvalidConfig");
    }
    if (mode === UpdateConfigMode.UpdateEntireReserveConfig) {
      // Verbatim, reserved bytes included, as the program copies the deserialized struct.
      reserve.account.account.data.set(value.subarray(0, RESERVE_CONFIG_SIZE), RESERVE_CONFIG_OFFSET);
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
