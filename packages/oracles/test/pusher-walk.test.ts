import { describe, expect, it } from "vitest";
import { GeometricRandomWalk, decimalToUnits } from "../src/index.js";

describe("decimalToUnits", () => {
  it("converts decimal strings to integer units exactly, rounding half away from zero past the precision", () => {
    expect(decimalToUnits("182.5", -8)).toBe(18_250_000_000n);
    expect(decimalToUnits("-0.000000015", -8)).toBe(-2n);
    expect(decimalToUnits("0.000000014", -8)).toBe(1n);
    expect(decimalToUnits("2.000000000000000001", -18)).toBe(2_000_000_000_000_000_001n);
    expect(decimalToUnits("1250", 2)).toBe(13n);
    expect(() => decimalToUnits("1e5", -8)).toThrow(RangeError);
  });
});

describe("GeometricRandomWalk", () => {
  it("is a pure function of its seed and configuration", () => {
    const run = (seed: string) => {
      const w = new GeometricRandomWalk({ seed, start: 10_000_000_000n, volatility: 0.8, stepMs: 400 });
      return Array.from({ length: 50 }, () => w.next());
    };
    expect(run("a")).toEqual(run("a"));
    expect(run("a")).not.toEqual(run("b"));
  });

  it("stays flat at zero volatility and never falls below 1", () => {
    const flat = new GeometricRandomWalk({ seed: 1, start: 777n, volatility: 0, stepMs: 400 });
    expect(Array.from({ length: 10 }, () => flat.next())).toEqual(Array(10).fill(777n));
    const wild = new GeometricRandomWalk({ seed: 1, start: 1n, volatility: 500, stepMs: 86_400_000 });
    for (let i = 0; i < 200; i++) expect(wild.next()).toBeGreaterThanOrEqual(1n);
    // A gentle walk moves by about σ√Δt per step, not by the series' truncation error.
    const gentle = new GeometricRandomWalk({ seed: 2, start: 10n ** 18n, volatility: 0.01, stepMs: 1000 });
    const step = gentle.next();
    expect(step > 10n ** 18n - 10n ** 16n && step < 10n ** 18n + 10n ** 16n).toBe(true);
  });

  it("has log returns with the configured per-step volatility", () => {
    const stepMs = 60_000;
    const w = new GeometricRandomWalk({ seed: "stats", start: 10n ** 18n, volatility: 0.6, stepMs });
    const returns: number[] = [];
    let previous = w.value;
    for (let i = 0; i < 20_000; i++) {
      const next = w.next();
      returns.push(Math.log(Number(next) / Number(previous)));
      previous = next;
    }
    const mean = returns.reduce((a, b) => a + b, 0) / returns.length;
    const sd = Math.sqrt(returns.reduce((a, b) => a + (b - mean) ** 2, 0) / returns.length);
    const expected = 0.6 * Math.sqrt(stepMs / (365.25 * 24 * 3600 * 1000));
    expect(Math.abs(sd / expected - 1)).toBeLessThan(0.03);
    expect(Math.abs(mean)).toBeLessThan(expected * 0.05);
  });
});
