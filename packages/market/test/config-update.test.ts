import { Keypair } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { UpdateConfigMode, applyConfigUpdate, configUpdateProblem } from "../src/lending/config-update.js";
import { defaultReserveConfig } from "../src/state/reserve-config.js";

function u64(value: bigint): Buffer {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64LE(value);
  return bytes;
}

describe("update_reserve_config single-field modes", () => {
  it("writes each mode's value into exactly its field", () => {
    const config = defaultReserveConfig();
    const pyth = Keypair.generate().publicKey;
    const aggregator = Keypair.generate().publicKey;

    const priced = applyConfigUpdate(config, UpdateConfigMode.UpdatePythPrice, pyth.toBuffer());
    expect(priced.tokenInfo.pythConfiguration.price).toBe(pyth.toBase58());
    expect({ ...priced, tokenInfo: config.tokenInfo }).toEqual(config);

    const switchboard = applyConfigUpdate(config, UpdateConfigMode.UpdateSwitchboardFeed, aggregator.toBuffer());
    expect(switchboard.tokenInfo.switchboardConfiguration).toEqual({
      priceAggregator: aggregator.toBase58(),
      twapAggregator: config.tokenInfo.switchboardConfiguration.twapAggregator,
    });

    expect(applyConfigUpdate(config, UpdateConfigMode.UpdateTokenInfoPriceMaxAge, u64(180n)).tokenInfo.maxAgePriceSeconds).toBe(180n);
    expect(applyConfigUpdate(config, UpdateConfigMode.UpdateBorrowLimit, u64(5_000_000n)).borrowLimit).toBe(5_000_000n);
    expect(applyConfigUpdate(config, UpdateConfigMode.UpdateLiquidationThresholdPct, Buffer.from([85])).liquidationThresholdPct).toBe(85);
    expect(applyConfigUpdate(config, UpdateConfigMode.UpdateProtocolTakeRate, Buffer.from([12])).protocolTakeRatePct).toBe(12);
  });

  it("reads a borrow-rate curve as eleven (utilization, rate) pairs of u32", () => {
    const curve = Buffer.alloc(88);
    for (let i = 0; i < 11; i++) {
      curve.writeUInt32LE(i * 1_000, i * 8);
      curve.writeUInt32LE(i * 250 + 1, i * 8 + 4);
    }
    const updated = applyConfigUpdate(defaultReserveConfig(), UpdateConfigMode.UpdateBorrowRateCurve, curve);
    expect(updated.borrowRateCurve.points).toEqual(
      Array.from({ length: 11 }, (_, i) => ({ utilizationRateBps: i * 1_000, borrowRateBps: i * 250 + 1 })),
    );
  });

  it("names the size a mode needs and refuses modes this market does not apply", () => {
    expect(configUpdateProblem(UpdateConfigMode.UpdateBorrowRateCurve, Buffer.alloc(87))).toBe(
      "Update config mode 23 needs a 88-byte value, got 87",
    );
    expect(configUpdateProblem(UpdateConfigMode.UpdateEntireReserveConfig, Buffer.alloc(919))).toBe(
      "Update config mode 24 needs a 920-byte value, got 919",
    );
    expect(configUpdateProblem(UpdateConfigMode.UpdatePythPrice, Buffer.alloc(32))).toBeNull();
    expect(configUpdateProblem(1, Buffer.alloc(8))).toBe("Update config mode 1 is not supported by this market");
  });
});
