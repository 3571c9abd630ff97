// The health bands: liquidatable at 0 and below, at risk under the spec's 0.1 flag, watch under 0.5, safe from it.
import { i80f48 as fx } from "@ballast/protocol";
import { describe, expect, it } from "vitest";
import { HealthBand, healthBand } from "../../src/math/health-band.js";

const band = (factor: string) => healthBand(fx.fromDecimal(factor));

describe("healthBand", () => {
  it("names each band at and around its thresholds", () => {
    expect(["1", "0.5", "0.4999", "0.25", "0.1", "0.0999", "0.0001", "0", "-0.3"].map(band)).toEqual([
      HealthBand.Safe,
      HealthBand.Safe,
      HealthBand.Watch,
      HealthBand.Watch,
      HealthBand.Watch,
      HealthBand.AtRisk,
      HealthBand.AtRisk,
      HealthBand.Liquidatable,
      HealthBand.Liquidatable,
    ]);
  });

  it("the smallest positive factor is at risk, not liquidatable", () => {
    expect(healthBand(fx.DELTA)).toBe(HealthBand.AtRisk);
    expect(healthBand(fx.neg(fx.DELTA))).toBe(HealthBand.Liquidatable);
  });
});
